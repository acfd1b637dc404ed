/**
 * The checkout feature's public surface: its pages, each loaded on demand.
 * Nothing here may import a page statically, or it joins the entry chunk.
 */
export {
  CheckoutPage,
  ZohoContactPage,
  ZohoPaymentPage,
  ZohoPaymentStatusPage,
} from './lazy-pages';
/** The frame and card of a signed-in buyer's page, e.g. "My orders". */
export { Card, Loading, PageFrame } from './components/PageFrame';
