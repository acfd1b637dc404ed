/**
 * The one Payments v2 call the emulator serves: refunding a capture, which
 * is how a merchant refunds an invoice paid through PayPal. Behind a bearer
 * token like the rest of the REST API; 201 with the refund.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type TokenIssuer, requireBearerToken } from './auth';
import type { CaptureRefundService } from './capture-refunds';

export interface PaymentsRoutesOptions {
  tokens: TokenIssuer;
  refunds: CaptureRefundService;
}

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (
  app,
  { tokens, refunds },
) => {
  app.addHook('preHandler', requireBearerToken(tokens));

  app.post<{ Params: { id: string } }>(
    '/v2/payments/captures/:id/refund',
    async (request, reply) => {
      const requestId = request.headers['paypal-request-id'];
      const refund = refunds.refund(
        request.params.id,
        request.body,
        typeof requestId === 'string' && requestId !== '' ? requestId : undefined,
      );
      return reply.code(201).send(refund);
    },
  );
};
