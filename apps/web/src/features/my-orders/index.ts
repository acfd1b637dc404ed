/**
 * The buyer's own orders (beyond the spec): the page, loaded on demand, and
 * the query other features read (an open order for a batch).
 */
export { MyOrdersPage } from './lazy-pages';
/** The signed-in buyer's orders, e.g. for the workshop page's note of an open one. */
export { myOrdersQuery } from './api/my-orders';
