/**
 * The timeline in the seller's words. The orders module records its state
 * changes, provider calls and webhook outcomes in short machine-made
 * phrases ("paypal_invoice issued", "provider: expired", "order paid");
 * this is the one place that turns each of them into a sentence. A phrase
 * not known here is shown as it was recorded, capitalised, never dropped.
 */
import { formatMoneyAmount, ORDER_STATUS_LABELS, type OrderStatus } from '@wifi7/contract';
import { MANUAL_PAYMENT_PREFIX } from '../../../orders/money';

type Rail = 'paypal_invoice' | 'zoho_link';

const RAIL_NAMES: Record<Rail, string> = { paypal_invoice: 'PayPal', zoho_link: 'Zoho' };

export const stateWords = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
};

/** Why an order became paid, as the settlement was told (a webhook, the reconciler, the seller). */
const PAID_BECAUSE: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^webhook (.+)$/, (m) => `The provider reported the payment (webhook ${m[1]}).`],
  [/^reconciliation$/, () => 'Found paid on a routine check with the provider.'],
  [/^buyer returned from Zoho$/, () => 'Found paid when the buyer came back from Zoho.'],
  [/^attached by the seller$/, () => 'Found paid on the invoice or link the seller attached.'],
  [/^paid at the provider$/, () => 'Paid at the provider while the seller acted on the order.'],
  [/^paid after it was replaced$/, () => 'Paid after it was replaced by a new order.'],
  [/^paid before expiry$/, () => 'Paid just before the seat hold ran out.'],
  [/^paid while withdrawn$/, () => 'Paid while it was being withdrawn.'],
];

/** Every reason the orders module records with a state change or a note, as a sentence. */
const REASONS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^paypal_invoice issued$/, () => 'PayPal sent the invoice to the buyer.'],
  [/^zoho_link issued$/, () => 'Zoho made the payment link for the buyer.'],
  [/^provider refused: (.+)$/, (m) => `The payment provider refused the order (${m[1]}).`],
  [/^provider: refunded$/, () => 'Refunded at the payment provider.'],
  [/^provider: (cancelled|expired)$/, (m) => `The provider reports the invoice or link ${m[1]}.`],
  [/^hold expired unpaid$/, () => 'Not paid before the seat hold ran out; the seat is free.'],
  [/^marked paid by the seller$/, () => 'Marked paid by the seller (paid outside the rails).'],
  [/^cancelled by the seller$/, () => 'Cancelled by the seller.'],
  [/^refunded by the seller$/, () => 'Refunded in full by the seller.'],
  [/^refunded (.+) by the seller$/, (m) => `The seller refunded ${m[1]}.`],
  [
    /^seat (\d+) refunded (.+) by the seller$/,
    (m) => `The seller refunded seat ${m[1]} alone (${m[2]}); its place in the batch is free.`,
  ],
  [
    /^seat (\d+) cancelled by the seller$/,
    (m) =>
      `The seller cancelled seat ${m[1]} alone, without a refund; its place in the batch is free.`,
  ],
  [/^seat (\d+) opened$/, (m) => `Seat ${m[1]} was opened: its invite link is new.`],
  [/^seat (\d+) named for (\S+)$/, (m) => `Seat ${m[1]} is now held by ${m[2]}.`],
  [/^moved from (\S+) to (\S+) by the seller$/, (m) => `Moved from ${m[1]} to ${m[2]}.`],
  [
    /^moved to (\S+) by the seller$/,
    (m) => `Replaced by a new order in ${m[1]}, as the seller moved it.`,
  ],
  [
    /^replaced by a changed checkout$/,
    () => 'Replaced by a new order when the buyer changed the checkout.',
  ],
  [
    /^withdrawn: the order it replaced was paid$/,
    () => 'Withdrawn before it was sent: the buyer paid the order it was to replace.',
  ],
  [
    /^provider reported (\S+), made without an answer$/,
    (m) => `The provider reported ${m[1]}, made while its answer to us was lost.`,
  ],
  [
    /^seller: the provider has nothing for this order$/,
    () => 'The seller confirmed that the provider made nothing for this order.',
  ],
  [
    /^second payment object (\S+) withdrawn$/,
    (m) => `A second invoice or link (${m[1]}) was withdrawn.`,
  ],
  [
    /^second payment object (\S+) left payable$/,
    (m) => `A second invoice or link (${m[1]}) could not be withdrawn and can still be paid.`,
  ],
  [
    /^payment received on a duplicate order \((.+)\)$/,
    (m) => `Paid, but the buyer already has a paid order for this workshop. ${paidBecause(m[1]!)}`,
  ],
  [/^further payment (.+)$/, (m) => `Paid again: ${m[1]}.`],
  [
    /^provider: money came that is not the whole order$/,
    () => 'The provider reports a payment that is not the whole order: see Needs attention.',
  ],
  [
    /^the provider would not withdraw it$/,
    () => 'The provider would not withdraw the invoice or link: see Needs attention.',
  ],
  [
    /^provider: (partly )?refunded before payment was heard of$/,
    (m) =>
      `Paid and ${m[1] ?? ''}refunded at the provider before the site heard of either; the seat is free.`,
  ],
];

function paidBecause(reason: string): string {
  const on = /^(.+) \(on (\S+)\)$/.exec(reason);
  if (on) return `${paidBecause(on[1]!).replace(/\.$/, '')}, on ${on[2]}.`;
  for (const [pattern, words] of PAID_BECAUSE) {
    const match = pattern.exec(reason);
    if (match) return words(match);
  }
  return sentence(reason);
}

/** A recorded reason as a sentence; `toStatus` tells a payment's reason from the others. */
export function reasonWords(reason: string, toStatus: string, changed: boolean): string {
  for (const [pattern, words] of REASONS) {
    const match = pattern.exec(reason);
    if (match) return words(match);
  }
  return changed && toStatus === 'paid' ? paidBecause(reason) : sentence(reason);
}

/** The title of a note on the order that did not change its state. */
export function noteTitle(reason: string): string {
  if (/^further payment /.test(reason)) return 'Paid again';
  if (/^payment received on a duplicate order /.test(reason)) return 'Paid on a duplicate order';
  if (/^refunded .+ by the seller$/.test(reason)) return 'Partly refunded';
  if (/^moved from /.test(reason)) return 'Moved to another batch';
  if (/^second payment object /.test(reason)) return 'Second invoice or link';
  if (/^provider reported /.test(reason)) return 'Invoice or link found at the provider';
  if (/^seller: /.test(reason)) return 'Nothing found at the provider';
  if (/^provider: money came/.test(reason)) return 'Part payment';
  if (/^the provider would not withdraw/.test(reason)) return 'Not withdrawn at the provider';
  if (/refunded before payment was heard of$/.test(reason)) return 'Paid and refunded';
  return 'Note';
}

/**
 * The payment, labelled by where it was made ("PayPal payment 8M…"), with
 * the order's amount and currency; one marked paid by the seller shows the
 * seller's note instead of an id.
 */
export function paymentWords(order: {
  rail: Rail;
  paymentReferences: string[];
  totalMinor: number;
  currency: string;
}): string {
  const payments = order.paymentReferences.map((reference) =>
    reference.startsWith(MANUAL_PAYMENT_PREFIX)
      ? `Paid outside the rails: ${reference.slice(MANUAL_PAYMENT_PREFIX.length) || 'no note'}`
      : `${RAIL_NAMES[order.rail]} payment ${reference}`,
  );
  return `${payments.join(', ')} · ${formatMoneyAmount(order.totalMinor, order.currency)} ${order.currency}`;
}

const OPERATION_TITLES: Record<string, string> = {
  issue: 'create and send the invoice or link',
  'fetch-state': 'ask for the payment state',
  cancel: 'withdraw the invoice or link',
  remind: 'send the invoice or link again',
  refund: 'refund',
};

export const providerCallTitle = (rail: Rail, operation: string) =>
  `${RAIL_NAMES[rail]}: ${OPERATION_TITLES[operation] ?? operation}`;

/** What the provider said when asked for the payment state, from the call's short record. */
const PAYMENT_STATES: [RegExp, string][] = [
  [/^waiting\b/, 'not paid yet'],
  [/^cancelled\b/, 'the invoice or link is cancelled'],
  [/^expired\b/, 'the invoice or link has expired'],
  [/^partly refunded\b/, 'partly refunded'],
  [/^refunded\b/, 'refunded'],
];

function answeredState(detail: string): string {
  for (const [pattern, words] of PAYMENT_STATES) {
    if (pattern.test(detail)) return detail.replace(pattern, words);
  }
  return detail;
}

/** A provider call's answer, in words, and how long the provider took. */
export function providerCallWords(call: {
  rail: Rail;
  operation: string;
  outcome: string;
  detail: string | null;
  durationMs: number;
}): string {
  const provider = RAIL_NAMES[call.rail];
  const detail = call.detail ?? '';
  const took = `(took ${call.durationMs} ms)`;
  switch (call.outcome) {
    case 'ok':
      return `${okWords(call.rail, call.operation, detail)} ${took}`;
    case 'refused':
      return `${provider} refused: ${detail.replace(/^refused: /, '')}. ${took}`;
    case 'paid-at-provider':
      return `The buyer had already paid at ${provider}, so nothing was withdrawn. ${took}`;
    case 'unavailable':
      return `${provider} did not answer usably, so nothing is known to have changed (${detail}). ${took}`;
    default:
      return `Failed on our side before ${provider} answered (${detail || call.outcome}). ${took}`;
  }
}

function okWords(rail: Rail, operation: string, detail: string): string {
  const provider = RAIL_NAMES[rail];
  const object = rail === 'paypal_invoice' ? 'Invoice' : 'Payment link';
  switch (operation) {
    case 'issue':
      return `${object} ${detail} is ready for the buyer.`;
    case 'fetch-state':
      return `${provider} says: ${answeredState(detail)}.`;
    case 'cancel':
      return `${object} ${detail} is withdrawn.`;
    case 'remind':
      return `${object} ${detail} was sent to the buyer again.`;
    case 'refund':
      return `${provider} refunded ${detail}.`;
    default:
      return sentence(detail || 'Done');
  }
}

/** What came of a verified webhook, as the webhook handler recorded it. */
export function webhookWords(outcome: string | null): string {
  if (outcome === null) return 'Verified; not processed yet.';
  const order = /^order (\w+)$/.exec(outcome);
  if (order) return `Verified; the order is ${stateWords(order[1]!).toLowerCase()} now.`;
  if (outcome === 'no order for this reference') return 'Verified, but no order matches it.';
  const failed = /^sync failed, reconciliation scheduled: (.*)$/.exec(outcome);
  if (failed) {
    return `Verified, but the provider could not be asked about it (${failed[1]}); it is checked again shortly.`;
  }
  return `Verified; ${outcome}.`;
}
