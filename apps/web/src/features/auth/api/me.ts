/**
 * GET /api/me: whether the server takes the signed-in user for a seller.
 * The menu offers the back office only then; the server decides on every
 * seller call anyway.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

export async function fetchIsSeller(): Promise<boolean> {
  const me = await authorizedRequest(
    { method: 'GET', url: apiRoutes.me },
    schemaOf('meResponseSchema'),
  );
  return me.seller;
}

/** Asked once per signed-in user (`uid`); nothing is asked while nobody is signed in. */
export const sellerAccessQuery = (uid: string | null) =>
  queryOptions({
    queryKey: ['me', uid],
    queryFn: fetchIsSeller,
    enabled: uid !== null,
    staleTime: Infinity,
  });
