import { useQuery } from '@tanstack/react-query';
import { sellerAccessQuery } from '../api/me';
import { useAuth } from './use-auth';

/**
 * `undefined` while asking; then whether the signed-in user is a seller. A
 * failure counts as "not a seller" and is not shown; it is asked again when
 * a page next needs it.
 */
export function useSellerAccess(): boolean | undefined {
  const uid = useAuth().user?.uid ?? null;
  const query = useQuery(sellerAccessQuery(uid));
  if (!uid || query.isError) return false;
  return query.data;
}
