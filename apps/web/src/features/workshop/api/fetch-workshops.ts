/**
 * GET /api/learning-availability/workshop-list (spec section 7): the active
 * workshops with their open, not-full batches, in date order. Needs a
 * signed-in user; the reply is validated against the contract.
 */
import { apiRoutes, workshopListResponseSchema, type Workshop } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

export async function fetchAvailableWorkshops(): Promise<Workshop[]> {
  const { availableWorkshops } = await authorizedRequest(
    { method: 'GET', url: apiRoutes.workshopList },
    workshopListResponseSchema,
  );
  return availableWorkshops;
}
