/**
 * Test hooks under `/paypal/_control` (JSON): look at invoices, recorded
 * requests and webhook deliveries; make the buyer pay, the merchant refund
 * or cancel; redeliver an event; arm faults; reset everything. Forms on the
 * merchant pages post here too, and get redirected back to the page.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerFaultControl } from '../faults';
import { MalformedJsonError } from '../json-body';
import { PAYPAL_PREFIX } from './config';
import type { PaypalEmulator } from './emulator';
import { PaypalError } from './errors';
import type { Invoice } from './types';

type IdParams = { Params: { id: string } };

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** `amount` from a JSON or form body: "100.00" (a number is taken as written). */
function amountOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const amount = (body as Record<string, unknown>).amount;
  if (typeof amount === 'number') return String(amount);
  if (typeof amount === 'string' && amount.trim() !== '') return amount.trim();
  return undefined;
}

export const controlRoutes: FastifyPluginAsync<{ paypal: PaypalEmulator }> = async (
  app,
  { paypal },
) => {
  const { invoices, store, webhooks, requests, faults, config } = paypal;
  const detailsPage = (id: string, notice?: string) =>
    `${PAYPAL_PREFIX}/invoice/details/${encodeURIComponent(id)}${notice ? `?notice=${encodeURIComponent(notice)}` : ''}`;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PaypalError) {
      const detail = error.details[0];
      const message = detail?.description ?? error.message;
      const id = (request.params as { id?: string } | undefined)?.id;
      if (wantsHtml(request) && id && store.get(id))
        return reply.redirect(detailsPage(id, message), 303);
      return reply
        .code(error.status)
        .send({ error: message, ...(detail ? { issue: detail.issue } : {}) });
    }
    if (error instanceof MalformedJsonError) return reply.code(400).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'PayPal control request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'Internal error' : String((error as Error).message) });
  });

  const answer = (request: FastifyRequest, reply: FastifyReply, invoice: Invoice) =>
    wantsHtml(request) ? reply.redirect(detailsPage(invoice.id), 303) : reply.send({ invoice });

  app.get('/_control/config', async () => ({
    apiBaseUrl: config.apiBaseUrl,
    clientId: config.clientId,
    webhookId: config.webhookId,
    webhookTargetUrl: config.webhookTargetUrl,
    certUrl: paypal.certUrl,
    merchantName: config.merchantName ?? null,
    merchantEmail: config.merchantEmail ?? null,
    tokenTtlSeconds: config.tokenTtlSeconds,
    webhookRetryDelaysMs: config.webhookRetryDelaysMs,
  }));

  app.get('/_control/invoices', async () => ({ invoices: store.list() }));

  app.get<IdParams>('/_control/invoices/:id', async (request) => ({
    invoice: invoices.get(request.params.id),
  }));

  app.post<IdParams>('/_control/invoices/:id/pay', async (request, reply) =>
    answer(request, reply, invoices.pay(request.params.id, amountOf(request.body))),
  );

  app.post<IdParams>('/_control/invoices/:id/decline', async (request, reply) =>
    answer(request, reply, invoices.cancel(request.params.id, undefined, 'payer')),
  );

  app.post<IdParams>('/_control/invoices/:id/refund', async (request, reply) =>
    answer(request, reply, invoices.refund(request.params.id, amountOf(request.body))),
  );

  app.post<IdParams>('/_control/invoices/:id/cancel', async (request, reply) =>
    answer(request, reply, invoices.cancel(request.params.id, undefined, 'merchant')),
  );

  app.get<{ Querystring: { method?: string; path?: string } }>(
    '/_control/requests',
    async (request) => ({
      requests: requests.list(request.query),
    }),
  );

  app.delete('/_control/requests', async (_request, reply) => {
    requests.clear();
    return reply.code(204).send();
  });

  app.get<{ Querystring: { eventId?: string; invoiceId?: string } }>(
    '/_control/webhook-deliveries',
    async (request) => ({ deliveries: webhooks.listAttempts(request.query) }),
  );

  app.get('/_control/webhook-events', async () => ({ events: webhooks.listEvents() }));

  app.post<{ Params: { eventId: string } }>(
    '/_control/webhooks/:eventId/redeliver',
    async (request, reply) => {
      const event = webhooks.redeliver(request.params.eventId);
      if (!event) return reply.code(404).send({ error: 'No such webhook event.' });
      if (wantsHtml(request)) return reply.redirect(detailsPage(event.resource.invoice.id), 303);
      return reply.code(202).send({ event });
    },
  );

  registerFaultControl(app, faults, '/_control');

  app.post('/_control/reset', async (_request, reply) => {
    paypal.reset();
    return reply.code(204).send();
  });
};
