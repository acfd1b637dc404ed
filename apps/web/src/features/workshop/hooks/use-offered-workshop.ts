import type { Workshop } from '@wifi7/contract';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { fetchAvailableWorkshops } from '../api/fetch-workshops';

export type OfferedWorkshop =
  /** Nobody is signed in, so the list is not asked for. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  /** `workshop` is null when no workshop is available at all. */
  | { status: 'ready'; workshop: Workshop | null };

interface Outcome {
  key: string;
  result: OfferedWorkshop;
}

/**
 * The workshop on offer, with its batches: only the first one of the
 * availability list (spec section 2). The list needs a sign-in, so it is
 * fetched for a signed-in `uid` only, again when the user changes, and on
 * `retry()`. `onFailure` hears of every failed fetch, so each page can log it
 * in its own words.
 */
export function useOfferedWorkshop(
  uid: string | null,
  onFailure: (error: unknown) => void,
): OfferedWorkshop & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const key = uid ? `${uid}#${attempt}` : null;
  const reportFailure = useEffectEvent(onFailure);

  useEffect(() => {
    if (!key) return;
    let active = true;
    fetchAvailableWorkshops().then(
      (workshops) => {
        if (active)
          setOutcome({ key, result: { status: 'ready', workshop: workshops[0] ?? null } });
      },
      (error: unknown) => {
        reportFailure(error);
        if (active) setOutcome({ key, result: { status: 'error' } });
      },
    );
    return () => {
      active = false;
    };
  }, [key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (!key) return { status: 'idle', retry };
  // An answer for an earlier user or attempt is not this one's.
  if (outcome?.key !== key) return { status: 'loading', retry };
  return { ...outcome.result, retry };
}
