/**
 * Zoho Payments v1 payment links under `/zoho/payments/api/v1`: every
 * call needs a live `Authorization: Zoho-oauthtoken` with the Payments
 * scope for what it does (CREATE, READ, UPDATE) and the account's
 * `account_id`; answers carry `{code: 0, message, payment_links}`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZohoTokenIssuer } from './accounts';
import { paymentsErrors } from './errors';
import type { PaymentLink } from './payment-link-types';
import type { PaymentLinkService } from './payment-links';

export interface PaymentsRoutesOptions {
  tokens: ZohoTokenIssuer;
  links: PaymentLinkService;
  accountId: string;
}

type IdParams = { Params: { id: string } };

const SCOPE_BY_METHOD: Record<string, string> = {
  POST: 'ZohoPay.payments.CREATE',
  GET: 'ZohoPay.payments.READ',
  PUT: 'ZohoPay.payments.UPDATE',
};

const envelope = (link: PaymentLink) => ({ code: 0, message: 'success', payment_links: link });

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (
  app,
  { tokens, links, accountId },
) => {
  app.addHook('preHandler', async (request) => {
    const scope = SCOPE_BY_METHOD[request.method] ?? 'ZohoPay.payments.UPDATE';
    const check = tokens.check(request.headers.authorization, scope);
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
};
