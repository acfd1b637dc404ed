/**
 * An open seat's invite link (company purchases): GET tells the signed-in
 * person what the seat is and whether it can be taken; POST …/claim names
 * it for the token's address (never one from the body), through the same
 * command as the buyer naming it, limited like the buyer's other writes.
 */
import {
  groupOrderRoutes,
  seatInviteClaimRequestSchema,
  seatInviteClaimResponseSchema,
  seatInviteCodeSchema,
  seatInviteResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { claimInvite, describeInvite } from '../../orders/seat-invites';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';

const inviteParamsSchema = z.strictObject({ code: seatInviteCodeSchema });

export const seatInviteRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { command } = app.services.orders;

  app.route({
    method: 'GET',
    url: groupOrderRoutes.invite,
    schema: { params: inviteParamsSchema, response: { 200: seatInviteResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      requireIdentity(request);
      return describeInvite(db, request.params.code, new Date());
    },
  });

  app.route({
    method: 'POST',
    url: groupOrderRoutes.claimInvite,
    schema: {
      params: inviteParamsSchema,
      body: seatInviteClaimRequestSchema,
      response: { 200: seatInviteClaimResponseSchema },
    },
    ...providerCallLimits(app, 'buyerOrderAction'),
    handler: async (request) => {
      const { email } = requireIdentity(request);
      const result = await claimInvite(command, request.params.code, email, request.body);
      return { message: result.message };
    },
  });
};
