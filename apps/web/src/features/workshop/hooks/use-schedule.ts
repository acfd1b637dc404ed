import type { ScheduleResponse } from '@wifi7/contract';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { fetchSchedule } from '../api/fetch-schedule';

export type Schedule =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; schedule: ScheduleResponse };

interface Outcome {
  attempt: number;
  result: Schedule;
}

/**
 * The public schedule, asked for once when the page opens (or once `enabled`
 * turns true) and again on `retry()`. `onFailure` hears of every failed
 * fetch, so the page can log it.
 */
export function useSchedule(
  onFailure: (error: unknown) => void,
  enabled = true,
): Schedule & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const reportFailure = useEffectEvent(onFailure);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    fetchSchedule().then(
      (schedule) => {
        if (active) setOutcome({ attempt, result: { status: 'ready', schedule } });
      },
      (error: unknown) => {
        reportFailure(error);
        if (active) setOutcome({ attempt, result: { status: 'error' } });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, enabled]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  // An answer to an earlier attempt is not this one's.
  if (outcome?.attempt !== attempt) return { status: 'loading', retry };
  return { ...outcome.result, retry };
}
