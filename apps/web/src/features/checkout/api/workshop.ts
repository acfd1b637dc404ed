/**
 * GET /api/learning-availability/workshop-list (signed in). Only the first
 * workshop of the list is offered (spec section 2); the checkout needs its
 * batches for the timing shown in the cart and for the batch count.
 */
import { apiRoutes, workshopListResponseSchema, type Workshop } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

export async function fetchOfferedWorkshop(): Promise<Workshop | null> {
  const { availableWorkshops } = await authorizedRequest(
    { method: 'GET', url: apiRoutes.workshopList },
    workshopListResponseSchema,
  );
  return availableWorkshops[0] ?? null;
}
