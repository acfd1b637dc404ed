/**
 * GET /api/schedule (beyond the spec): every open batch of every active
 * workshop with its sessions as instants, whether it is full and, when few
 * remain, the seats left. Public: asked for without a token, also before
 * sign-in. The reply is validated against the contract.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes } from '@wifi7/contract';
import { getJson } from '../../../lib/api-client';
import { schemaOf } from '../../../lib/schema-loader';

export const scheduleQuery = queryOptions({
  queryKey: ['schedule'],
  queryFn: () => getJson(apiRoutes.schedule, schemaOf('scheduleResponseSchema')),
});
