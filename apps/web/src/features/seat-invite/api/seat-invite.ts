/**
 * GET /api/seat-invites/:code (signed in): what an invite link is for — the
 * workshop, the batch, who bought the seat — and whether it can still be
 * taken. A read: the server changes nothing when it answers.
 */
import { queryOptions } from '@tanstack/react-query';
import { groupOrderRoutes, type SeatInviteResponse } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';
import { seatInvitePathOf } from './seat-path';

export const SEAT_INVITE_KEY = 'seat-invite';

/** The invite `code` leads to; a malformed code is not asked about, nor a failure asked again unbidden. */
export const seatInviteQuery = (code: string, wellFormed: boolean) =>
  queryOptions({
    queryKey: [SEAT_INVITE_KEY, code],
    queryFn: (): Promise<SeatInviteResponse> =>
      authorizedRequest(
        { method: 'GET', url: seatInvitePathOf(groupOrderRoutes.invite, code) },
        schemaOf('seatInviteResponseSchema'),
      ),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });
