/**
 * The page content sellers edit, as the page came with it. The server embeds
 * it in the page it serves, so the workshop page paints complete at once;
 * the API is asked only when it is not there (the Vite dev server, or a site
 * hosted apart from the API: workshopContentQuery). A seller's save in this
 * tab shows at once.
 */
import {
  WORKSHOP_CONTENT_ELEMENT_ID,
  type ContentSection,
  type WorkshopContent,
} from '@wifi7/contract';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { remoteLog } from '../../../lib/remote-log';
import { workshopContentQuery } from '../api/fetch-workshop-content';

interface WorkshopContentState {
  content: WorkshopContent | null;
}

/**
 * The content embedded in the page, if any. The server of this same build
 * wrote it with the page from content it checked against the contract, so
 * it is taken as it is.
 */
function embeddedContent(): WorkshopContent | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(WORKSHOP_CONTENT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as WorkshopContent;
  } catch {
    void remoteLog.error('workshop: embedded page content is not JSON');
    return null;
  }
}

// The initial state is the prerendered page's (no content yet): hydration
// renders from it, so the first render matches the HTML, then React renders
// the embedded content at once.
export const useWorkshopContentStore = create<WorkshopContentState>(() => ({ content: null }));
const embedded = embeddedContent();
if (embedded) useWorkshopContentStore.setState({ content: embedded });

/** Shows a section as a seller just saved it (the next page load reads it from the server). */
export function showSavedSection<S extends ContentSection>(
  queryClient: QueryClient,
  section: S,
  value: WorkshopContent[S],
): void {
  const withSaved = (content: WorkshopContent | undefined) =>
    content && { ...content, [section]: value };
  useWorkshopContentStore.setState(({ content }) => ({
    content: withSaved(content ?? undefined) ?? null,
  }));
  queryClient.setQueryData(workshopContentQuery.queryKey, withSaved);
}
