/**
 * GET /api/me/enrolments (beyond the spec): the batches the signed-in buyer
 * has paid for, each with the path of its calendar file.
 */
import { apiRoutes, myEnrolmentsResponseSchema, type MyEnrolmentsResponse } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

export async function fetchMyEnrolments(): Promise<MyEnrolmentsResponse['enrolments']> {
  const { enrolments } = await authorizedRequest(
    { method: 'GET', url: apiRoutes.myEnrolments },
    myEnrolmentsResponseSchema,
  );
  return enrolments;
}
