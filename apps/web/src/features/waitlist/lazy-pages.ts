/** The offer page, loaded on demand: only people following an offer e-mail reach it. */
import { lazy } from 'react';

export const WaitlistOfferPage = lazy(() =>
  import('./pages/WaitlistOfferPage').then((m) => ({ default: m.WaitlistOfferPage })),
);
