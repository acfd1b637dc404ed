import type { WaitlistState } from '@wifi7/contract';

/** A waitlist place's state in the seller's words (the pages and the audit log). */
export const WAITLIST_STATE_LABELS: Record<WaitlistState, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  converted: 'Converted',
  expired: 'Offer expired',
  left: 'Left',
  removed: 'Removed',
};
