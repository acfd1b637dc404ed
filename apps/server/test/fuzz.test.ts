/**
 * Property-based fuzzing of every /api route: arbitrary JSON, text with
 * NUL and unpaired surrogates, very long text, wrong types, extra and
 * missing fields, wrong content types, odd header values and path
 * parameters. Properties: no answer is a 5xx, and a request the contract
 * refuses changes no row, seat or code use and reaches no provider. Every
 * back-office route the contract names is fuzzed the same way with a
 * seller's token (a route without a generator fails the test), against a
 * real order, batch, code and image, so valid requests reach its actions;
 * the image upload gets real, broken, foreign and oversized bytes. The
 * seed and the run counts are fixed, so every run sends the same requests.
 */
import * as contract from '@wifi7/contract';
import {
  SAMPLE_CONTENT_VERSION,
  SAMPLE_EMAIL,
  SAMPLE_IMAGE_ID,
  validRequests,
} from '@wifi7/contract/testing';
import fc from 'fast-check';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedMissingContent } from '../src/content/content-file';
import { findRepositoryRoot } from '../src/lib/repository-root';
import type { z } from 'zod';
import { and, count, eq, isNull } from 'drizzle-orm';
import { portalHandoffs } from '../src/db/schema';
import { WEBHOOK_ENDPOINTS } from '../src/http/webhooks/webhook-routes';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { phonePhotoJpeg, pngWithExif, webpWithExif } from './support/images';
import { until, useStack } from './support/stack';
import { stateSnapshot, type StateSnapshot } from './support/state';

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
  [contract.apiRoutes.batchCalendar]: { params: 'batchCalendarParamsSchema' },
  [contract.apiRoutes.zohoContacts]: { body: 'zohoContactRequestSchema' },
  [contract.apiRoutes.zohoCheckout]: { body: 'zohoCheckoutRequestSchema' },
  [contract.apiRoutes.webLogsPush]: { body: 'logPushRequestSchema' },
  [contract.contentApiRoutes.image]: { params: 'contentImageParamsSchema' },
  [contract.waitlistRoutes.join]: { body: 'waitlistJoinRequestSchema' },
  [contract.waitlistRoutes.leave]: { body: 'waitlistLeaveRequestSchema' },
  [contract.waitlistRoutes.claim]: { body: 'waitlistClaimRequestSchema' },
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

/** Image bytes as a seller's upload may arrive: real images, broken ones, anything, too many. */
function imageBytes(samples: Buffer[]) {
  const sample = fc.constantFrom(...samples);
  const signatures = [
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('89504e470d0a1a0a', 'hex'),
    Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'),
  ];
  return fc.oneof(
    { weight: 3, arbitrary: sample },
    {
      weight: 2,
      arbitrary: fc
        .tuple(sample, fc.nat())
        .map(([bytes, cut]) => bytes.subarray(0, cut % bytes.length)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(sample, fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat())
        .map(([bytes, junk, at]) => {
          const spoilt = Buffer.from(bytes);
          const offset = at % spoilt.length;
          spoilt.set(junk.subarray(0, spoilt.length - offset), offset);
          return spoilt;
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 512 }))
        .map(([head, tail]) => Buffer.concat([head, tail])),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'),
        Buffer.alloc(0),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(sample, fc.integer({ min: 1, max: 4096 }))
        .map(([bytes, over]) =>
          Buffer.concat([bytes, Buffer.alloc(contract.MAX_IMAGE_BYTES + over)]),
        ),
    },
  );
}

const imageContentType = fc.option(
  fc.constantFrom(
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/svg+xml',
    'image/gif',
    'application/octet-stream',
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
  ),
  { freq: 8 },
);

/** Puts real values in place of the samples' (their e-mail, their image), so valid bodies go deep. */
function withRealValues(value: Json, replacements: Record<string, string>): Json {
  let text = JSON.stringify(value);
  for (const [sample, real] of Object.entries(replacements)) text = text.replaceAll(sample, real);
  return JSON.parse(text) as Json;
}

function isObjectJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The path parameter a route has (`:email`, `:orderId` …), if any. */
const parameterOf = (url: string) => /:(\w+)/.exec(url)?.[1];

// ——— the back office's routes ———

/**
 * How to fuzz a back-office route: the contract's schemas for its path
 * parameter, query and JSON body (by name, so the samples give valid
 * values), or raw image bytes. `refusalChangesNothing`: the route does its
 * work in one transaction, so any 4xx answer leaves everything as it was.
 */
interface SellerRouteSpec {
  params?: string;
  query?: string;
  body?: string;
  imageBytes?: true;
  refusalChangesNothing?: true;
}

const orderAction = (body: string): SellerRouteSpec => ({
  params: 'sellerOrderParamsSchema',
  body,
});
const edit = (body: string, params?: string): SellerRouteSpec => ({
  body,
  ...(params === undefined ? {} : { params }),
  refusalChangesNothing: true,
});

const orderRoutes = contract.sellerOrderRoutes;
const catalogRoutes = contract.sellerCatalogRoutes;
const contentRoutes = contract.sellerContentApiRoutes;
const waitlistRoutes = contract.sellerWaitlistRoutes;

/**
 * Every back-office route, keyed `METHOD path`: a route of the contract
 * missing here, or an entry for no route, fails the test.
 */
const sellerRouteSpecs: Record<string, SellerRouteSpec> = {
  [`GET ${contract.sellerApiRoutes.audit}`]: { query: 'auditQuerySchema' },
  [`GET ${orderRoutes.orders}`]: { query: 'sellerOrdersQuerySchema' },
  [`GET ${orderRoutes.ordersCsv}`]: { query: 'sellerOrdersCsvQuerySchema' },
  [`GET ${orderRoutes.order}`]: { params: 'sellerOrderParamsSchema' },
  [`GET ${orderRoutes.batchChoices}`]: {},
  [`GET ${orderRoutes.attention}`]: {},
  [`POST ${orderRoutes.resend}`]: orderAction('orderResendRequestSchema'),
  [`POST ${orderRoutes.markPaid}`]: orderAction('orderMarkPaidRequestSchema'),
  [`POST ${orderRoutes.cancel}`]: orderAction('orderCancelRequestSchema'),
  [`POST ${orderRoutes.refund}`]: orderAction('orderRefundRequestSchema'),
  [`POST ${orderRoutes.moveBatch}`]: orderAction('orderMoveBatchRequestSchema'),
  [`POST ${orderRoutes.retryHandoff}`]: orderAction('orderRetryHandoffRequestSchema'),
  [`POST ${orderRoutes.dismissAttention}`]: orderAction('orderDismissAttentionRequestSchema'),
  [`POST ${orderRoutes.attach}`]: orderAction('orderAttachRequestSchema'),
  [`POST ${orderRoutes.reissue}`]: orderAction('orderReissueRequestSchema'),
  [`POST ${orderRoutes.resendMail}`]: orderAction('orderResendMailRequestSchema'),
  [`GET ${contract.sellerMailRoutes.senderDomain}`]: {},
  // Refused only by its schema, before anything is read or cancelled.
  [`POST ${orderRoutes.releaseHolds}`]: {
    body: 'releaseHoldsRequestSchema',
    refusalChangesNothing: true,
  },
  [`GET ${catalogRoutes.batches}`]: {},
  [`POST ${catalogRoutes.batches}`]: edit('sellerBatchCreateRequestSchema'),
  [`PUT ${catalogRoutes.batch}`]: edit('sellerBatchUpdateRequestSchema', 'sellerBatchParamsSchema'),
  [`PUT ${catalogRoutes.batchStatus}`]: edit(
    'sellerBatchStatusRequestSchema',
    'sellerBatchParamsSchema',
  ),
  [`GET ${catalogRoutes.prices}`]: {},
  [`PUT ${catalogRoutes.workshopPrices}`]: edit(
    'sellerPricesRequestSchema',
    'sellerWorkshopParamsSchema',
  ),
  [`PUT ${catalogRoutes.workshopHold}`]: edit(
    'sellerHoldRequestSchema',
    'sellerWorkshopParamsSchema',
  ),
  [`GET ${catalogRoutes.discountCodes}`]: {},
  [`POST ${catalogRoutes.discountCodes}`]: edit('sellerDiscountCodeCreateRequestSchema'),
  [`PUT ${catalogRoutes.discountCode}`]: edit(
    'sellerDiscountCodeUpdateRequestSchema',
    'sellerDiscountCodeParamsSchema',
  ),
  [`PUT ${catalogRoutes.discountCodeState}`]: edit(
    'sellerDiscountCodeStateRequestSchema',
    'sellerDiscountCodeParamsSchema',
  ),
  [`GET ${waitlistRoutes.batches}`]: {},
  [`GET ${waitlistRoutes.batch}`]: {
    params: 'sellerWaitlistParamsSchema',
    query: 'sellerWaitlistQuerySchema',
  },
  [`POST ${waitlistRoutes.remove}`]: {
    params: 'sellerWaitlistPlaceParamsSchema',
    body: 'sellerWaitlistRemoveRequestSchema',
    refusalChangesNothing: true,
  },
  [`GET ${contract.buyerOrderRoutes.sellerPolicy}`]: {},
  [`PUT ${contract.buyerOrderRoutes.sellerPolicy}`]: edit('buyerPolicySchema'),
  [`GET ${contentRoutes.content}`]: {},
  ...Object.fromEntries(
    contract.CONTENT_SECTIONS.map((section) => [
      `PUT ${contentRoutes[section]}`,
      edit(`${section}UpdateRequestSchema`),
    ]),
  ),
  [`POST ${contentRoutes.images}`]: { imageBytes: true, refusalChangesNothing: true },
};

/**
 * A valid body of every seller route: the contract's request samples, and
 * the buyer policy, whose schema is the policy itself (not a request's).
 */
const sellerSamples: Record<string, unknown> = {
  ...validRequests,
  buyerPolicySchema: {
    refundUntilDaysBefore: 14,
    keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
    moveUntilDaysBefore: 7,
  } satisfies contract.BuyerPolicy,
};

/** The page-content section a route saves, if it saves one. */
const sectionSavedAt = (url: string) =>
  contract.CONTENT_SECTIONS.find((section) => contentRoutes[section] === url);

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

  /** The routes among these paths with the methods the app has for each. */
  const withMethods = (paths: string[]) =>
    paths.flatMap((url) => {
      const methods = METHODS.filter((method) => env.stack.app.hasRoute({ method, url }));
      expect([url, methods.length > 0]).toEqual([url, true]);
      return methods.map((method) => ({ method, url }));
    });

  const snapshot = () => stateSnapshot(env.database.handle.db, env.stack.emulators);
  /**
   * The state as the last check found it. A refused request or a read
   * changes nothing, so the state after one is the state before the next:
   * half the snapshots. A request that may have acted forgets it.
   */
  let unchanged: StateSnapshot | undefined;
  const stateBefore = async () => (unchanged ??= await snapshot());
  const expectUnchanged = async (before: StateSnapshot | undefined, message: string) => {
    const after = await snapshot();
    expect(after, message).toEqual(before);
    unchanged = after;
  };

  /** Sends one fuzzed request and counts its answer, which is never a 5xx. */
  const send = async (
    method: (typeof METHODS)[number],
    url: string,
    headers: Record<string, string>,
    contentType: string | null,
    body: string | Buffer | null | undefined,
  ) => {
    if (contentType) headers['content-type'] = contentType;
    const response = await env.stack.app.inject({
      method,
      url,
      headers,
      ...(body === undefined || body === null ? {} : { payload: body }),
    });
    figures.requests += 1;
    figures.byStatus.set(response.statusCode, (figures.byStatus.get(response.statusCode) ?? 0) + 1);
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 500)}`).toBeLessThan(
      500,
    );
    return response;
  };

  it('answers no 5xx, and a refused request changes nothing and asks no provider', async () => {
    const started = Date.now();
    // Every public /api route of the app, from the contract and the webhook table.
    const all = withMethods([
      ...Object.values(contract.apiRoutes),
      ...Object.values(contract.contentApiRoutes),
      ...Object.values(contract.waitlistRoutes),
      contract.buyerOrderRoutes.policy,
      ...WEBHOOK_ENDPOINTS.map((each) => each.path),
    ]);
    for (const { method, url } of all) {
      const schemas = requestSchemaOf[url] ?? {};
      const valid = schemas.body
        ? withRealValues(validRequests[schemas.body], { [SAMPLE_EMAIL]: buyer.email })
        : undefined;
      const isWebhook = WEBHOOK_ENDPOINTS.some((each) => each.path === url);
      const request = fc.record({
        body: method === 'GET' ? fc.constant(undefined) : fc.option(rawBody(valid), { freq: 10 }),
        contentType,
        param: pathSegment,
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
          const refused = isWebhook
            ? !isJson(input.contentType) || !isObjectJson(input.body ?? '')
            : refusedByContract(input, url, schemas);
          const before = refused ? await stateBefore() : undefined;
          if (!refused) unchanged = undefined;
          const response = await send(
            method,
            fuzzedPath(url, input),
            {
              authorization: input.authorization,
              [contract.LOG_TOKEN_HEADER]: input.logToken,
              ...(isWebhook ? input.webhookHeaders : {}),
            },
            input.contentType,
            input.body,
          );
          if (refused) {
            figures.refused += 1;
            expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
            await expectUnchanged(before, `${method} ${url} changed state`);
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
  }, 600_000);

  it('answers a seller no 5xx on every back-office route; a read or a refused request changes nothing', async () => {
    const started = Date.now();
    const seller = await signInWithEmailLink('seller@example.com');
    const asSeller = `Bearer ${seller.idToken}`;
    // A real order, a real image and the test catalog's batch, workshop and
    // code, so valid requests reach deep: they may act on them, as a seller would.
    const placed = await env.stack.app.inject({
      method: 'POST',
      url: contract.apiRoutes.paypalInvoice,
      headers: { authorization: `Bearer ${buyer.idToken}` },
      payload: withRealValues(validRequests.paypalInvoiceRequestSchema, {
        [SAMPLE_EMAIL]: buyer.email,
      }) as object,
    });
    expect(placed.statusCode).toBe(200);
    const images = [await phonePhotoJpeg(), await pngWithExif(), await webpWithExif()];
    const uploaded = await env.stack.app.inject({
      method: 'POST',
      url: contentRoutes.images,
      headers: { authorization: asSeller, 'content-type': 'image/png' },
      payload: images[1],
    });
    expect(uploaded.statusCode).toBe(201);
    const realValues = { [SAMPLE_IMAGE_ID]: (uploaded.json() as { id: string }).id };
    const realParameters: Record<string, string> = {
      orderId: (placed.json() as { orderId: string }).orderId,
      batchId: 'B-JAN',
      workshopSku: 'WIFI7-LIVE',
      code: 'SAVE10',
      placeId: '1',
    };
    /** A content save made from the section's version as it is now, not the sample's. */
    const fromCurrentVersion = async (body: string, section: contract.ContentSection) => {
      if (!body.includes(SAMPLE_CONTENT_VERSION)) return body;
      const content = await env.stack.app.inject({
        url: contentRoutes.content,
        headers: { authorization: asSeller },
      });
      const current = (content.json() as contract.SellerContentResponse)[section].version;
      return body.replaceAll(SAMPLE_CONTENT_VERSION, current);
    };

    const before = { requests: figures.requests, byStatus: new Map(figures.byStatus) };
    unchanged = undefined;
    const all = sellerRoutes();
    // A route of the contract without a generator, or a generator for no route, fails here.
    expect(Object.keys(sellerRouteSpecs).sort()).toEqual(
      all.map(({ method, url }) => `${method} ${url}`).sort(),
    );
    for (const { method, url } of all) {
      const spec = sellerRouteSpecs[`${method} ${url}`];
      if (!spec) continue;
      const parameter = parameterOf(url);
      const valid = spec.body ? withRealValues(sellerSamples[spec.body], realValues) : undefined;
      const validQuery = spec.query ? validRequests[spec.query] : undefined;
      const jsonBody =
        valid === undefined
          ? rawBody(valid)
          : fc.oneof(
              // Now and then the sample as it is, so an action runs.
              { weight: 1, arbitrary: fc.constant(JSON.stringify(valid)) },
              { weight: 4, arbitrary: rawBody(valid) },
            );
      const request = fc.record({
        body:
          method === 'GET'
            ? fc.constant(undefined)
            : fc.option<string | Buffer>(spec.imageBytes ? imageBytes(images) : jsonBody, {
                freq: 10,
              }),
        contentType: spec.imageBytes
          ? imageContentType
          : fc.oneof(
              { weight: 2, arbitrary: fc.constant('application/json') },
              { weight: 1, arbitrary: contentType },
            ),
        param:
          parameter === undefined
            ? fc.constant('')
            : fc.oneof(
                {
                  weight: 2,
                  arbitrary: fc.constant(encodeURIComponent(realParameters[parameter]!)),
                },
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
          { weight: 6, arbitrary: fc.constant(asSeller) },
          { weight: 1, arbitrary: fc.constant(`Bearer ${buyer.idToken}`) },
          { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
        ),
      });
      const section = sectionSavedAt(url);
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const input =
            section && typeof generated.body === 'string'
              ? { ...generated, body: await fromCurrentVersion(generated.body, section) }
              : generated;
          // A read never changes anything; an action only when the contract lets a seller in.
          const refused =
            input.authorization !== asSeller ||
            (!spec.imageBytes && refusedByContract(input, url, spec));
          const mustChangeNothing = method === 'GET' || refused;
          const beforeState =
            mustChangeNothing || spec.refusalChangesNothing ? await stateBefore() : undefined;
          if (!mustChangeNothing) unchanged = undefined;
          const response = await send(
            method,
            fuzzedPath(url, input),
            { authorization: input.authorization },
            input.contentType,
            input.body,
          );
          if (refused) expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          if (mustChangeNothing || (spec.refusalChangesNothing && response.statusCode >= 400)) {
            await expectUnchanged(beforeState, `${method} ${url} changed state`);
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
  }, 600_000);

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
    withMethods(
      Object.entries(contract)
        .filter(([name]) => /^seller\w*Routes$/.test(name))
        .flatMap(([, routes]) => Object.values(routes as Record<string, string>))
        // The seller's policy sits with the buyers' order routes it governs.
        .concat(contract.buyerOrderRoutes.sellerPolicy),
    );
});

/** The route's path with the fuzzed parameter and query string. */
function fuzzedPath(url: string, input: { param: string; query: string | null }): string {
  const parameter = parameterOf(url);
  return (parameter ? url.replace(`:${parameter}`, input.param) : url) + (input.query ?? '');
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

const isJson = (contentType: string | null) => contentType?.startsWith('application/json') ?? false;

/** Whether the contract alone refuses this request (so it must change nothing). */
function refusedByContract(
  input: { body?: string | Buffer | null; contentType: string | null; param: string },
  url: string,
  schemas: { body?: string; params?: string },
): boolean {
  const parameter = parameterOf(url);
  if (schemas.params && parameter) {
    let value: string;
    try {
      value = decodeURIComponent(input.param);
    } catch {
      return true;
    }
    if (!schemaNamed(schemas.params).safeParse({ [parameter]: value }).success) return true;
  }
  if (!schemas.body) return false;
  if (!isJson(input.contentType) || typeof input.body !== 'string' || !input.body) return true;
  let body: unknown;
  try {
    body = JSON.parse(input.body);
  } catch {
    return true;
  }
  return !schemaNamed(schemas.body).safeParse(body).success;
}
