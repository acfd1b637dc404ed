import { useQuery } from '@tanstack/react-query';
import type { ScheduleResponse } from '@wifi7/contract';
import { useFailureReport } from '../../../lib/failure-report';
import { scheduleQuery } from '../api/fetch-schedule';

export type Schedule =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; schedule: ScheduleResponse };

/**
 * The public schedule, asked for when the page opens (or once `enabled`
 * turns true) and again on `retry()`. `onFailure` hears of every failed
 * fetch, so the page can log it.
 */
export function useSchedule(
  onFailure: (error: unknown) => void,
  enabled = true,
): Schedule & { retry(): void } {
  const query = useQuery({ ...scheduleQuery, enabled });
  useFailureReport(query, onFailure);
  const retry = () => void query.refetch();
  if (query.data) return { status: 'ready', schedule: query.data, retry };
  // Asking again after a failure shows as loading.
  return { status: query.isError && !query.isFetching ? 'error' : 'loading', retry };
}
