/**
 * What an order asks of the seller, in words a seller can act on: each
 * kind of attention item (attention.ts) and the text its details make.
 */

/**
 * The provider got the request to create the order's invoice or link but
 * its answer never came, and the rail cannot look the object up: the
 * seller can, in the provider's dashboard, by our order id.
 */
export function lostCreateNote(orderId: string): string {
  return (
    `The payment provider did not answer the request for this order's invoice or link, ` +
    `and may have made it. Look for reference ${orderId} at the provider: attach what you find ` +
    `(npm run orders -- attach ${orderId} <provider id>), or, if there is nothing, ` +
    `issue a new one (npm run orders -- reissue ${orderId}).`
  );
}

/** A second invoice or link of the same order came to light and was (or must be) withdrawn. */
export function extraObjectNote(reference: string, withdrawn: boolean): string {
  return withdrawn
    ? `A second payment object (${reference}) existed for this order; it was withdrawn.`
    : `A second payment object (${reference}) exists for this order and could not be withdrawn: withdraw it at the provider.`;
}

/**
 * A refund request got no answer the provider can be trusted on: it may
 * have been made. Another one could give the money back twice (Zoho has no
 * idempotency key for refunds), so the seller checks first.
 */
export function unknownRefundNote(amount: string): string {
  return (
    `A refund of ${amount} got no answer from the payment provider and may have been made: ` +
    `check the payment at the provider, then dismiss this note before refunding again.`
  );
}

/** The words every unknown-refund note starts with, to recognise one. */
export const UNKNOWN_REFUND_MARK = 'got no answer from the payment provider and may have been made';

/** Paid after the order was closed and its batch filled up (settlement.ts). */
export const SEATLESS_NOTE =
  'Paid after the order was closed, and the batch is now full: add a seat or refund.';

/** The words every part-payment note starts with, to recognise (and replace) one. */
const PART_PAYMENT_MARK = 'Partly paid at the provider';
const PART_PAYMENT_ACTION =
  'The order keeps its seat until you decide, at the provider: record the rest as paid there if ' +
  'you accept what came, or refund it there; the site settles the order when it hears.';

/**
 * Money arrived that is not the order's full amount (a partial payment), or
 * a payment the provider holds in a state we may not withdraw. `received`
 * and `due` are written out in the order's currency; `providerSays` where
 * the provider gives no amount.
 */
export function partPaymentNote(
  money: { received: string; due: string } | { providerSays: string },
): string {
  const what =
    'received' in money
      ? `received ${money.received}, ${money.due} still due`
      : `${money.providerSays}`;
  return `${PART_PAYMENT_MARK} (${what}). ${PART_PAYMENT_ACTION}`;
}

/** The provider refused to withdraw an invoice or link and did not say it holds money. */
export const UNWITHDRAWABLE_NOTE =
  "This order's invoice or link could not be withdrawn (the provider refused): withdraw it at the provider.";

/**
 * The invoice was paid and refunded at the provider before we heard of
 * either: the order was closed and its seat released; nothing was delivered.
 */
export function refundedUnheardNote(partial: boolean): string {
  return partial
    ? 'Paid and partly refunded at the provider before the site heard of either: the order was ' +
        'closed and its seat released, and the provider still holds part of the payment: refund the rest there.'
    : 'Paid and refunded at the provider before the site heard of either: the order was closed ' +
        'and its seat released, and no money was kept. Dismiss this note once you have seen it.';
}

/** A message of the order that will not reach its recipient, as the outbox recorded it. */
export interface FailedMailDetails {
  /** The outbox's kind of message and its subject, to name it. */
  kind: string;
  subject: string;
  to: string[];
  /** The mail server's answer, or the last error. */
  failure: string;
  failureKind: 'refused' | 'gave-up';
  attempts: number;
}

/** A failed outbox row's details, with the attempts its job counted. */
export function failedDetails(
  mail: {
    kind: string;
    subject: string;
    to: string[];
    failure: string | null;
    failureKind: string | null;
  },
  attempts: number,
): FailedMailDetails {
  return {
    kind: mail.kind,
    subject: mail.subject,
    to: mail.to,
    failure: mail.failure ?? 'no answer recorded',
    failureKind: mail.failureKind === 'gave-up' ? 'gave-up' : 'refused',
    attempts,
  };
}

/** A message named as the seller knows it: the enrolment confirmation, or by its subject. */
const mailName = (mail: Pick<FailedMailDetails, 'kind' | 'subject'>) =>
  mail.kind === 'enrolment-confirmed'
    ? 'The enrolment confirmation'
    : `The e-mail "${mail.subject}"`;

/**
 * What happened to a message that failed, in one sentence, e.g. "The
 * enrolment confirmation to a@b.c was refused by the mail server: 550 5.1.1
 * user unknown." (the order's timeline and its attention item).
 */
export function failedMailWords(mail: FailedMailDetails): string {
  const to = mail.to.join(', ');
  const failure = mail.failure.replace(/\.$/, '');
  return mail.failureKind === 'refused'
    ? `${mailName(mail)} to ${to} was refused by the mail server: ${failure}.`
    : `${mailName(mail)} to ${to} could not be sent in ${mail.attempts} attempts over about a day; the last error: ${failure}.`;
}

/** The words every failed-mail note ends with, to recognise one. */
const FAILED_MAIL_MARK = 'has not reached them';

function failedMailNote(mail: FailedMailDetails): string {
  return (
    `${failedMailWords(mail)} It ${FAILED_MAIL_MARK}: check the address with the buyer ` +
    `(a typing mistake, a full or closed mailbox) or the mail settings, then send it again; ` +
    `or dismiss this once they have what they need.`
  );
}

/** What resolves an order's note, as the "Needs attention" page offers it. */
export type NoteResolution =
  'attach-or-reissue' | 'refund' | 'move-or-refund' | 'check-provider' | 'review' | 'resend-mail';

export function resolutionOf(attention: string): NoteResolution {
  if (attention.includes('did not answer the request for this order')) return 'attach-or-reissue';
  if (attention.includes(UNKNOWN_REFUND_MARK)) return 'check-provider';
  if (attention.includes(SEATLESS_NOTE)) return 'move-or-refund';
  if (attention.includes(PART_PAYMENT_MARK)) return 'check-provider';
  if (/Paid twice|Paid again/.test(attention)) return 'refund';
  if (attention.includes('could not be withdrawn')) return 'check-provider';
  if (attention.includes(FAILED_MAIL_MARK)) return 'resend-mail';
  return 'review';
}

/** What an order asks of the seller, as an attention item stores it. */
export type Note =
  | { kind: 'lost-create' | 'seatless' | 'unwithdrawable' | 'partly-refunded'; details: object }
  | { kind: 'extra-object'; details: { reference: string; withdrawn: boolean } }
  | { kind: 'unknown-refund'; details: { amount: string } }
  | { kind: 'part-payment'; details: { received: string; due: string } | { providerSays: string } }
  | { kind: 'refunded-unheard'; details: { partial: boolean } }
  | { kind: 'paid-twice'; details: { paymentIds: string; orderId: string; paidBy: string } }
  | { kind: 'paid-again'; details: { further: string; reference: string; paidBy: string } }
  | { kind: 'mail-failed'; details: FailedMailDetails }
  /** What the provider said of a payment that does not match, or a note of unknown kind. */
  | { kind: 'mismatch' | 'note'; details: { text: string } };

export type NoteKind = Note['kind'];

type Texts = {
  [K in NoteKind]: (details: Extract<Note, { kind: K }>['details'], orderId: string) => string;
};

const TEXTS: Texts = {
  'lost-create': (_details, orderId) => lostCreateNote(orderId),
  seatless: () => SEATLESS_NOTE,
  unwithdrawable: () => UNWITHDRAWABLE_NOTE,
  'partly-refunded': () => 'Partly refunded at the provider: check access.',
  'extra-object': ({ reference, withdrawn }) => extraObjectNote(reference, withdrawn),
  'unknown-refund': ({ amount }) => unknownRefundNote(amount),
  'part-payment': (money) => partPaymentNote(money),
  'refunded-unheard': ({ partial }) => refundedUnheardNote(partial),
  'paid-twice': ({ paymentIds, orderId, paidBy }) =>
    `Paid twice for the same workshop: refund this payment (${paymentIds}); ` +
    `order ${orderId} was paid by ${paidBy}.`,
  'paid-again': ({ further, reference, paidBy }) =>
    `Paid again on this order (${further}, on ${reference}); it was paid by ${paidBy}: refund one.`,
  'mail-failed': (mail) => failedMailNote(mail),
  mismatch: ({ text }) => text,
  note: ({ text }) => text,
};

/**
 * The words of one item: a kind that came up again with other details
 * (a third payment, another refund) keeps them in `more`, in order.
 */
export function noteText(orderId: string, note: { kind: string; details: unknown }): string {
  const details = note.details as { more?: unknown[] };
  const render = TEXTS[note.kind as NoteKind] as (details: unknown, orderId: string) => string;
  return [details, ...(details.more ?? [])].map((each) => render(each, orderId)).join(' ');
}
