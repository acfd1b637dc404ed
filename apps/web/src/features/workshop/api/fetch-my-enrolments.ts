/**
 * GET /api/me/enrolments (beyond the spec): the batches the signed-in buyer
 * has paid for, each with the path of its calendar file.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

/** The signed-in `uid`'s enrolments; nothing is asked for while nobody is signed in. */
export const myEnrolmentsQuery = (uid: string | null) =>
  queryOptions({
    queryKey: ['my-enrolments', uid],
    queryFn: async () => {
      const { enrolments } = await authorizedRequest(
        { method: 'GET', url: apiRoutes.myEnrolments },
        schemaOf('myEnrolmentsResponseSchema'),
      );
      return enrolments;
    },
    enabled: uid !== null,
  });
