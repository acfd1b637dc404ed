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
