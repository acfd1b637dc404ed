/** "My orders", loaded on demand: only signed-in buyers reach it. */
import { lazy } from 'react';

export const MyOrdersPage = lazy(() =>
  import('./pages/MyOrdersPage').then((m) => ({ default: m.MyOrdersPage })),
);
