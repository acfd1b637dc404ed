/**
 * GET /api/learning-availability/workshop-list (spec section 7): the active
 * workshops with their open, not-full batches, in date order. Needs a
 * signed-in user; the reply is validated against the contract.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

/** The list as `uid` may see it: asked for again when the signed-in user changes. */
export const availableWorkshopsQuery = (uid: string | null) =>
  queryOptions({
    queryKey: ['available-workshops', uid],
    queryFn: async () => {
      const { availableWorkshops } = await authorizedRequest(
        { method: 'GET', url: apiRoutes.workshopList },
        schemaOf('workshopListResponseSchema'),
      );
      return availableWorkshops;
    },
    enabled: uid !== null,
  });
