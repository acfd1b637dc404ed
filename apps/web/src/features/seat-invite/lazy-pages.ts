/** The seat-invite page, loaded on demand: only people given an invite link reach it. */
import { lazy } from 'react';

export const SeatInvitePage = lazy(() =>
  import('./pages/SeatInvitePage').then((m) => ({ default: m.SeatInvitePage })),
);
