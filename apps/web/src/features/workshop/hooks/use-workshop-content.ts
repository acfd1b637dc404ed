import type { WorkshopContent } from '@wifi7/contract';
import { useDeferredValue, useEffect } from 'react';
import { loadWorkshopContent, useWorkshopContentStore } from '../stores/workshop-content-store';

export interface WorkshopContentView {
  /** The sections sellers edit; null until known. */
  content: WorkshopContent | null;
  /** Still on its way (only when the page came without it). */
  loading: boolean;
}

/** The page content sellers edit: embedded in the page, else asked for once per visit to the page. */
export function useWorkshopContent(): WorkshopContentView {
  const stored = useWorkshopContentStore((state) => state.content);
  // A change (the embedded content once a prerendered page is hydrated, a
  // seller's save) renders in the background, in slices, so the long list
  // of sections never blocks the page; a first render shows what is there.
  const content = useDeferredValue(stored);
  const failed = useWorkshopContentStore((state) => state.failed);
  useEffect(() => {
    if (!stored) void loadWorkshopContent();
  }, [stored]);
  return { content, loading: !content && !failed };
}
