/**
 * Opening an e-mailed offer, beside the waitlist's fetchers: a read, as
 * the server changes nothing when it answers.
 */
import { queryOptions } from '@tanstack/react-query';
import { claimOffer } from './waitlist-api';

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
