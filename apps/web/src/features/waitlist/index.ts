/**
 * The waitlist feature's public surface (beyond the spec): the enroll
 * card's action for a full batch, the offer page (loaded on demand) and
 * the return to an offer after signing in (a seat invite's page uses it too).
 */
export { ReturnToOffer } from './components/ReturnToOffer';
export { rememberOfferReturn } from './lib/offer-return';
export { WaitlistAction, WaitlistOfferPage } from './lazy-pages';
