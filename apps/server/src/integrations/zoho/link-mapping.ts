/**
 * Our orders and buyers in Zoho's words and back: the payment link of an
 * order, the link's status as one of our payment states, the payment a
 * refund goes to, what a webhook event is about, and the Books contact of
 * a buyer. The only place that knows Zoho's vocabulary.
 */
import { formatMinor, gstinStateCode, toMinor, type INDIAN_STATES } from '@wifi7/contract';
import type {
  BuyerContact,
  NewBuyerContact,
  OrderSnapshot,
  ProviderPaymentState,
  RailWebhookEvent,
  RefundOutcome,
  RefundRequest,
} from '../../orders/rail-port';
import type { WithdrawRefusal } from '../shared/rail-errors';
import { GST_STATE_CODES, GSTIN_PLACE_CODES } from './gst-state-codes';
import type { ZohoContactSummary, ZohoPaymentLink, ZohoRefundReason } from './wire';
import type { NewPaymentLink } from './zoho-payments-client';

/**
 * The order's one link, for its total. A company purchase's says how many
 * seats of which batch, and Zoho e-mails it to accounts payable when the
 * company named an address for it.
 */
export function paymentLinkFor(order: OrderSnapshot, returnUrl: string): NewPaymentLink {
  const group = order.group;
  return {
    amountMinor: order.totalMinor,
    description: group
      ? `Payment for ${group.seats} ${group.seats === 1 ? 'seat' : 'seats'} of ${order.workshopName}, batch ${order.batchId}: ${order.batchDescription}`
      : `Payment for ${order.workshopName}`,
    email: group?.invoiceEmail ?? order.email,
    referenceId: order.id,
    returnUrl,
    expiresOn: indiaDate(order.holdExpiresAt),
  };
}

/** A created link must ask for exactly the order's amount, in rupees. */
export function linkAmountDiffers(link: ZohoPaymentLink, order: OrderSnapshot): string | null {
  if (toMinor(Number(link.amount)) === order.totalMinor && link.currency === 'INR') return null;
  return `link amount ${link.amount} ${link.currency} differs from the order's ${formatMinor(order.totalMinor)} INR`;
}

/** Zoho's link status as our payment state; paid needs the full amount in INR. */
export function paymentStateOfLink(
  link: ZohoPaymentLink,
  order: Pick<OrderSnapshot, 'totalMinor'>,
): ProviderPaymentState {
  switch (link.status.toLowerCase()) {
    case 'paid': {
      const paidMinor = toMinor(Number(link.amount_paid ?? link.amount));
      if (link.currency !== 'INR' || paidMinor < order.totalMinor) {
        return {
          kind: 'mismatch',
          note: `Zoho reports ${link.amount_paid ?? link.amount} ${link.currency} paid; the order is ${formatMinor(order.totalMinor)} INR.`,
        };
      }
      const refunds = refundStatusOf(link);
      if (refunds) return { kind: 'refunded', partial: refunds === 'partial' };
      return { kind: 'paid', paidMinor, currency: 'INR', paymentIds: paymentIdsOf(link) };
    }
    case 'expired':
      return { kind: 'expired' };
    case 'canceled':
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return { kind: 'waiting' };
  }
}

/** A paid link keeps its status; its payments say whether money went back. */
function refundStatusOf(link: ZohoPaymentLink): 'full' | 'partial' | undefined {
  const statuses = (link.payments ?? []).map((payment) => payment.status.toLowerCase());
  if (statuses.includes('partially_refunded')) return 'partial';
  if (statuses.includes('refunded')) {
    return statuses.some((status) => status === 'succeeded' || status === 'paid')
      ? 'partial'
      : 'full';
  }
  return undefined;
}

const MONEY_RECEIVED = ['succeeded', 'paid', 'partially_refunded', 'refunded'];

/** The link's payments that brought money (failed attempts left out). */
function paymentIdsOf(link: ZohoPaymentLink): string[] {
  return (link.payments ?? [])
    .filter((payment) => MONEY_RECEIVED.includes(payment.status.toLowerCase()))
    .map((payment) => payment.payment_id);
}

/** The link's successful payment, which a refund goes back through. */
export function refundablePaymentOfLink(link: ZohoPaymentLink): string | undefined {
  const statuses = ['succeeded', 'paid', 'partially_refunded'];
  return link.payments?.find((payment) => statuses.includes(payment.status.toLowerCase()))
    ?.payment_id;
}

const REFUND_REASONS: Record<RefundRequest['reason'], ZohoRefundReason> = {
  'buyer-asked': 'requested_by_customer',
  'paid-twice': 'duplicate',
  fraud: 'fraudulent',
  other: 'others',
};

export function refundReasonOf(reason: RefundRequest['reason']): ZohoRefundReason {
  return REFUND_REASONS[reason];
}

/** Zoho's refund status; a failed refund is a refusal. */
export function refundOutcomeOfZoho(refund: {
  refundId: string;
  status: string;
}): RefundOutcome | undefined {
  const status = refund.status.toLowerCase();
  if (status === 'succeeded') return { refundReference: refund.refundId, state: 'completed' };
  if (status === 'initiated' || status === 'pending')
    return { refundReference: refund.refundId, state: 'pending' };
  return undefined;
}

/** A refused cancel of a link that is no longer active: what the link's state tells. */
export function cancelRefusalMeaningOfLink(state: ProviderPaymentState): WithdrawRefusal {
  if (state.kind === 'paid') return 'paid';
  if (state.kind === 'cancelled' || state.kind === 'expired') return 'nothing-to-withdraw';
  return 'refused';
}

const EVENT_KINDS: Record<string, RailWebhookEvent['kind']> = {
  'payment_link.paid': 'paid',
  'payment_link.expired': 'expired',
  'payment_link.canceled': 'cancelled',
};

export function webhookKindOfZoho(eventType: string): RailWebhookEvent['kind'] {
  return EVENT_KINDS[eventType] ?? 'other';
}

/**
 * The Books contact body of a buyer in India: an individual consumer placed
 * in the state of their address, or, with a GSTIN, a GST-registered
 * business (`business_gst`, `gst_no`, its company name) placed in the state
 * its GSTIN was issued in.
 */
export function contactBodyFor(contact: NewBuyerContact) {
  const state = contact.state as (typeof INDIAN_STATES)[number];
  const company = contact.company?.trim();
  const registered = contact.gstin
    ? {
        customer_sub_type: 'business',
        gst_treatment: 'business_gst',
        gst_no: contact.gstin,
        place_of_contact:
          GSTIN_PLACE_CODES[gstinStateCode(contact.gstin)] ?? GST_STATE_CODES[state],
      }
    : {
        customer_sub_type: 'individual',
        gst_treatment: 'consumer',
        place_of_contact: GST_STATE_CODES[state],
      };
  return {
    contact_name: contact.displayName,
    ...(company ? { company_name: company.slice(0, 200) } : {}),
    contact_type: 'customer',
    ...registered,
    contact_persons: [
      {
        first_name: contact.firstName,
        last_name: contact.lastName,
        email: contact.email,
        is_primary_contact: true,
      },
    ],
    billing_address: {
      address: contact.address,
      city: contact.city,
      state: contact.state,
      zip: contact.zip,
      country: 'India',
    },
  };
}

/** A Books contact as ours; older contacts may have only a display name. */
export function buyerContactOf(summary: ZohoContactSummary): BuyerContact {
  const [first = '', ...rest] = (summary.contact_name ?? '').split(' ');
  return {
    contactId: summary.contact_id,
    firstName: summary.first_name ?? first,
    lastName: summary.last_name ?? rest.join(' '),
  };
}

/**
 * The calendar date in India (yyyy-MM-dd) of a moment: Zoho links expire
 * at the end of their `expires_at` day, India time. The hold's own end is
 * enforced by the reconciler, which cancels the link.
 */
export function indiaDate(moment: Date): string {
  // en-CA formats dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(moment);
}
