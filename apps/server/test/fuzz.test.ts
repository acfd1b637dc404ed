/**
 * Property-based fuzzing of every /api route: arbitrary JSON, text with
 * NUL and unpaired surrogates, very long text, wrong types, extra and
 * missing fields, wrong content types, odd header values and path
 * parameters. Properties: no answer is a 5xx, and a request the contract
 * refuses changes no row, seat or code use and reaches no provider. The
 * back office's routes are fuzzed the same way with a seller's token,
 * against a real order, so valid requests reach its actions. The
 * seed and the run counts are fixed, so every run sends the same requests.
 */
import * as contract from '@wifi7/contract';
import { SAMPLE_EMAIL, validRequests } from '@wifi7/contract/testing';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedMissingContent } from '../src/modules/content/content-file';
import { findRepositoryRoot } from '../src/lib/repository-root';
import type { z } from 'zod';
import { and, count, eq, isNull } from 'drizzle-orm';
import { portalHandoffs } from '../src/db/schema';
import { WEBHOOK_ENDPOINTS } from '../src/modules/webhooks/webhook-routes';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { until, useStack } from './support/stack';
import { stateSnapshot } from './support/state';

const SEED = 20_270_112;
const RUNS_PER_ROUTE = 60;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The request schema of each route that takes a body or path parameters. */
const requestSchemaOf: Record<string, { body?: string; params?: string }> = {
  [contract.apiRoutes.autoEnrollment]: { body: 'autoEnrollmentRequestSchema' },
  [contract.apiRoutes.pricing]: { body: 'pricingRequestSchema' },
  [contract.apiRoutes.paypalInvoice]: { body: 'paypalInvoiceRequestSchema' },
  [contract.apiRoutes.appliedDiscount]: { body: 'appliedDiscountRequestSchema' },
  [contract.apiRoutes.zohoContactByEmail]: { params: 'zohoContactLookupParamsSchema' },
  [contract.apiRoutes.zohoContacts]: { body: 'zohoContactRequestSchema' },
  [contract.apiRoutes.zohoCheckout]: { body: 'zohoCheckoutRequestSchema' },
  [contract.apiRoutes.webLogsPush]: { body: 'logPushRequestSchema' },
};
const schemaNamed = (name: string) => (contract as unknown as Record<string, z.ZodType>)[name]!;

// ——— arbitraries ———

const unstorable = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uDFFF\uD800',
);
/** Text of any kind: any code point, NUL, unpaired surrogates, now and then very long. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), unstorable), { maxLength: 8 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyText);
/** Header text HTTP can carry (Latin-1 without control characters). */
const headerText = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

type Json = unknown;
type Path = (string | number)[];

function pathsOf(value: Json, path: Path = []): Path[] {
  if (Array.isArray(value))
    return [path, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  if (value !== null && typeof value === 'object')
    return [path, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  return [path];
}

function changedAt(value: Json, path: Path, change: (at: Json) => Json | typeof REMOVE): Json {
  if (path.length === 0) return change(value);
  const [key, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    Json
  >;
  const next = changedAt(copy[key], rest, change);
  if (next === REMOVE) delete copy[key];
  else copy[key] = next;
  return copy;
}
const REMOVE = Symbol('remove');

/** A valid body spoilt at one place: a new value, another type, removed, or an extra field. */
function mutated(valid: Json) {
  return fc
    .tuple(
      fc.constantFrom(...pathsOf(valid)),
      fc.oneof(
        anyJson.map((replacement) => () => replacement),
        anyText.map(
          (inserted) => (at: Json) => (typeof at === 'string' ? `${at}${inserted}` : inserted),
        ),
        fc.constant(() => REMOVE),
        fc.tuple(fc.string({ maxLength: 10 }), anyJson).map(
          ([key, extra]) =>
            (at: Json) =>
              at !== null && typeof at === 'object' && !Array.isArray(at)
                ? { ...at, [key]: extra }
                : [at, extra],
        ),
      ),
    )
    .map(([path, change]) => {
      const result = changedAt(valid, path, change as (at: Json) => Json);
      return result === REMOVE ? undefined : result;
    });
}

/** A raw body: JSON of a (spoilt) valid value or anything, or text that is not JSON. */
function rawBody(valid: Json | undefined) {
  const json =
    valid === undefined ? anyJson : fc.oneof({ weight: 3, arbitrary: mutated(valid) }, anyJson);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: json.map((value) => (value === undefined ? '' : JSON.stringify(value))),
    },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '{"a":', '\u0000') },
  );
}

const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
  ),
  { freq: 6 },
);

/** A path segment as it may arrive: any bytes percent-encoded, broken escapes, plain text. */
const pathSegment = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
      fc.constantFrom('%', '%Z', '%ED%A0%80', '%00', '@', '.', '%40'),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const queryString = fc.option(
  fc
    .array(fc.tuple(pathSegment, pathSegment), { maxLength: 3 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  { freq: 3 },
);

/** Replaces the samples' e-mail address with the signed-in buyer's, so valid bodies go deep. */
function asBuyer(value: Json, email: string): Json {
  return JSON.parse(JSON.stringify(value).replaceAll(SAMPLE_EMAIL, email)) as Json;
}

function isObjectJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

describe.each(databaseKinds)('fuzzing every /api route on %s', (kind) => {
  const env = useStack(kind, { env: { RATE_LIMITS_ENABLED: 'false' } });
  let buyer: { email: string; idToken: string };
  let logToken: string;
  const figures = { requests: 0, refused: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    // As the server does at start: the page content's sections exist before anyone edits them.
    await seedMissingContent(
      env.database.handle.db,
      path.join(findRepositoryRoot(), 'catalog', 'content.json'),
    );
    buyer = await signedInBuyer('fuzz');
    const issued = await env.stack.app.inject({ url: contract.apiRoutes.webLogsToken });
    logToken = (issued.json() as { token: string }).token;
  });

  /** Every /api route of the app, with its methods, from the contract and the webhook table. */
  const routes = () => {
    const paths = [
      ...Object.values(contract.apiRoutes),
      ...WEBHOOK_ENDPOINTS.map((each) => each.path),
    ];
    return paths.flatMap((url) => {
      const methods = METHODS.filter((method) => env.stack.app.hasRoute({ method, url }));
      expect([url, methods.length > 0]).toEqual([url, true]);
      return methods.map((method) => ({ method, url }));
    });
  };

  const snapshot = () => stateSnapshot(env.database.handle.db, env.stack.emulators);
  const send = async (options: InjectOptions) => {
    const response = await env.stack.app.inject(options);
    figures.requests += 1;
    figures.byStatus.set(response.statusCode, (figures.byStatus.get(response.statusCode) ?? 0) + 1);
    return response;
  };

  it('answers no 5xx, and a refused request changes nothing and asks no provider', async () => {
    const started = Date.now();
    const all = routes();
    for (const { method, url } of all) {
      const schemas = requestSchemaOf[url] ?? {};
      const bodySchema = schemas.body ? schemaNamed(schemas.body) : undefined;
      const paramsSchema = schemas.params ? schemaNamed(schemas.params) : undefined;
      const valid = schemas.body ? asBuyer(validRequests[schemas.body], buyer.email) : undefined;
      const isWebhook = WEBHOOK_ENDPOINTS.some((each) => each.path === url);
      const request = fc.record({
        body: method === 'GET' ? fc.constant(undefined) : fc.option(rawBody(valid), { freq: 10 }),
        contentType,
        email: pathSegment,
        query: queryString,
        authorization: fc.oneof(
          { weight: 4, arbitrary: fc.constant(`Bearer ${buyer.idToken}`) },
          { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
          { weight: 1, arbitrary: headerText },
        ),
        logToken: fc.oneof(
          { weight: 3, arbitrary: fc.constant(logToken) },
          { weight: 1, arbitrary: headerText },
          { weight: 1, arbitrary: headerText.map((text) => `v1.${text}`) },
        ),
        webhookHeaders: fc.dictionary(
          fc.constantFrom(
            'paypal-transmission-id',
            'paypal-transmission-time',
            'paypal-transmission-sig',
            'paypal-cert-url',
            'paypal-auth-algo',
            'x-zoho-webhook-signature',
          ),
          headerText,
        ),
      });

      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const refused = refusedByContract(input, bodySchema, paramsSchema, isWebhook);
          const before = refused ? await snapshot() : undefined;
          const path = url.replace(':email', input.email) + (input.query ?? '');
          const headers: Record<string, string> = {
            authorization: input.authorization,
            [contract.LOG_TOKEN_HEADER]: input.logToken,
            ...(isWebhook ? input.webhookHeaders : {}),
          };
          if (input.contentType) headers['content-type'] = input.contentType;
          const response = await send({
            method,
            url: path,
            headers,
            ...(input.body === undefined || input.body === null ? {} : { payload: input.body }),
          });
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(500);

          if (refused) {
            figures.refused += 1;
            expect(response.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
            expect(await snapshot(), `${method} ${path} changed state`).toEqual(before);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    // The figures belong in the run's output: seed, runs, answers and time.
    // eslint-disable-next-line no-console
    console.log(
      `fuzz on ${kind}: seed ${SEED}, ${all.length} routes × ${RUNS_PER_ROUTE} runs = ` +
        `${figures.requests} requests (${figures.refused} refused by the contract) in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; statuses ` +
        JSON.stringify(Object.fromEntries([...figures.byStatus].sort(([a], [b]) => a - b))),
    );
  }, 120_000);

  it('answers a seller no 5xx on the back office; a read or a refused action changes nothing', async () => {
    const started = Date.now();
    const seller = await signInWithEmailLink('seller@example.com');
    // A real order, so valid requests reach deep: they may act on it, as a seller would.
    const placed = await env.stack.app.inject({
      method: 'POST',
      url: contract.apiRoutes.paypalInvoice,
      headers: { authorization: `Bearer ${buyer.idToken}` },
      payload: asBuyer(validRequests.paypalInvoiceRequestSchema, buyer.email) as object,
    });
    expect(placed.statusCode).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    const before = { requests: figures.requests, byStatus: new Map(figures.byStatus) };
    const all = sellerRoutes();
    for (const { method, url } of all) {
      const schemas = sellerSchemasOf(url, method);
      const bodySchema = schemas.body ? schemaNamed(schemas.body) : undefined;
      const paramsSchema = schemas.params ? schemaNamed(schemas.params) : undefined;
      const valid = schemas.body ? validRequests[schemas.body] : undefined;
      const validQuery = schemas.query ? validRequests[schemas.query] : undefined;
      const body =
        valid === undefined
          ? rawBody(valid)
          : fc.oneof(
              // Now and then the sample as it is, so an action runs on the order.
              { weight: 1, arbitrary: fc.constant(JSON.stringify(valid)) },
              { weight: 4, arbitrary: rawBody(valid) },
            );
      const request = fc.record({
        body: method === 'GET' ? fc.constant(undefined) : fc.option(body, { freq: 10 }),
        contentType: fc.oneof(
          { weight: 2, arbitrary: fc.constant('application/json') },
          { weight: 1, arbitrary: contentType },
        ),
        orderId: fc.oneof(
          { weight: 2, arbitrary: fc.constant(orderId) },
          { weight: 2, arbitrary: pathSegment },
        ),
        query: fc.oneof(
          { weight: 2, arbitrary: queryString },
          {
            weight: 2,
            arbitrary: (validQuery === undefined ? anyJson : mutated(validQuery)).map(toQuery),
          },
        ),
        authorization: fc.oneof(
          { weight: 6, arbitrary: fc.constant(`Bearer ${seller.idToken}`) },
          { weight: 1, arbitrary: fc.constant(`Bearer ${buyer.idToken}`) },
          { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          // A read never changes anything; an action only when the contract accepts it.
          const mustChangeNothing =
            method === 'GET' ||
            refusedAction(input, bodySchema, paramsSchema) ||
            input.authorization !== `Bearer ${seller.idToken}`;
          const beforeState = mustChangeNothing ? await snapshot() : undefined;
          const path = url.replace(':orderId', input.orderId) + (input.query ?? '');
          const headers: Record<string, string> = { authorization: input.authorization };
          if (input.contentType) headers['content-type'] = input.contentType;
          const response = await send({
            method,
            url: path,
            headers,
            ...(input.body === undefined || input.body === null ? {} : { payload: input.body }),
          });
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(500);
          if (mustChangeNothing) {
            expect(await snapshot(), `${method} ${path} changed state`).toEqual(beforeState);
          } else {
            await settled();
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    // eslint-disable-next-line no-console
    console.log(
      `seller fuzz on ${kind}: ${all.length} routes × ${RUNS_PER_ROUTE} runs = ` +
        `${figures.requests - before.requests} requests in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; statuses ` +
        JSON.stringify(
          Object.fromEntries(
            [...figures.byStatus]
              .map(([status, n]) => [status, n - (before.byStatus.get(status) ?? 0)] as const)
              .filter(([, n]) => n > 0)
              .sort(([a], [b]) => a - b),
          ),
        ),
    );
  }, 180_000);

  /**
   * What an accepted action set going has finished: the providers' webhooks
   * it caused are processed, and the hand-off it queued was tried, so the
   * next request's snapshot sees only that request's effects.
   */
  const settled = async () => {
    await env.stack.emulators.paypal.webhooks.idle();
    await env.stack.emulators.zoho.webhooks.idle();
    await until(async () => {
      const [row] = await env.database.handle.db
        .select({ waiting: count() })
        .from(portalHandoffs)
        .where(and(isNull(portalHandoffs.deliveredAt), eq(portalHandoffs.attempts, 0)));
      return row?.waiting === 0;
    }, 'the queued hand-offs to be tried');
  };

  /** Every back-office route the contract names (each section's `seller…Routes`), with its methods. */
  const sellerRoutes = () =>
    Object.entries(contract)
      .filter(([name]) => /^seller\w*Routes$/.test(name))
      .flatMap(([, routes]) => Object.values(routes as Record<string, string>))
      .flatMap((url) => {
        const methods = METHODS.filter((method) => env.stack.app.hasRoute({ method, url }));
        expect([url, methods.length > 0]).toEqual([url, true]);
        return methods.map((method) => ({ method, url }));
      });
});

/** The request schemas of a back-office route, where the contract names them. */
function sellerSchemasOf(
  url: string,
  method: string,
): { body?: string; params?: string; query?: string } {
  const orders = contract.sellerOrderRoutes;
  if (url === contract.sellerApiRoutes.audit) return { query: 'auditQuerySchema' };
  if (url === orders.orders) return { query: 'sellerOrdersQuerySchema' };
  if (url === orders.ordersCsv) return { query: 'sellerOrdersCsvQuerySchema' };
  if (url === orders.order) return { params: 'sellerOrderParamsSchema' };
  const actions: Record<string, string> = {
    [orders.resend]: 'orderResendRequestSchema',
    [orders.markPaid]: 'orderMarkPaidRequestSchema',
    [orders.cancel]: 'orderCancelRequestSchema',
    [orders.refund]: 'orderRefundRequestSchema',
    [orders.moveBatch]: 'orderMoveBatchRequestSchema',
    [orders.retryHandoff]: 'orderRetryHandoffRequestSchema',
    [orders.dismissAttention]: 'orderDismissAttentionRequestSchema',
    [orders.attach]: 'orderAttachRequestSchema',
    [orders.reissue]: 'orderReissueRequestSchema',
  };
  const body = method === 'POST' ? actions[url] : undefined;
  return body ? { body, params: 'sellerOrderParamsSchema' } : {};
}

/** A JSON value as a query string, the way a browser would send a form's fields. */
function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const pairs = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) =>
      `${escapeAny(key)}=${escapeAny(typeof item === 'string' ? item : JSON.stringify(item))}`,
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * Percent-escapes any text, an unpaired surrogate too (as the three bytes
 * it would have in UTF-8, which no decoder accepts), so such text reaches
 * the server as a client might send it.
 */
function escapeAny(text: string): string {
  return Array.from(text, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      const unit = character.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');
}

/** Whether the contract alone refuses this back-office action (so it must change nothing). */
function refusedAction(
  input: { body?: string | null; contentType: string | null; orderId: string },
  bodySchema: z.ZodType | undefined,
  paramsSchema: z.ZodType | undefined,
): boolean {
  if (paramsSchema) {
    let orderId: string;
    try {
      orderId = decodeURIComponent(input.orderId);
    } catch {
      return true;
    }
    if (!paramsSchema.safeParse({ orderId }).success) return true;
  }
  if (!bodySchema) return false;
  const json = input.contentType?.startsWith('application/json') ?? false;
  if (!json || !input.body) return true;
  try {
    return !bodySchema.safeParse(JSON.parse(input.body)).success;
  } catch {
    return true;
  }
}

/** Whether the contract alone refuses this request (so it must change nothing). */
function refusedByContract(
  input: { body?: string | null; contentType: string | null; email: string },
  bodySchema: z.ZodType | undefined,
  paramsSchema: z.ZodType | undefined,
  isWebhook: boolean,
): boolean {
  const json = input.contentType?.startsWith('application/json') ?? false;
  if (isWebhook) return !json || !isObjectJson(input.body ?? '');
  if (paramsSchema) {
    let email: string;
    try {
      email = decodeURIComponent(input.email);
    } catch {
      return true;
    }
    if (!paramsSchema.safeParse({ email }).success) return true;
  }
  if (!bodySchema) return false;
  if (!json || !input.body) return true;
  let body: unknown;
  try {
    body = JSON.parse(input.body);
  } catch {
    return true;
  }
  return !bodySchema.safeParse(body).success;
}
