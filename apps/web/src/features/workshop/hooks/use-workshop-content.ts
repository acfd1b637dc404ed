import { useQuery } from '@tanstack/react-query';
import type { WorkshopContent } from '@wifi7/contract';
import { useDeferredValue } from 'react';
import { errorName } from '../../../lib/error-name';
import { useFailureReport } from '../../../lib/failure-report';
import { remoteLog } from '../../../lib/remote-log';
import { workshopContentQuery } from '../api/fetch-workshop-content';
import { useWorkshopContentStore } from '../stores/workshop-content-store';

export interface WorkshopContentView {
  /** The sections sellers edit; null until known. */
  content: WorkshopContent | null;
  /** Still on its way (only when the page came without it). */
  loading: boolean;
}

/** Without those sections the page still works; the log says why. */
function logFailure(error: unknown) {
  void remoteLog.error(`workshop: page content fetch failed (${errorName(error)})`);
}

/** The page content sellers edit: embedded in the page, else asked for once per visit. */
export function useWorkshopContent(): WorkshopContentView {
  const embedded = useWorkshopContentStore((state) => state.content);
  const fetched = useQuery({ ...workshopContentQuery, enabled: !embedded });
  useFailureReport(fetched, logFailure);
  // A change (the embedded content once a prerendered page is hydrated, a
  // seller's save) renders in the background, in slices, so the long list
  // of sections never blocks the page; a first render shows what is there.
  const content = useDeferredValue(embedded ?? fetched.data ?? null);
  return { content, loading: !content && !fetched.isError };
}
