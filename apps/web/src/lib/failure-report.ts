/**
 * Tells a page of each failure of a query it shows, once, so the page can
 * log it in its own words. A failure the query had before the page came
 * is not told again.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';

export function useFailureReport(
  query: Pick<UseQueryResult, 'error' | 'errorUpdatedAt'>,
  onFailure: (error: unknown) => void,
): void {
  const report = useEffectEvent(onFailure);
  const told = useRef(query.errorUpdatedAt);
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error || errorUpdatedAt === told.current) return;
    told.current = errorUpdatedAt;
    report(error);
  }, [error, errorUpdatedAt]);
}
