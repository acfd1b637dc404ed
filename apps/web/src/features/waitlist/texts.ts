/**
 * The waitlist's words (beyond the spec): the enroll card's button and its
 * confirmations, and the offer page's outcomes.
 */
import { WAITLIST_OFFER_HOURS } from '@wifi7/contract';

export const waitlistTexts = {
  joinButton: 'Join waitlist',
  joining: 'Joining…',
  fullNote: 'This batch is full. Join the waitlist and we’ll e-mail you as soon as a seat frees.',
  joinedTitle: 'You’re on the waitlist',
  alreadyTitle: 'You’re already on the waitlist',
  joined: (dates: string, email: string) =>
    `You’re on the waitlist for ${dates}. We’ll e-mail ${email} as soon as a seat frees; ` +
    `it will be held for you for ${WAITLIST_OFFER_HOURS} hours.`,
  position: (position: number) =>
    position === 1 ? 'You’re next in line.' : `You’re number ${position} in line.`,
  offeredTitle: 'A seat is held for you',
  offered: (dates: string, until: string) =>
    `A seat in the ${dates} batch has come free and is held for you until ${until}. ` +
    'Check out before then to keep it.',
  seatFreeTitle: 'Good news: a seat is free',
  seatFree: (dates: string) =>
    `A seat in the ${dates} batch has just become free, so there’s no need to wait.`,
  leave: 'Leave the waitlist',
  leaveQuestion: 'Leave the waitlist? You’ll give up your place in line.',
  giveUpQuestion: 'Give up the held seat? It passes to the next person in line.',
  leaveConfirm: 'Yes, leave',
  leaveCancel: 'Keep my place',
  leaving: 'Leaving…',
  left: (dates: string) => `You’ve left the waitlist for ${dates}.`,
  joinFailed: 'We couldn’t add you to the waitlist just now. Please try again.',
  leaveFailed: 'We couldn’t take you off the waitlist just now. Please try again.',
  tryAgain: 'Try again',
} as const;
