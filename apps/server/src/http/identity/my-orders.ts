/**
 * A buyer's own orders (beyond the spec): GET /api/me/orders lists them with
 * what the buyer may do; each POST acts on one, the buyer from the token,
 * the order checked to be theirs, the amount from the server's policy.
 */
import {
  buyerActionResponseSchema,
  buyerCancelRequestSchema,
  buyerMoveRequestSchema,
  buyerOrderParamsSchema,
  buyerOrderRoutes,
  buyerOrdersResponseSchema,
  buyerResendRequestSchema,
} from '@wifi7/contract';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { listBuyerOrders } from '../../orders/buyer-orders';
import { buyerCancel, buyerMove, buyerResend } from '../../orders/commands/buyer';
import type { ActionRequest, ActionResult, OrderCommand } from '../../orders/commands/command';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';

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
      return { orders: await listBuyerOrders(db, email, new Date()) };
    },
  });

  /** One POST action: limited like every route that may call a provider, the buyer from the token. */
  function action<Body extends z.core.$ZodType<ActionRequest>>(
    url: string,
    body: Body,
    run: BuyerAction<z.infer<Body>>,
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
        const { orderId } = request.params as z.infer<typeof buyerOrderParamsSchema>;
        const { email } = requireIdentity(request);
        const result = await run(command, orderId, email, request.body as z.infer<Body>);
        return { message: result.message };
      },
    });
  }

  action(buyerOrderRoutes.resend, buyerResendRequestSchema, buyerResend);
  action(buyerOrderRoutes.cancel, buyerCancelRequestSchema, buyerCancel);
  action(buyerOrderRoutes.move, buyerMoveRequestSchema, buyerMove);
};
