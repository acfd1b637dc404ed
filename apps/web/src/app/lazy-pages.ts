/**
 * Pages loaded on demand: the checkout steps are only reached by signed-in
 * visitors, so their code stays out of the entry chunk.
 */
import { lazy } from 'react';

export const CheckoutPage = lazy(() =>
  import('../features/checkout/pages/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
export const ZohoContactPage = lazy(() =>
  import('../features/checkout/pages/ZohoContactPage').then((m) => ({
    default: m.ZohoContactPage,
  })),
);
export const ZohoPaymentPage = lazy(() =>
  import('../features/checkout/pages/ZohoPaymentPage').then((m) => ({
    default: m.ZohoPaymentPage,
  })),
);
export const ZohoPaymentStatusPage = lazy(() =>
  import('../features/checkout/pages/ZohoPaymentStatusPage').then((m) => ({
    default: m.ZohoPaymentStatusPage,
  })),
);
