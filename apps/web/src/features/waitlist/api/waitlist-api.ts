/**
 * The waitlist's calls (signed in): join or leave a full batch's line, the
 * caller's own places, and opening an e-mailed offer. Replies are checked
 * with the contract's schemas (fetched when a check needs them).
 */
import {
  waitlistRoutes,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
  type WaitlistLeaveResponse,
  type WaitlistPlace,
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

export async function fetchMyPlaces(): Promise<WaitlistPlace[]> {
  const { places } = await authorizedRequest(
    { method: 'GET', url: waitlistRoutes.mine },
    schemaOf('waitlistMineResponseSchema'),
  );
  return places;
}

export function claimOffer(token: string): Promise<WaitlistClaimResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.claim, data: { token } },
    schemaOf('waitlistClaimResponseSchema'),
  );
}
