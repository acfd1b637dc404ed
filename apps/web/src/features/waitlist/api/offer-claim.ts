/**
 * The offer page's calls, beside the waitlist's fetchers: opening an
 * e-mailed offer (a read: the server changes nothing when it answers) and
 * joining the line again after an offer ran out.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { claimOffer, joinWaitlist } from './waitlist-api';

/**
 * What the offer link `token` leads to, asked for once when its page opens
 * (a malformed token is not asked about) and again on the person's "Try
 * again"; not kept after the page, nor asked again on focus. `onFailure`
 * hears of each failed opening.
 */
export const offerClaimQuery = (
  token: string,
  wellFormed: boolean,
  onFailure: (error: unknown) => void,
) =>
  queryOptions({
    queryKey: ['waitlist-offer', token],
    queryFn: () =>
      claimOffer(token).catch((error: unknown) => {
        onFailure(error);
        throw error;
      }),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
  });

/** Joins the batch's line again; the buyer's own places are asked for again after. */
export function useRejoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onError: (error) => void remoteLog.warning(`waitlist: rejoin failed (${errorName(error)})`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-waitlist-places'] });
    },
  });
}
