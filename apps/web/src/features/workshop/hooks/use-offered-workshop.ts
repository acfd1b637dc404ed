import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '@wifi7/contract';
import { useFailureReport } from '../../../lib/failure-report';
import { availableWorkshopsQuery } from '../api/fetch-workshops';

export type OfferedWorkshop =
  /** Nobody is signed in, so the list is not asked for. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  /** `workshop` is null when no workshop is available at all. */
  | { status: 'ready'; workshop: Workshop | null };

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
  const query = useQuery(availableWorkshopsQuery(uid));
  useFailureReport(query, onFailure);
  const retry = () => void query.refetch();
  if (!uid) return { status: 'idle', retry };
  if (query.data) return { status: 'ready', workshop: query.data[0] ?? null, retry };
  // Asking again after a failure shows as loading.
  return { status: query.isError && !query.isFetching ? 'error' : 'loading', retry };
}
