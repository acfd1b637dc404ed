/**
 * Test hooks under `/zoho/_control` (JSON; never recorded, never
 * faulted): look at contacts, payment links, recorded requests, webhook
 * deliveries and token counts; seed a contact; do what the buyer does on
 * the pay page (pay, fail) and what time or the merchant does (expire,
 * cancel); redeliver an event; arm faults; reset everything. The forms of
 * the `/zoho` page post here too and are redirected back to it.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerFaultControl } from '../faults';
import { MalformedJsonError } from '../json-body';
import { ZOHO_PREFIX } from './config';
import type { ZohoEmulator } from './emulator';
import { ZohoApiError } from './errors';
import type { ZohoRequestFilter } from './request-log';

type IdParams = { Params: { id: string } };

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

const overview = (notice?: string) =>
  `${ZOHO_PREFIX}${notice ? `?notice=${encodeURIComponent(notice)}` : ''}`;

export const controlRoutes: FastifyPluginAsync<{ zoho: ZohoEmulator }> = async (app, { zoho }) => {
  const { config, contacts, links, webhooks, requests, tokens, faults } = zoho;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ZohoApiError) {
      if (wantsHtml(request)) return reply.redirect(overview(error.message), 303);
      return reply.code(error.status).send({ error: error.message, code: error.code });
    }
    if (error instanceof MalformedJsonError) return reply.code(400).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'Zoho control request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'Internal error' : String((error as Error).message) });
  });

  /** JSON for tests, or back to the overview for the page's forms. */
  const answer = (request: FastifyRequest, reply: FastifyReply, body: object, status = 200) =>
    wantsHtml(request) ? reply.redirect(overview(), 303) : reply.code(status).send(body);

  app.get('/_control/config', async () => ({
    accountsUrl: config.accountsUrl,
    booksApiUrl: config.booksApiUrl,
    paymentsApiUrl: config.paymentsApiUrl,
    clientId: config.clientId,
    organizationId: config.organizationId,
    accountId: config.accountId,
    webhookTargetUrl: config.webhookTargetUrl,
    merchantName: config.merchantName,
    tokenTtlSeconds: config.tokenTtlSeconds,
    webhookRetryDelaysMs: config.webhookRetryDelaysMs,
  }));

  app.get('/_control/contacts', async () => ({ contacts: contacts.all() }));

  // Seeds a contact (a returning buyer), with the same rules as the API.
  app.post('/_control/contacts', async (request, reply) =>
    reply.code(201).send({ contact: contacts.create(request.body) }),
  );

  app.get('/_control/payment-links', async () => ({ payment_links: links.all() }));

  app.get<IdParams>('/_control/payment-links/:id', async (request) => ({
    payment_link: links.get(request.params.id),
  }));

  app.post<IdParams>('/_control/payment-links/:id/pay', async (request, reply) => {
    const { link, payment, redirectUrl } = links.pay(request.params.id);
    return answer(request, reply, {
      payment_link: link,
      payment,
      redirectUrl: redirectUrl ?? null,
    });
  });

  app.post<IdParams>('/_control/payment-links/:id/fail', async (request, reply) => {
    const { link, payment, redirectUrl } = links.fail(request.params.id);
    return answer(request, reply, {
      payment_link: link,
      payment,
      redirectUrl: redirectUrl ?? null,
    });
  });

  app.post<IdParams>('/_control/payment-links/:id/expire', async (request, reply) =>
    answer(request, reply, { payment_link: links.expire(request.params.id) }),
  );

  app.post<IdParams>('/_control/payment-links/:id/cancel', async (request, reply) =>
    answer(request, reply, { payment_link: links.cancel(request.params.id) }),
  );

  app.get<{ Querystring: ZohoRequestFilter }>('/_control/requests', async (request) => ({
    requests: requests.list(request.query),
  }));

  app.delete('/_control/requests', async (_request, reply) => {
    requests.clear();
    return reply.code(204).send();
  });

  app.get<{ Querystring: { eventId?: string; paymentLinkId?: string } }>(
    '/_control/webhook-deliveries',
    async (request) => ({ deliveries: webhooks.listAttempts(request.query) }),
  );

  app.get<{ Querystring: { paymentLinkId?: string } }>(
    '/_control/webhook-events',
    async (request) => ({ events: webhooks.listEvents(request.query) }),
  );

  app.post<{ Params: { eventId: string } }>(
    '/_control/webhooks/:eventId/redeliver',
    async (request, reply) => {
      const event = webhooks.redeliver(request.params.eventId);
      if (!event) {
        if (wantsHtml(request)) return reply.redirect(overview('No such webhook event.'), 303);
        return reply.code(404).send({ error: 'No such webhook event.' });
      }
      return answer(request, reply, { event }, 202);
    },
  );

  app.get('/_control/tokens', async () => ({ tokens: tokens.counts() }));

  registerFaultControl(app, faults, '/_control');

  app.post('/_control/reset', async (_request, reply) => {
    zoho.reset();
    return reply.code(204).send();
  });
};
