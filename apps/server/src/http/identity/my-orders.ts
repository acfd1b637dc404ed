/**
 * A buyer's own orders (beyond the spec): GET /api/me/orders lists them with
 * what the buyer may do; each POST acts on one, the buyer from the token,
 * the order checked to be theirs, the amount from the server's policy.
 */
import {
  groupOrderRoutes,
  seatAttendeeRequestSchema,
  sellerSeatParamsSchema,
  buyerActionResponseSchema,
  buyerCancelRequestSchema,
  buyerMoveRequestSchema,
  buyerOrderParamsSchema,
  buyerOrderRoutes,
  buyerOrdersResponseSchema,
  buyerResendRequestSchema,
} from '@wifi7/contract';
import type { z as zod } from 'zod';
import { z } from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { listBuyerOrders } from '../../orders/buyer-orders';
import { buyerCancel, buyerMove, buyerNameSeat, buyerResend } from '../../orders/commands/buyer';
import type { ActionRequest, ActionResult, OrderCommand } from '../../orders/commands/command';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';
import { seatInviteRoutes } from './seat-invites';

/** An order's and its seat's ids, as the seller's seat routes check them. */
const buyerSeatParamsSchema = z.pick(sellerSeatParamsSchema, { orderId: true, seatId: true });

type BuyerAction<Body> = (
  command: OrderCommand,
  orderId: string,
  email: string,
  body: Body,
) => Promise<ActionResult>;

export const myOrdersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { command } = app.services.orders;

  app.route({
    method: 'GET',
    url: buyerOrderRoutes.orders,
    schema: { response: { 200: buyerOrdersResponseSchema } },
    config: { access: 'signed-in' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { email } = requireIdentity(request);
      return {
        orders: await listBuyerOrders(db, email, new Date(), app.services.orders.siteUrl),
      };
    },
  });

  /** One POST action: limited like every route that may call a provider, the buyer from the token. */
  function action<Body extends zod.core.$ZodType<ActionRequest>>(
    url: string,
    body: Body,
    run: BuyerAction<zod.infer<Body>>,
  ) {
    app.route({
      method: 'POST',
      url,
      schema: {
        params: buyerOrderParamsSchema,
        body,
        response: { 200: buyerActionResponseSchema },
      },
      ...providerCallLimits(app, 'buyerOrderAction'),
      handler: async (request) => {
        const { orderId } = request.params as zod.infer<typeof buyerOrderParamsSchema>;
        const { email } = requireIdentity(request);
        const result = await run(command, orderId, email, request.body as zod.infer<Body>);
        return { message: result.message };
      },
    });
  }

  action(buyerOrderRoutes.resend, buyerResendRequestSchema, buyerResend);
  action(buyerOrderRoutes.cancel, buyerCancelRequestSchema, buyerCancel);
  action(buyerOrderRoutes.move, buyerMoveRequestSchema, buyerMove);

  // A company order's buyer names, renames or opens one of its seats.
  app.route({
    method: 'PUT',
    url: groupOrderRoutes.seat,
    schema: {
      params: buyerSeatParamsSchema,
      body: seatAttendeeRequestSchema,
      response: { 200: buyerActionResponseSchema },
    },
    ...providerCallLimits(app, 'buyerOrderAction'),
    handler: async (request) => {
      const { orderId, seatId } = request.params;
      const { email } = requireIdentity(request);
      const result = await buyerNameSeat(command, orderId, seatId, email, request.body);
      return { message: result.message };
    },
  });

  await app.register(seatInviteRoutes, { db });
};
