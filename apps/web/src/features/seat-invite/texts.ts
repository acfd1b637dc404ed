/** The seat-invite page's words (beyond the spec): an invite, taking its seat, and what else can be. */
export const seatInviteTexts = {
  checkingSignIn: 'Checking your sign-in…',
  toSignIn: 'Taking you to sign in…',
  loading: 'Opening your invite…',
  openTitle: 'A seat in the workshop for you',
  openLead: 'Someone bought a seat for you to take. Give your name and it is yours.',
  workshop: 'Workshop',
  batch: 'Batch',
  from: 'From',
  email: 'Email',
  emailHint:
    'The address you signed in with: the seat, and your access to the workshop, are for it.',
  take: 'Take this seat',
  taking: 'Taking the seat…',
  takenTitle: 'The seat is yours',
  takenByOtherTitle: 'This seat has been taken',
  takenByOtherBody: (from: string) =>
    `Someone has already taken the seat this link was for. If it was meant for you, ask ${from} for a new invite link.`,
  closedTitle: 'This invite is closed',
  closedBody: (from: string) =>
    `The seat this link was for can no longer be taken from it: its order was cancelled, or the time to name attendees has passed. Ask ${from} if you should have a seat.`,
  unknownTitle: 'We couldn’t find this invite',
  unknownBody:
    'The link may have been cut short or changed, or a new link has replaced it. Open it again from the message it came in, or ask whoever sent it for a new one.',
  errorTitle: 'We couldn’t open your invite just now',
  tryAgain: 'Try again',
  toWorkshop: 'Go to the workshop page',
} as const;
