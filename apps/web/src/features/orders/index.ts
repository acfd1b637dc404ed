/**
 * The buyer's own orders (beyond the spec): the page, loaded on demand, and
 * the query other features read (an open order for a batch).
 */
export { MyOrdersPage } from './lazy-pages';
