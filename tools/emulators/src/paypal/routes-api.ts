/**
 * Invoicing v2 and the webhook endpoints of the Notifications API, behind a
 * bearer token, with PayPal's paths, status codes and bodies.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type TokenIssuer, requireBearerToken } from './auth';
import { PaypalError } from './errors';
import type { InvoiceService, SearchPage } from './invoices';
import type { VerifyRequest, WebhookDispatcher } from './webhooks';

export interface ApiRoutesOptions {
  tokens: TokenIssuer;
  invoices: InvoiceService;
  webhooks: WebhookDispatcher;
}

type IdParams = { Params: { id: string } };
type PageQuery = { Querystring: Record<string, string | undefined> };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function queryError(field: string, value: string, issue: string, description: string) {
  return new PaypalError(400, [{ field, value, location: 'query', issue, description }]);
}

function integerParam(
  query: Record<string, string | undefined>,
  name: string,
  fallback: number,
  max: number,
) {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) {
    throw queryError(
      name,
      raw,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  const value = Number(raw);
  if (value < 1)
    throw queryError(
      name,
      raw,
      'INVALID_INTEGER_MIN_VALUE',
      'The integer value of a field is too small.',
    );
  if (value > max)
    throw queryError(
      name,
      raw,
      'INVALID_INTEGER_MAX_VALUE',
      `The integer value of a field is too large (at most ${max}).`,
    );
  return value;
}

function searchPage(query: Record<string, string | undefined>): SearchPage {
  const total = query.total_required;
  if (total !== undefined && total !== 'true' && total !== 'false') {
    throw queryError(
      'total_required',
      total,
      'INVALID_PARAMETER_SYNTAX',
      'Expected true or false.',
    );
  }
  return {
    page: integerParam(query, 'page', 1, 1000),
    pageSize: integerParam(query, 'page_size', 20, 100),
    totalRequired: total === 'true',
  };
}

const VERIFY_FIELDS = [
  'auth_algo',
  'cert_url',
  'transmission_id',
  'transmission_sig',
  'transmission_time',
  'webhook_id',
  'webhook_event',
] as const;

function verifyRequest(body: unknown): VerifyRequest {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const problems = VERIFY_FIELDS.filter((name) =>
    name === 'webhook_event'
      ? typeof fields[name] !== 'object' || fields[name] === null
      : typeof fields[name] !== 'string' || fields[name] === '',
  ).map((name) => ({
    field: `/${name}`,
    location: 'body' as const,
    issue: 'MISSING_REQUIRED_PARAMETER',
    description: 'A required field / parameter is missing.',
  }));
  if (problems.length > 0) throw new PaypalError(400, problems);
  return fields as unknown as VerifyRequest;
}

export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (
  app,
  { tokens, invoices, webhooks },
) => {
  app.addHook('preHandler', requireBearerToken(tokens));

  app.post('/v2/invoicing/invoices', async (request, reply) => {
    const { invoice } = invoices.create(request.body, header(request, 'paypal-request-id'));
    const representation = /return=representation/i.test(header(request, 'prefer') ?? '');
    const self = invoice.links.find((link) => link.rel === 'self');
    return reply.code(201).send(representation ? invoice : self);
  });

  app.get<PageQuery>('/v2/invoicing/invoices', async (request) =>
    invoices.search({}, searchPage(request.query)),
  );

  app.get<IdParams>('/v2/invoicing/invoices/:id', async (request) =>
    invoices.get(request.params.id),
  );

  app.post<IdParams>('/v2/invoicing/invoices/:id/send', async (request, reply) => {
    const result = invoices.send(request.params.id, request.body);
    return reply.code(result.status).send(result.body);
  });

  app.post<IdParams>('/v2/invoicing/invoices/:id/remind', async (request, reply) => {
    invoices.remind(request.params.id, request.body);
    return reply.code(204).send();
  });

  app.post<IdParams>('/v2/invoicing/invoices/:id/cancel', async (request, reply) => {
    invoices.cancel(request.params.id, request.body, 'merchant');
    return reply.code(204).send();
  });

  app.post<PageQuery>('/v2/invoicing/search-invoices', async (request) =>
    invoices.search(request.body, searchPage(request.query)),
  );

  app.post('/v1/notifications/verify-webhook-signature', async (request) => ({
    verification_status: webhooks.verify(verifyRequest(request.body)),
  }));

  app.get<{ Params: { eventId: string } }>(
    '/v1/notifications/webhooks-events/:eventId',
    async (request) => {
      const event = webhooks.event(request.params.eventId);
      if (!event) throw eventNotFound(request.params.eventId);
      return event;
    },
  );

  app.post<{ Params: { eventId: string } }>(
    '/v1/notifications/webhooks-events/:eventId/resend',
    async (request, reply) => {
      const event = webhooks.redeliver(request.params.eventId);
      if (!event) throw eventNotFound(request.params.eventId);
      return reply.code(202).send(event);
    },
  );
};

function eventNotFound(id: string) {
  return new PaypalError(404, [
    {
      field: 'event_id',
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Requested resource ID was not found.',
    },
  ]);
}
