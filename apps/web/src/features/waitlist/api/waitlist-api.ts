/**
 * The waitlist's calls (signed in): join or leave a full batch's line, the
 * caller's own places, and opening an e-mailed offer. Replies are checked
 * with the contract's schemas (fetched when a check needs them).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  waitlistRoutes,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
  type WaitlistLeaveResponse,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';

export function joinWaitlist(batchId: string): Promise<WaitlistJoinResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.join, data: { batchId } },
    schemaOf('waitlistJoinResponseSchema'),
  );
}

/** Leaves the line (`not_in_line` when the address held no place there: the same end). */
export function leaveWaitlist(batchId: string): Promise<WaitlistLeaveResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.leave, data: { batchId } },
    schemaOf('waitlistLeaveResponseSchema'),
  );
}

/** The signed-in `uid`'s own places; nothing is asked for while nobody is signed in. */
export const myPlacesQuery = (uid: string | null) =>
  queryOptions({
    queryKey: ['my-waitlist-places', uid],
    queryFn: async () => {
      const { places } = await authorizedRequest(
        { method: 'GET', url: waitlistRoutes.mine },
        schemaOf('waitlistMineResponseSchema'),
      );
      return places;
    },
    enabled: uid !== null,
  });

/**
 * Joins or leaves a batch's line. The buyer's places are asked for again
 * after, without waiting: the answer already says where they stand.
 */
export function useWaitlistChange<T>(change: (batchId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-waitlist-places'] });
    },
  });
}

export function claimOffer(token: string): Promise<WaitlistClaimResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.claim, data: { token } },
    schemaOf('waitlistClaimResponseSchema'),
  );
}
