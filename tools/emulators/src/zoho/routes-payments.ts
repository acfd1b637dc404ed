/**
 * Zoho Payments v1 under `/zoho/payments/api/v1`: payment links, and
 * refunds of the payments made on them. Every call needs a live
 * `Authorization: Zoho-oauthtoken` with the scope for what it does
 * (payments CREATE, READ, UPDATE; refunds CREATE) and the account's
 * `account_id`; answers carry `{code: 0, message, payment_links}` or
 * `{code: 0, message, refund}`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZohoTokenIssuer } from './accounts';
import { paymentsErrors } from './errors';
import type { PaymentLink } from './payment-link-types';
import type { PaymentLinkService } from './payment-links';
import type { PaymentRefundService } from './payment-refunds';

export interface PaymentsRoutesOptions {
  tokens: ZohoTokenIssuer;
  links: PaymentLinkService;
  refunds: PaymentRefundService;
  accountId: string;
}

type IdParams = { Params: { id: string } };

const SCOPE_BY_METHOD: Record<string, string> = {
  POST: 'ZohoPay.payments.CREATE',
  GET: 'ZohoPay.payments.READ',
  PUT: 'ZohoPay.payments.UPDATE',
};

/** Refunds have a scope of their own at Zoho; links take the payments scope of the method. */
function requiredScope(request: FastifyRequest): string {
  if (request.routeOptions.url?.endsWith('/refunds')) return 'ZohoPay.refunds.CREATE';
  return SCOPE_BY_METHOD[request.method] ?? 'ZohoPay.payments.UPDATE';
}

const envelope = (link: PaymentLink) => ({ code: 0, message: 'success', payment_links: link });

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (
  app,
  { tokens, links, refunds, accountId },
) => {
  app.addHook('preHandler', async (request) => {
    const check = tokens.check(request.headers.authorization, requiredScope(request));
    if (check === 'invalid') throw paymentsErrors.invalidToken();
    if (check === 'scope') throw paymentsErrors.scopeMismatch();
    const given = (request.query as { account_id?: string }).account_id?.trim();
    if (!given) throw paymentsErrors.accountRequired();
    if (given !== accountId) throw paymentsErrors.wrongAccount();
  });

  app.post('/paymentlinks', async (request, reply) =>
    reply.code(201).send(envelope(links.create(request.body))),
  );

  app.get<IdParams>('/paymentlinks/:id', async (request) => envelope(links.get(request.params.id)));

  app.put<IdParams>('/paymentlinks/:id', async (request) =>
    envelope(links.update(request.params.id, request.body)),
  );

  app.put<IdParams>('/paymentlinks/:id/cancel', async (request) =>
    envelope(links.cancel(request.params.id)),
  );

  app.post<IdParams>('/payments/:id/refunds', async (request, reply) =>
    reply.code(201).send({
      code: 0,
      message: 'success',
      refund: refunds.create(request.params.id, request.body),
    }),
  );
};
