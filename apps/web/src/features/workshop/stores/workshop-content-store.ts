/**
 * The page content sellers edit, for the workshop page. The server embeds it
 * in the page it serves, so the workshop page paints complete at once; the
 * API is asked only when it is not there (the Vite dev server, or a site
 * hosted apart from the API). A seller's save in this tab shows at once.
 */
import {
  WORKSHOP_CONTENT_ELEMENT_ID,
  type ContentSection,
  type WorkshopContent,
} from '@wifi7/contract';
import { create } from 'zustand';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { fetchWorkshopContent } from '../api/fetch-workshop-content';

interface WorkshopContentState {
  content: WorkshopContent | null;
  /** The last request for it failed (the page then goes without those sections). */
  failed: boolean;
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
export const useWorkshopContentStore = create<WorkshopContentState>(() => ({
  content: null,
  failed: false,
}));
const embedded = embeddedContent();
if (embedded) useWorkshopContentStore.setState({ content: embedded });

let pending: Promise<void> | undefined;

/** Asks the API for the content unless it is here or on its way. */
export function loadWorkshopContent(): Promise<void> {
  if (useWorkshopContentStore.getState().content) return Promise.resolve();
  pending ??= fetchWorkshopContent()
    .then((content) => useWorkshopContentStore.setState({ content, failed: false }))
    .catch((error: unknown) => {
      void remoteLog.error(`workshop: page content fetch failed (${errorName(error)})`);
      useWorkshopContentStore.setState({ failed: true });
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Shows a section as a seller just saved it (the next page load reads it from the server). */
export function showSavedSection<S extends ContentSection>(
  section: S,
  value: WorkshopContent[S],
): void {
  const { content } = useWorkshopContentStore.getState();
  if (content) useWorkshopContentStore.setState({ content: { ...content, [section]: value } });
}
