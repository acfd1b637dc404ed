/**
 * POST /api/seat-invites/:code/claim (signed in): the invite's seat is
 * named for the signed-in address, with the name the person gives. Their
 * enrolments (the workshop page's "already enrolled") are read again after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupOrderRoutes, type SeatInviteClaimRequest } from '@wifi7/contract';
import { authorizedRequest } from '../../../lib/authorized-request';
import { schemaOf } from '../../../lib/schema-loader';
import { seatInvitePathOf } from './seat-path';

export function useClaimSeatInvite(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SeatInviteClaimRequest): Promise<{ message: string }> =>
      authorizedRequest(
        {
          method: 'POST',
          url: seatInvitePathOf(groupOrderRoutes.claimInvite, code),
          data: request,
        },
        schemaOf('seatInviteClaimResponseSchema'),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-enrolments'] });
    },
  });
}
