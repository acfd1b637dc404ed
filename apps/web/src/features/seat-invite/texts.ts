/** The seat-invite page's words (beyond the spec): an invite, taking its seat, and what else can be. */
export const seatInviteTexts = {
  checkingSignIn: 'Checking your sign-in…',
  toSignIn: 'Taking you to sign in…',
  loadingTitle: 'Seat invite',
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
  yoursTitle: 'The seat is yours',
  takenTitle: 'This seat has been taken',
  takenBody: (from: string) =>
    `The seat this link was for has already been taken. If that wasn’t you and the seat was meant for you, ask ${from} for a new invite link.`,
  closedTitle: 'This invite is closed',
  closedBody: (from: string) =>
    `The seat this link was for can no longer be taken with it. Ask ${from} if you should have a seat.`,
  unknownTitle: 'We couldn’t find this invite',
  unknownBody:
    'The link may have been cut short or changed, or a new link has replaced it. Open it again from the message it came in, or ask whoever sent it for a new one.',
  errorTitle: 'We couldn’t open your invite just now',
  tryAgain: 'Try again',
  toWorkshop: 'Go to the workshop page',
} as const;
