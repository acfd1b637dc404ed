/**
 * The buyers' waitlist API (signed in, proven address): join a full batch's
 * line, read one's places, leave, and open an offer from its e-mailed link.
 * The address acted for is always the verified token's.
 */
import {
  waitlistClaimRequestSchema,
  waitlistClaimResponseSchema,
  waitlistJoinRequestSchema,
  waitlistJoinResponseSchema,
  waitlistLeaveRequestSchema,
  waitlistLeaveResponseSchema,
  waitlistMineResponseSchema,
  waitlistRoutes,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireIdentity } from '../plugins/authentication';
import { addressLimit } from '../plugins/provider-call-limits';
import { userOrAddressKey } from '../plugins/rate-limit-keys';
import { WaitlistPlaces } from './places';

/**
 * Joins per client address and minute, whatever accounts it uses: one
 * client with many proven addresses cannot queue ahead of real buyers.
 */
export const WAITLIST_JOINS_PER_ADDRESS = 5;

/** Per signed-in user (by address without a token), per minute. */
const limited = (max: number) => ({
  access: 'signed-in' as const,
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrAddressKey, acrossInstances: true },
});

export const waitlistRoutesPlugin: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const places = new WaitlistPlaces(db);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    method: 'POST',
    url: waitlistRoutes.join,
    schema: { body: waitlistJoinRequestSchema, response: { 200: waitlistJoinResponseSchema } },
    config: limited(20),
    onRequest: addressLimit(app, 'waitlistJoin', WAITLIST_JOINS_PER_ADDRESS),
    handler: async (request) => places.join(requireIdentity(request), request.body.batchId),
  });

  app.route({
    method: 'GET',
    url: waitlistRoutes.mine,
    schema: { response: { 200: waitlistMineResponseSchema } },
    config: limited(120),
    handler: async (request) => ({ places: await places.mine(requireIdentity(request)) }),
  });

  app.route({
    method: 'POST',
    url: waitlistRoutes.leave,
    schema: { body: waitlistLeaveRequestSchema, response: { 200: waitlistLeaveResponseSchema } },
    config: limited(20),
    handler: async (request) => places.leave(requireIdentity(request), request.body.batchId),
  });

  app.route({
    method: 'POST',
    url: waitlistRoutes.claim,
    schema: { body: waitlistClaimRequestSchema, response: { 200: waitlistClaimResponseSchema } },
    // Tokens are 256-bit secrets; the limit keeps guessing, and load, low.
    config: limited(20),
    handler: async (request) => places.claim(requireIdentity(request), request.body.token),
  });
};
