/**
 * The workshop page's content as a fresh database has it (the sample in
 * catalog/content.json), and the page's content as tests set it: embedded
 * in the page as the server sends it, or not there at all.
 */
import { workshopContentSchema, type WorkshopContent } from '@wifi7/contract';
import sampleFile from '../../../../catalog/content.json';
import { useWorkshopContentStore } from '../features/workshop/stores/workshop-content-store';

const { $comment: _comment, ...sample } = sampleFile;
export const sampleWorkshopContent: WorkshopContent = workshopContentSchema.parse(sample);

/** The page came with this content (what the server does). */
export function setWorkshopContent(content: WorkshopContent = sampleWorkshopContent): void {
  useWorkshopContentStore.setState({ content });
}

/** The page came without content: the app asks the API for it. */
export function clearWorkshopContent(): void {
  useWorkshopContentStore.setState({ content: null });
}

/** What this tab's workshop page shows now. */
export function currentWorkshopContent(): WorkshopContent | null {
  return useWorkshopContentStore.getState().content;
}
