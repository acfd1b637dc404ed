/**
 * Our order in PayPal's words and back: the body of a draft invoice, the
 * invoice's status as one of our payment states, what a refused cancel
 * means, which payment a refund goes to, and what a webhook event is about.
 * The only place that knows PayPal's vocabulary.
 */
import { formatMinor, toMinor } from '@wifi7/contract';
import type {
  GroupPurchase,
  OrderSnapshot,
  ProviderPaymentState,
  RailWebhookEvent,
  RefundOutcome,
} from '../../orders/rail-port';
import type { WithdrawRefusal } from '../shared/rail-errors';
import type { PayPalInvoice } from './wire';

export function draftInvoiceFor(order: OrderSnapshot) {
  const money = (minor: number) => ({ currency_code: order.currency, value: formatMinor(minor) });
  const billing = order.billing;
  const address: Record<string, string> = { country_code: billing.isoCode };
  if (billing.state) address.admin_area_1 = billing.state.slice(0, 300);
  if (billing.city) address.admin_area_2 = billing.city.slice(0, 120);
  if (billing.zipcode) address.postal_code = billing.zipcode.slice(0, 60);
  return {
    detail: {
      currency_code: order.currency,
      invoice_number: order.invoiceNumber!,
      reference: order.id,
      note: order.group
        ? groupNote(order, order.group)
        : `Registration for ${order.workshopName}. After payment, sign in on the courses portal with this e-mail address and find the workshop under My Courses.`,
      memo: `Order ${order.id}`,
      payment_term: { term_type: 'DUE_ON_RECEIPT' },
    },
    primary_recipients: [
      {
        billing_info: {
          ...businessOf(billing),
          // Accounts payable, when the company named it: PayPal e-mails the invoice there.
          email_address: order.group?.invoiceEmail ?? order.email,
          name: {
            given_name: billing.firstName.slice(0, 140),
            surname: billing.lastName.slice(0, 140),
          },
          address,
        },
      },
    ],
    items: [order.group ? seatsItemOf(order, order.group, money) : seatItemOf(order, money)],
    configuration: { allow_tip: false, tax_calculated_after_discount: true, tax_inclusive: false },
  };
}

type Money = (minor: number) => { currency_code: string; value: string };

/** The spec's one seat: the whole price as one unit, the discount off it. */
function seatItemOf(order: OrderSnapshot, money: Money) {
  return {
    name: order.workshopName.slice(0, 200),
    description: `Batch ${order.batchId}: ${order.batchDescription}`.slice(0, 1000),
    quantity: '1',
    unit_amount: money(order.subtotalMinor),
    // The discount as an amount we computed, not a percent PayPal would round its own way.
    ...discountOf(order, money),
    unit_of_measure: 'QUANTITY',
  };
}

/**
 * A company purchase: the seats as the quantity at one seat's list price,
 * and the code's and the volume discount together as one amount off the
 * line (PayPal takes an item's discount amount off quantity × price), so
 * PayPal's total is the order's to the cent, however groupPrice rounded.
 */
function seatsItemOf(order: OrderSnapshot, group: GroupPurchase, money: Money) {
  const suffix = ' — seat';
  const volume =
    group.volumeDiscountPercent > 0
      ? ` The discount includes ${group.volumeDiscountPercent}% off for ${seatsOf(group.seats)} in one order.`
      : '';
  return {
    name: `${order.workshopName.slice(0, 200 - suffix.length)}${suffix}`,
    // Seats and batch first: a long batch description is what gets cut.
    description:
      `${seatsOf(group.seats)} in batch ${order.batchId}: ${order.batchDescription}.${volume}`.slice(
        0,
        1000,
      ),
    quantity: String(group.seats),
    unit_amount: money(group.unitPriceMinor),
    ...discountOf(order, money),
    unit_of_measure: 'QUANTITY',
  };
}

function discountOf(order: OrderSnapshot, money: Money) {
  return order.discountMinor > 0 ? { discount: { amount: money(order.discountMinor) } } : {};
}

/** The invoice's note to whoever pays a company purchase, who need not attend. */
function groupNote(order: OrderSnapshot, group: GroupPurchase): string {
  return `Company purchase of ${seatsOf(group.seats)} in ${order.workshopName}. After payment, each named attendee gets their own confirmation e-mail and finds the workshop under My Courses on the courses portal, signed in with their own e-mail address. Seats still open are named from My orders.`;
}

const seatsOf = (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`;

/**
 * A company buyer on the invoice: the company as the recipient's
 * `business_name` (PayPal shows it above the person's name), the VAT or tax
 * id as the recipient's `additional_info` ("Any additional information
 * about the recipient", at most 40 characters), printed under the billing
 * address. The invoicer's `tax_id` is the seller's, and the note speaks to
 * the buyer, so neither is the place for the buyer's id.
 */
function businessOf(billing: OrderSnapshot['billing']) {
  const company = billing.company?.trim();
  const taxId = billing.taxId?.trim();
  return {
    ...(company ? { business_name: company.slice(0, 300) } : {}),
    ...(taxId ? { additional_info: `${TAX_ID_LABEL}${taxId}`.slice(0, 40) } : {}),
  };
}

/** How the buyer's tax id is introduced on the invoice. */
const TAX_ID_LABEL = 'Tax ID: ';

/**
 * PayPal's invoice status as our payment state. PayPal sends its PAID event
 * for partial payments too, so "paid" needs status PAID and the full amount
 * in the order's currency.
 */
export function paymentStateOf(
  invoice: PayPalInvoice,
  order: Pick<OrderSnapshot, 'totalMinor' | 'currency'>,
): ProviderPaymentState {
  switch (invoice.status) {
    case 'PAID': {
      const paid = invoice.payments?.paid_amount;
      if (!paid) return { kind: 'mismatch', note: 'PayPal says PAID but reports no paid amount.' };
      const paidMinor = toMinor(Number(paid.value));
      if (paid.currency_code !== order.currency || paidMinor < order.totalMinor) {
        return mismatchOf(paid, order);
      }
      const paymentIds = (invoice.payments?.transactions ?? []).flatMap((transaction) =>
        transaction.payment_id ? [transaction.payment_id] : [],
      );
      return { kind: 'paid', paidMinor, currency: paid.currency_code, paymentIds };
    }
    case 'CANCELLED':
      return { kind: 'cancelled' };
    case 'REFUNDED':
    case 'MARKED_AS_REFUNDED':
      return { kind: 'refunded', partial: false };
    case 'PARTIALLY_REFUNDED':
      return { kind: 'refunded', partial: true };
    case 'MARKED_AS_PAID':
      // Recorded by hand in PayPal, not paid through it: a person decides.
      return { kind: 'waiting', note: 'marked as paid by hand in PayPal' };
    case 'PAYMENT_PENDING':
      return { kind: 'waiting', note: 'a payment is pending at PayPal' };
    case 'PARTIALLY_PAID': {
      const paid = invoice.payments?.paid_amount;
      if (paid && paid.currency_code !== order.currency) {
        return mismatchOf(paid, order);
      }
      return paid
        ? { kind: 'waiting', paidMinor: toMinor(Number(paid.value)) }
        : { kind: 'waiting', note: 'partly paid at PayPal' };
    }
    case 'DRAFT':
    case 'SENT':
    case 'SCHEDULED':
    case 'UNPAID':
      return { kind: 'waiting' };
  }
}

function mismatchOf(
  paid: { value: string; currency_code: string },
  order: Pick<OrderSnapshot, 'totalMinor' | 'currency'>,
): ProviderPaymentState {
  return {
    kind: 'mismatch',
    note: `PayPal reports ${paid.value} ${paid.currency_code} paid; the order is ${formatMinor(order.totalMinor)} ${order.currency}.`,
  };
}

/** What PayPal's refusal to cancel an invoice tells us. */
export function cancelRefusalMeaning(code: string): WithdrawRefusal {
  if (code === 'CANNOT_CANCEL_PAID_INVOICE') return 'paid';
  // Already cancelled, or a draft the buyer never saw.
  if (
    ['INVOICE_CANCELED_ALREADY', 'CANNOT_CANCEL_DRAFT_INVOICE', 'RESOURCE_NOT_FOUND'].includes(code)
  )
    return 'nothing-to-withdraw';
  return 'refused';
}

/** The PayPal payment a refund goes back through: the invoice's PayPal transaction. */
export function refundablePaymentOf(invoice: PayPalInvoice): string | undefined {
  return invoice.payments?.transactions?.find((transaction) => transaction.payment_id)?.payment_id;
}

/** PayPal's refund status; a FAILED or CANCELLED refund is a refusal. */
export function refundOutcomeOf(refund: {
  refundId: string;
  status: string;
}): RefundOutcome | undefined {
  if (refund.status === 'COMPLETED')
    return { refundReference: refund.refundId, state: 'completed' };
  if (refund.status === 'PENDING') return { refundReference: refund.refundId, state: 'pending' };
  return undefined;
}

const EVENT_KINDS: Record<string, RailWebhookEvent['kind']> = {
  'INVOICING.INVOICE.PAID': 'paid',
  'INVOICING.INVOICE.CANCELLED': 'cancelled',
  'INVOICING.INVOICE.REFUNDED': 'refunded',
};

export function webhookKindOf(eventType: string): RailWebhookEvent['kind'] {
  return EVENT_KINDS[eventType] ?? 'other';
}
