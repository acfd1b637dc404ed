import { useQuery } from '@tanstack/react-query';
import type { WaitlistPlace } from '@wifi7/contract';
import { ACTIVE_WAITLIST_STATES } from '@wifi7/contract';
import { errorName } from '../../../lib/error-name';
import { useFailureReport } from '../../../lib/failure-report';
import { remoteLog } from '../../../lib/remote-log';
import { myPlacesQuery } from '../api/waitlist-api';

const active = new Set<string>(ACTIVE_WAITLIST_STATES);

function logFailure(error: unknown) {
  void remoteLog.warning(`waitlist: own places fetch failed (${errorName(error)})`);
}

/**
 * The signed-in buyer's place in one batch's line (waiting, or offered a
 * seat), so a reload shows where they stand rather than the button again.
 * `undefined` while it is being looked up, null when they hold none. A
 * failed look-up counts as none: joining again answers with their place.
 */
export function useMyPlace(uid: string | null, batchId: string): WaitlistPlace | null | undefined {
  const query = useQuery(myPlacesQuery(uid));
  useFailureReport(query, logFailure);
  if (!uid || query.isError) return null;
  if (!query.data) return undefined;
  return query.data.find((place) => place.batchId === batchId && active.has(place.state)) ?? null;
}
