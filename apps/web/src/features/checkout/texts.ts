/**
 * User-facing texts of the checkout pages. Quoted texts of the product
 * specification (sections 2, 5 and 8) are requirements: keep them word for
 * word. Tests and browser journeys target these strings.
 */
export const checkoutTexts = {
  emptyCart: 'There are no items in your cart.',
  changeBatch: 'Change selected batch',

  discount: {
    blank: 'Please enter a discount code',
    applied: 'Discount code applied successfully',
    failed: 'Failed to apply discount code',
  },

  billing: {
    title: 'Registration & Billing Information',
    payByInvoice: 'Pay by PayPal Invoice',
  },

  invoice: {
    loading: 'Generating invoice...',
    success: 'Invoice has been generated and sent to your email.',
    /** Beyond the spec: a second checkout of an open order (its invoice was out already). */
    sentAgain: 'You already have an invoice for this batch: it has been sent to your email again.',
    sentBefore:
      'You already have an invoice for this batch, sent to your email earlier; it was not sent again just now. My orders shows it.',
    /** Beyond the spec: the same three, for an invoice that went to an accounts-payable address. */
    successTo: (address: string) => `Invoice has been generated and sent to ${address}.`,
    sentAgainTo: (address: string) =>
      `You already have an invoice for this batch: it has been sent to ${address} again.`,
    sentBeforeTo: (address: string) =>
      `You already have an invoice for this batch, sent to ${address} earlier; it was not sent again just now. My orders shows it.`,
    alreadyPurchased:
      "You've already purchased this workshop. Visit 'My Courses' on the courses portal to access it.",
    failed: 'An error occurred while generating the invoice. Please try again later.',
  },

  india: {
    proceed: 'Proceed with Zoho Payment',
  },

  howItWorks: {
    title: 'How it works?',
    indiaTitle: 'How to Pay?',
    close: 'Close',
  },

  contact: {
    title: 'Contact Information',
    cancel: 'Cancel',
    submit: 'Continue to Payment',
    found: 'Contact found! Proceeding to payment.',
    created: 'Contact created successfully!',
    failed: 'Failed to process contact. Please try again.',
  },

  /** Not spec texts: a company purchase, several seats in one order (beyond the spec). */
  group: {
    title: 'Buying several seats or for someone else?',
    description:
      'Order several seats of this batch on one invoice. Name each seat’s attendee now, or leave a seat open and pass on its invite link later.',
    seats: 'Seats',
    fewer: 'One seat fewer',
    more: 'One seat more',
    upTo: (max: number) => `Up to ${max} ${max === 1 ? 'seat' : 'seats'} in one order.`,
    tier: (tier: { minSeats: number; percent: number }) =>
      `${tier.minSeats}+ seats: ${tier.percent}\u00a0% off`,
    settingsLoading: 'Loading the group prices…',
    settingsFailed: 'We couldn’t load the group prices and seat limit.',
    settingsRetry: 'Load again',
    seat: (number: number) => `Seat ${number}`,
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    leaveOpen: 'Leave open: send an invite later',
    openSeatNote: 'After you order, My orders gives you an invite link for this seat to pass on.',
    iAttend: 'I attend: put me on seat 1',
    invoiceEmail: 'Send the invoice to another e-mail (accounts payable)',
    invoiceEmailHint: 'Optional. The invoice or payment link goes to this address instead.',
    tooManySeats: (max: number) => `One order can have at most ${max} seats.`,
    checkSeats: 'Please check the seats above: some details are missing or not valid.',
    /** The payment link page's summary of a company purchase. */
    seatCount: (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`,
    /** The summary's lines. */
    seatsTimesUnit: (seats: number, unit: string) =>
      `${seats} ${seats === 1 ? 'seat' : 'seats'} × ${unit}`,
    codeDiscount: (percent: number) => `Discount code: −${percent}\u00a0%`,
    volumeDiscount: (minSeats: number, percent: number) =>
      `Volume discount (${minSeats}+ seats): −${percent}\u00a0%`,
    /** After the order: where the open seats' invite links are. */
    invitesOn: 'The invite links for the seats you left open are on',
  },

  /** Not spec texts: what a buyer whose payment was declined can do next. */
  declined: {
    title: 'Payment declined?',
    paypal:
      'Nothing was charged and your order stays open: pay the same invoice again from the e-mail we sent. We hold your seat for the unpaid order for a limited time.',
    findOrder: 'Your order, and until when its seat is held, is in',
    myOrders: 'My orders',
  },

  paymentLink: {
    payNow: 'Pay Now',
    /** The buyer's address, or a company purchase's accounts-payable one. */
    sentTo: (email: string) => `Zoho payment link sent to ${email}.`,
    /** Beyond the spec: its "sent to your email" line, for a link that went to accounts payable. */
    retryFrom: (address: string) =>
      `If the payment fails, retry with the payment link sent to ${address}.`,
    created: 'Payment link created successfully! Your cart has been cleared.',
    failed: 'Failed to create payment link. Please try again.',
    /** Not a spec text: Zoho may have made (and e-mailed) a link whose answer never came. */
    /** Not a spec text: the inline message beside the failure toast (spec section 8). */
    notCreated: 'Your payment link was not made, so nothing can be paid yet. Your cart is kept.',
    unconfirmed:
      'Zoho did not confirm your payment link, but it may already be on its way to your e-mail: if it arrives, you can pay with it. Otherwise the seller will contact you. Your order and seat are saved.',
  },

  paymentStatus: {
    verifying: 'Verifying Payment...',
    success: 'Payment status updated! Redirecting to your courses...',
    notVerified: 'Unable to verify payment status. Please try again later.',
    errorTitle: 'Verification Error',
    errorMessage: 'Failed to verify payment status. Please try again later.',
    errorToast: 'Failed to verify payment. Please try again.',
    tryAgain: 'Try Again',
    goToWorkshop: 'Go to Workshop',
    /** Not spec texts: what a buyer whose payment did not go through can do next. */
    nextStepsTitle: 'Payment declined or not finished?',
    payAgain: 'Pay again with the Zoho payment link we e-mailed you',
    linkValidUntil: (when: string) =>
      `it stays valid until ${when}, and your seat is held for you until then`,
    linkValidWhileOpen:
      'it stays valid until your order expires, and your seat is held for you until then',
    orderClosed:
      'Your order is no longer open, so its payment link no longer works. To buy again, choose a batch on the workshop page.',
    contactUs: 'Questions about your payment? Write to us at',
    stay: 'Stay on this page',
    leaving: 'Taking you back to the workshop page…',
  },
} as const;

/** Redirect delays of the payment status page (spec section 9). */
export const REDIRECT_AFTER_SUCCESS_MS = 2000;
export const REDIRECT_AFTER_FAILURE_MS = 3000;
