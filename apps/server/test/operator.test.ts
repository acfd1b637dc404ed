/**
 * The operator's tools: the API reference at /api/docs (OpenAPI 3.1 from the
 * zod contract, with the courses-portal hand-off as a webhook) and the
 * Prometheus metrics at /metrics behind their token.
 */
import * as contract from '@wifi7/contract';
import { apiRoutes, operatorRoutes, sellerOrderRoutes } from '@wifi7/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPulse } from '../src/core/jobs/pulse';
import { createMetrics } from '../src/http/metrics/metrics';
import { OrderService } from '../src/orders/service';
import { HandoffDeliverer } from '../src/enrolment/portal-handoff';
import { uniqueEmail } from './support/auth-emulator';
import { buildTestApp, testConfig } from './support/app';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { FakeRail } from './support/fake-rail';
import { LONDON_BILLING } from './support/billing';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** `/api/seller/orders/:orderId` as OpenAPI writes it: `/api/seller/orders/{orderId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

interface JsonSchema {
  required?: string[];
  enum?: string[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  security?: unknown[];
  tags?: string[];
  description?: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
}

describe('the operator tools', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let withoutToken: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await loadTestCatalog(database.handle.db);
    app = await buildTestApp(database.handle, {
      config: testConfig({ METRICS_TOKEN }),
    });
    withoutToken = await buildTestApp(database.handle);
  });
  afterAll(async () => {
    await app.close();
    await withoutToken.close();
    await database.dispose();
  });

  describe('GET /api/docs', () => {
    let document: OpenApiDocument;
    beforeAll(async () => {
      const response = await app.inject({ url: `${operatorRoutes.apiDocs}/json` });
      expect(response.statusCode).toBe(200);
      document = response.json<OpenApiDocument>();
    });

    it('is an OpenAPI 3.1 document with every route of the contract', () => {
      expect(document.openapi).toBe('3.1.0');
      // Every route table the contract exports: the buyer's and each back-office page's.
      const contractPaths = Object.values(contract as Record<string, unknown>)
        .filter(
          (value): value is Record<string, unknown> => typeof value === 'object' && value !== null,
        )
        .flatMap((table) => Object.values(table))
        .filter((path): path is string => typeof path === 'string' && path.startsWith('/api/'))
        .filter((path) => !path.startsWith(operatorRoutes.apiDocs))
        .map(openApiPath);
      expect(contractPaths.length).toBeGreaterThan(30);
      for (const path of contractPaths) expect(Object.keys(document.paths)).toContain(path);
    });

    it('leaves out the web pages and its own viewer', () => {
      for (const path of Object.keys(document.paths)) {
        expect(path.startsWith('/api/')).toBe(true);
        expect(path.startsWith(operatorRoutes.apiDocs)).toBe(false);
      }
    });

    it('shows the zod schemas and which calls need a token', () => {
      const pricing = document.paths[apiRoutes.pricing]!.post!;
      const body = pricing.requestBody!.content['application/json']!.schema;
      expect(body.required).toEqual(expect.arrayContaining(['productSkus', 'countryCode']));
      expect(pricing.security).toBeUndefined();
      expect(document.paths[apiRoutes.workshopList]!.get!.security).toEqual([
        { firebaseIdToken: [] },
      ]);
      expect(document.paths[sellerOrderRoutes.orders]!.get!.tags).toEqual(['Back office']);
    });

    it('documents the courses-portal hand-off: payload, signature and retries', () => {
      const handoff = document.webhooks.courseHandoff!.post;
      const payload = handoff.requestBody!.content['application/json']!.schema;
      expect(payload.properties!.type!.enum).toEqual([
        'enrollment.created',
        'enrollment.revoked',
        'enrollment.moved',
      ]);
      expect(payload.required).toEqual(
        expect.arrayContaining(['id', 'type', 'student', 'workshop', 'order']),
      );
      expect(handoff.description).toContain('x-handoff-signature');
      expect(handoff.description).toContain('30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h');
    });

    it('has a viewer that runs under the site’s Content-Security-Policy', async () => {
      let response = await app.inject({ url: operatorRoutes.apiDocs });
      for (let hops = 0; response.statusCode === 302 && hops < 3; hops += 1) {
        response = await app.inject({
          url: new URL(response.headers.location!, 'http://x').pathname,
        });
      }
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('swagger-ui');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)[^<]+<\/script>/);
    });
  });

  describe('GET /metrics', () => {
    const scrape = (authorization?: string, on = app) =>
      on.inject({
        url: operatorRoutes.metrics,
        headers: authorization ? { authorization } : {},
      });

    it('does not exist without METRICS_TOKEN', async () => {
      expect((await scrape(`Bearer ${METRICS_TOKEN}`, withoutToken)).statusCode).toBe(404);
    });

    it('refuses a missing or wrong token', async () => {
      for (const header of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
        const response = await scrape(header);
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain('wifi7_');
      }
    });

    it('answers Prometheus text: request latency by route, orders, backlogs, job lag', async () => {
      await app.inject({
        method: 'POST',
        url: apiRoutes.pricing,
        payload: { productSkus: ['WIFI7-LIVE'], countryCode: 'US', discountCode: '' },
      });
      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toMatch(
        /wifi7_http_request_duration_seconds_count\{method="POST",route="\/api\/courses\/pricing",status_code="200"\} 1/,
      );
      expect(text).toMatch(/wifi7_outbox_backlog\{outbox="handoffs"\} \d+/);
      expect(text).toMatch(/wifi7_outbox_backlog\{outbox="mail"\} \d+/);
      for (const queue of ['orders', 'handoffs', 'mail'])
        expect(text).toMatch(new RegExp(`wifi7_job_lag_seconds\\{queue="${queue}"\\} [\\d.]+`));
      expect(text).toMatch(/^wifi7_jobs_due \d+$/m);
      expect(text).toContain('process_cpu_user_seconds_total');
    });

    it('counts webhook deliveries by result', async () => {
      const forged = await app.inject({
        method: 'POST',
        url: '/api/webhooks/zoho',
        headers: { 'content-type': 'application/json' },
        payload: '{"event_id":"1"}',
      });
      expect(forged.statusCode).toBe(401);
      const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
      expect(text).toMatch(
        /wifi7_webhooks_total\{provider="zoho",result="refused",reason="(forged|malformed)"\} 1/,
      );
    });
  });

  it('counts rail calls by operation and outcome, and orders by state', async () => {
    const metrics = createMetrics(database.handle.db, new JobPulse());
    const rail = new FakeRail();
    const log = pino({ level: 'silent' });
    const service = new OrderService(
      database.handle.db,
      { paypal_invoice: rail },
      new HandoffDeliverer(
        database.handle.db,
        { webhookUrl: 'http://127.0.0.1:9', webhookSecret: 'x'.repeat(16) },
        log,
      ),
      log,
      {
        unpaidHoldsPerNetwork: 3,
        observeProviderCall: (...call) => metrics.observeProviderCall(...call),
      },
    );
    const placed = await service.placement.place({
      uid: 'uid-metrics',
      email: uniqueEmail(),
      rail: 'paypal_invoice',
      workshopSku: 'WIFI7-LIVE',
      batchId: 'B-JAN',
      discountCode: null,
      billing: LONDON_BILLING,
    });
    await service.issuing.issue(placed.order);
    rail.issueMode = 'down';
    const text = await metrics.registry.metrics();
    expect(text).toMatch(
      /wifi7_provider_calls_total\{rail="paypal_invoice",operation="issue",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /wifi7_provider_call_duration_seconds_count\{rail="paypal_invoice",operation="issue",outcome="ok"\} 1/,
    );
    expect(text).toMatch(/wifi7_orders\{rail="paypal_invoice",state="awaiting_payment"\} [1-9]/);
  });
});
