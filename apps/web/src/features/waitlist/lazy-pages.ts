/**
 * Loaded on demand: the offer page (only people following an offer e-mail
 * reach it) and the waitlist action (only a signed-in buyer looking at a
 * full batch sees it).
 */
import { lazy } from 'react';

export const WaitlistOfferPage = lazy(() =>
  import('./pages/WaitlistOfferPage').then((m) => ({ default: m.WaitlistOfferPage })),
);

export const WaitlistAction = lazy(() =>
  import('./components/WaitlistAction').then((m) => ({ default: m.WaitlistAction })),
);
