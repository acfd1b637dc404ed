import type { WorkshopContent } from '@wifi7/contract';
import { useEffect } from 'react';
import { loadWorkshopContent, useWorkshopContentStore } from '../stores/workshop-content-store';

export interface WorkshopContentView {
  /** The sections sellers edit; null until known. */
  content: WorkshopContent | null;
  /** Still on its way (only when the page came without it). */
  loading: boolean;
}

/** The page content sellers edit: embedded in the page, else asked for once per visit to the page. */
export function useWorkshopContent(): WorkshopContentView {
  const content = useWorkshopContentStore((state) => state.content);
  const failed = useWorkshopContentStore((state) => state.failed);
  useEffect(() => {
    if (!content) void loadWorkshopContent();
  }, [content]);
  return { content, loading: !content && !failed };
}
