/**
 * The checkout steps, loaded on demand: only signed-in visitors reach them,
 * so their code stays out of the entry chunk.
 */
import { lazy } from 'react';

export const CheckoutPage = lazy(() =>
  import('./pages/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
export const ZohoContactPage = lazy(() =>
  import('./pages/ZohoContactPage').then((m) => ({
    default: m.ZohoContactPage,
  })),
);
export const ZohoPaymentPage = lazy(() =>
  import('./pages/ZohoPaymentPage').then((m) => ({
    default: m.ZohoPaymentPage,
  })),
);
export const ZohoPaymentStatusPage = lazy(() =>
  import('./pages/ZohoPaymentStatusPage').then((m) => ({
    default: m.ZohoPaymentStatusPage,
  })),
);
