/** Every word of "My orders" (beyond the spec). */
import type { BuyerOrderState, SeatState } from '@wifi7/contract';

export const myOrdersTexts = {
  title: 'My orders',
  lead: 'Your workshop orders, newest first. Pay what is open, or change an order within its terms.',
  loading: 'Loading your orders…',
  none: 'You have no orders yet.',
  toWorkshop: 'See the batches',
  tryAgain: 'Try again',
  states: {
    awaiting_payment: 'Awaiting payment',
    paid: 'Paid',
    part_refunded: 'Paid, part refunded',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
    expired: 'Expired',
    failed: 'Payment failed',
  } satisfies Record<BuyerOrderState, string>,
  order: (id: string) => `Order ${id}`,
  placed: (when: string) => `Placed ${when}`,
  paidOn: (when: string) => `Paid ${when}`,
  refunded: (amount: string) => `Refunded ${amount}.`,
  payableUntil: (when: string) => `Your seat is held until ${when}. Pay before then to keep it.`,
  payPalHow: 'Pay from the PayPal invoice we e-mailed you.',
  zohoHow: 'Pay with the Zoho payment link.',
  payNow: 'Pay Now',
  resendInvoice: 'Send the invoice again',
  resendLink: 'Send the link again',
  cancelUnpaid: 'Cancel this order',
  cancelPaid: (amount: string) => `Cancel for a refund of ${amount}`,
  cancelUntil: (when: string) => `You can cancel for a refund until ${when}.`,
  move: 'Move to another batch',
  moveUntil: (when: string) => `You can move to another open batch until ${when}.`,
  noMoveTargets: 'No other batch has a free seat right now.',
  terms: 'Your order’s terms',
  yourTime: (text: string) => `Your time: ${text}`,
  seats: {
    heading: (count: number) => `Seats: ${count}`,
    seat: (number: number) => `Seat ${number}`,
    open: 'open — invite link',
    enrolled: 'enrolled',
    given: { cancelled: 'cancelled', refunded: 'refunded' } satisfies Record<
      Exclude<SeatState, 'active'>,
      string
    >,
    namesUntil: (when: string) => `You can change who holds a seat until ${when}.`,
    copied: 'Copied',
    copyFailed: 'Your browser did not let us copy it: select the link and copy it by hand.',
    /** Each seat's buttons: the visible words, then the seat, so every button has a name of its own. */
    copy: 'Copy link',
    copyOf: (number: number) => `Copy link of seat ${number}`,
    change: 'Change attendee',
    changeOf: (number: number) => `Change attendee of seat ${number}`,
  },
  dialogs: {
    keep: 'Keep the order',
    close: 'Close',
    working: 'Working…',
    cancelUnpaidTitle: 'Cancel this order?',
    cancelUnpaidBody: (what: string) =>
      `The ${what} is withdrawn and your seat is given up. Nothing is charged.`,
    cancelUnpaidConfirm: 'Cancel the order',
    cancelPaidTitle: 'Cancel for a refund?',
    cancelPaidBody: (refund: string, provider: string, kept: string | null) =>
      `You get ${refund} back through ${provider}` +
      (kept ? `; ${kept} is kept under your order’s terms.` : '.') +
      ' Your seat is given up and your access to the workshop ends.',
    cancelPaidConfirm: 'Cancel and refund',
    moveTitle: 'Move to another batch',
    moveBody: 'Choose the batch to move your seat to. Your payment moves with it.',
    moveLegend: 'Batches with a free seat',
    moveConfirm: 'Move my seat',
    seatTitle: (number: number) => `Change the attendee of seat ${number}`,
    seatBody: (holder: string | null) =>
      holder
        ? `${holder} holds this seat now. Name someone else, or leave it open for a new invite link; ${holder}’s place in the workshop then ends.`
        : 'Name who takes this seat, or leave it open for a new invite link.',
    seatLegend: 'Who holds this seat',
    seatPerson: 'This person',
    seatOpen: 'Leave this seat open (new invite link)',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    emailHint: 'Their access to the workshop comes to this address.',
    seatConfirm: 'Save',
    seatKeep: 'Keep as it is',
  },
} as const;
