/** The pricing feature's public surface. */
export { fetchPrices, pricingRequestFor } from './api/fetch-prices';
export { displayPrice, formatInr, type DisplayedPrice } from './price-display';
