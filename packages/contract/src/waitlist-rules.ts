/** The waitlist's paths and fixed rules (waitlist.ts has its schemas). */

export const WAITLIST_OFFER_HOURS = 24;

export const waitlistRoutes = {
  /** POST: join the waitlist of a batch (signed in). */
  join: '/api/waitlist',
  /** GET: the caller's own places (signed in). */
  mine: '/api/waitlist/mine',
  /** POST: leave the waitlist of a batch (signed in). */
  leave: '/api/waitlist/leave',
  /** POST: open an offer from its e-mailed link (signed in, the address it was made for). */
  claim: '/api/waitlist/offers/claim',
} as const;

/** Where the offer e-mail's link leads (a page of the web app): `/waitlist/offer?token=…`. */
export const WAITLIST_OFFER_PAGE = '/waitlist/offer';

/** States that still hold a place (at most one per address per batch). */
export const ACTIVE_WAITLIST_STATES = ['waiting', 'offered'] as const;
