/** The offer page's words (beyond the spec): each outcome of opening an offer link. */
import { WAITLIST_OFFER_HOURS } from '@wifi7/contract';

export const offerTexts = {
  eyebrow: 'Waitlist offer',
  opening: 'Opening your offer…',
  heldToast: (until: string) =>
    `Your seat is held for you until ${until}. Complete checkout before then to keep it.`,
  errorTitle: 'We couldn’t open your offer just now',
  errorBody:
    'Something went wrong on our side or with your connection. The seat stays held for you ' +
    'until the time in the e-mail, so please try again in a moment.',
  tryAgain: 'Try again',
  expiredTitle: 'This offer has ended',
  expiredBody: (until: string) =>
    `The seat was held for you until ${until}, and has now passed to the next person on the waitlist.`,
  expiredBodyNoTime: `The seat was held for you for ${WAITLIST_OFFER_HOURS} hours, and has now passed to the next person on the waitlist.`,
  expiredNext:
    'If you still want a seat, join the waitlist again: we’ll e-mail you as soon as another one frees.',
  rejoin: 'Join the waitlist again',
  rejoined: (email: string, position: number | null) =>
    `You’re back on the waitlist${position ? `, number ${position} in line` : ''}. ` +
    `We’ll e-mail ${email} as soon as a seat frees.`,
  rejoinSeatFree: 'Good news: a seat in this batch is free now, so there’s no need to wait.',
  rejoinFailed: 'We couldn’t add you to the waitlist just now. Please try again.',
  usedTitle: 'This offer has already been used',
  usedBody: (email: string) =>
    `An order was already placed with the seat held for you. Its invoice or payment link was e-mailed to ${email}.`,
  usedNext:
    'Pay it from that e-mail to complete your enrolment. Once paid, you’ll find the workshop under My Courses on the courses portal.',
  notYoursTitle: 'This offer is for another e-mail address',
  notYoursBody: (email: string) =>
    `You’re signed in as ${email}, but this offer was e-mailed to a different address.`,
  notYoursNext:
    'Sign in with the address the e-mail was sent to; we’ll bring you back to your offer.',
  switchAddress: 'Sign in with another address',
  unknownTitle: 'We couldn’t find this offer',
  unknownBody:
    'The link may have been cut short or changed. Open it again from the e-mail, or copy the whole link into your browser’s address bar.',
  unknownNext:
    'Waiting for a seat? The workshop page shows every batch, and you can join the waitlist of a full one there.',
  toWorkshop: 'Go to the workshop page',
} as const;
