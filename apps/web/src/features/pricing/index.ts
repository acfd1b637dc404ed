/** The pricing feature's public surface. */
export { fetchPrices, pricingRequestFor } from './api/fetch-prices';
/** The one hook of POST /api/courses/pricing: a request's prices as page state. */
export { usePrices } from './hooks/use-prices';
export { displayPrice, type DisplayedPrice } from './price-display';
