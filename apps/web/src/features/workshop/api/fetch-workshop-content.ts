/**
 * GET /api/content/workshop: the page content sellers edit (instructor,
 * testimonials, course outline, certificate image), validated against the
 * contract. Public; only needed when the page did not come with it embedded.
 */
import { queryOptions } from '@tanstack/react-query';
import { contentApiRoutes, type WorkshopContent } from '@wifi7/contract';
import { getJson } from '../../../lib/api-client';
import { schemaOf } from '../../../lib/schema-loader';

export function fetchWorkshopContent(): Promise<WorkshopContent> {
  return getJson(contentApiRoutes.workshopContent, schemaOf('workshopContentSchema'));
}

/** Asked for once per visit, and only when the page came without it. */
export const workshopContentQuery = queryOptions({
  queryKey: ['workshop-content'],
  queryFn: fetchWorkshopContent,
  staleTime: Infinity,
});
