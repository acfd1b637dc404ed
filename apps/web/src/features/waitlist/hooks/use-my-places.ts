import type { WaitlistPlace } from '@wifi7/contract';
import { ACTIVE_WAITLIST_STATES } from '@wifi7/contract';
import { useEffect, useState } from 'react';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { fetchMyPlaces } from '../api/waitlist-api';

const active = new Set<string>(ACTIVE_WAITLIST_STATES);

/**
 * The signed-in buyer's place in one batch's line (waiting, or offered a
 * seat), so a reload shows where they stand rather than the button again.
 * `undefined` while it is being looked up, null when they hold none. A
 * failed look-up counts as none: joining again answers with their place.
 */
export function useMyPlace(uid: string | null, batchId: string): WaitlistPlace | null | undefined {
  const [answer, setAnswer] = useState<{ uid: string; places: WaitlistPlace[] }>();

  useEffect(() => {
    if (!uid) return;
    let current = true;
    fetchMyPlaces().then(
      (places) => {
        if (current) setAnswer({ uid, places });
      },
      (error: unknown) => {
        void remoteLog.warning(`waitlist: own places fetch failed (${errorName(error)})`);
        if (current) setAnswer({ uid, places: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [uid]);

  if (!uid) return null;
  if (answer?.uid !== uid) return undefined;
  return (
    answer.places.find((place) => place.batchId === batchId && active.has(place.state)) ?? null
  );
}
