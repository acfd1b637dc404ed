/**
 * Loads what a back-office page shows, for a `key` (the page's filters, an
 * order id): loading, the answer, or the server's words on a failure, and
 * `reload()`. While a new key loads, the last answer stays on screen (paging
 * does not flash empty); an answer for an older key or attempt is dropped.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { problemOf } from './seller-api';

export type SellerData<T> = {
  /** The last answer, also while a newer one loads or after it failed. */
  data: T | undefined;
  reload: () => void;
} & ({ status: 'loading' } | { status: 'ready' } | { status: 'error'; problem: string });

interface Outcome<T> {
  key: string;
  data?: T;
  problem?: string;
}

export function useSellerData<T>(load: () => Promise<T>, key: string): SellerData<T> {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T>>();
  const [last, setLast] = useState<T>();
  const requestKey = `${key}#${attempt}`;
  const loadNow = useEffectEvent(load);

  useEffect(() => {
    let active = true;
    loadNow().then(
      (data) => {
        if (!active) return;
        setOutcome({ key: requestKey, data });
        setLast(data);
      },
      (error: unknown) => {
        if (active) setOutcome({ key: requestKey, problem: problemOf(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [requestKey]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  if (outcome?.key !== requestKey) return { status: 'loading', data: last, reload };
  if (outcome.problem !== undefined) {
    return { status: 'error', problem: outcome.problem, data: last, reload };
  }
  return { status: 'ready', data: outcome.data, reload };
}
