/**
 * The waitlist's calls (signed in): join or leave a full batch's line, the
 * caller's own places, and opening an e-mailed offer. Replies are checked
 * with the contract's schemas.
 */
import {
  waitlistClaimResponseSchema,
  waitlistJoinResponseSchema,
  waitlistMineResponseSchema,
  waitlistRoutes,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
  type WaitlistPlace,
} from '@wifi7/contract';
import { z } from 'zod';
import { authorizedRequest } from '../../../lib/authorized-request';

export function joinWaitlist(batchId: string): Promise<WaitlistJoinResponse> {
  return authorizedRequest(
    { method: 'POST', url: waitlistRoutes.join, data: { batchId } },
    waitlistJoinResponseSchema,
  );
}

/** Leaves the line; the server's answer carries nothing the page needs. */
export async function leaveWaitlist(batchId: string): Promise<void> {
  await authorizedRequest(
    { method: 'POST', url: waitlistRoutes.leave, data: { batchId } },
    z.unknown(),
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
