/**
 * The waitlist's calls (signed in): join or leave a full batch's line, the
 * caller's own places, and opening an e-mailed offer. Replies are checked
 * with the contract's schemas.
 */
import {
  waitlistClaimResponseSchema,
  waitlistJoinResponseSchema,
  waitlistLeaveResponseSchema,
  waitlistMineResponseSchema,
  waitlistRoutes,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
  type WaitlistLeaveResponse,
  type WaitlistPlace,
} from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';

export function joinWaitlist(batchId: string): Promise<WaitlistJoinResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.join, data: { batchId } },
    waitlistJoinResponseSchema,
  );
}

/** Leaves the line (`not_in_line` when the address held no place there: the same end). */
export function leaveWaitlist(batchId: string): Promise<WaitlistLeaveResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.leave, data: { batchId } },
    waitlistLeaveResponseSchema,
  );
}

export async function fetchMyPlaces(): Promise<WaitlistPlace[]> {
  const { places } = await authorizedRequest(
    { method: 'GET', url: waitlistRoutes.mine },
    waitlistMineResponseSchema,
  );
  return places;
}

export function claimOffer(token: string): Promise<WaitlistClaimResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.claim, data: { token } },
    waitlistClaimResponseSchema,
  );
}
