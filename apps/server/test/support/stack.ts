/**
 * A real stack for integration tests: the emulators (PayPal, Zoho, the
 * courses-portal receiver, the inbox) listening on a free port, the inbox's
 * SMTP receiver on another, and our app listening on a third, so webhooks,
 * hand-offs and our own e-mail travel over HTTP and SMTP exactly as in
 * production. Only the addresses differ.
 */
import { createHash, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { buildEmulators, type Emulators } from '@wifi7/emulators';
import type { SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DnsLookups } from '../../src/core/mail/sender-domain';
import type { Config } from '../../src/config/env';
import { testConfig, buildTestApp, type LogCapture } from './app';
import { loadTestCatalog } from './catalog';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';
import { orders } from '../../src/db/schema';
import { findOrder, scheduleCheck, type OrderRow } from '../../src/orders/repository';
import { apiRoutes } from '@wifi7/contract';
import { signedInBuyer } from './auth-emulator';
import { paypalInvoiceBody } from './request-bodies';

/**
 * A port that is free now and that no outbound connection will take before
 * we listen on it: one below the kernel's ephemeral range (32768 and up on
 * Linux). A port from `listen(0)` comes from that range, and on a busy
 * machine another worker's connection to the database or an emulator could
 * take it in the seconds before the app or the emulators listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + randomInt(12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface Stack {
  emulators: Emulators;
  emulatorsUrl: string;
  /** The inbox's SMTP port: the app's SMTP_URL points here. */
  smtpPort: number;
  app: Awaited<ReturnType<typeof buildTestApp>>;
  /** The app's configuration, to build a second instance against the same stack. */
  config: Config;
  appUrl: string;
  close(): Promise<void>;
}

/** A DNS that cannot be reached, at once: tests never depend on the network's DNS. */
const NO_DNS: DnsLookups = {
  resolveTxt: unreachable,
  resolveCname: unreachable,
  resolveNs: unreachable,
};
function unreachable(): Promise<never> {
  return Promise.reject(Object.assign(new Error('no DNS in tests'), { code: 'ECONNREFUSED' }));
}

export async function startStack(
  database: TestDatabase,
  options: {
    logs?: LogCapture;
    env?: Record<string, string>;
    paypalWebhooks?: boolean;
    zohoWebhooks?: boolean;
    /**
     * Where the app reaches the PayPal API when not directly (a gate in
     * front of it): PayPal names its webhook certificate on that host.
     */
    paypalApiBaseUrl?: string;
  } = {},
): Promise<Stack> {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const emulatorsPort = await freePort();
  const emulatorsUrl = `http://127.0.0.1:${emulatorsPort}`;
  const emulators = await buildEmulators({
    firebaseProjectId: 'demo-wifi7-workshop',
    publicUrl: emulatorsUrl,
    paypal: {
      webhookTargetUrl: options.paypalWebhooks === false ? null : `${appUrl}/api/webhooks/paypal`,
      webhookRetryDelaysMs: [100, 300],
      apiBaseUrl: options.paypalApiBaseUrl,
    },
    zoho: {
      webhookTargetUrl: options.zohoWebhooks === false ? null : `${appUrl}/api/webhooks/zoho`,
      webhookRetryDelaysMs: [100, 300],
    },
  });
  await emulators.app.listen({ host: '127.0.0.1', port: emulatorsPort });
  const smtpPort = await emulators.smtp.listen({ host: '127.0.0.1', port: 0 });

  const config = testConfig({
    PAYPAL_API_BASE_URL: `${emulatorsUrl}/paypal`,
    COURSES_PORTAL_WEBHOOK_URL: `${emulatorsUrl}/portal/api/enrollments`,
    ZOHO_ACCOUNTS_URL: `${emulatorsUrl}/zoho/accounts`,
    ZOHO_BOOKS_API_URL: `${emulatorsUrl}/zoho/books/v3`,
    ZOHO_PAYMENTS_API_URL: `${emulatorsUrl}/zoho/payments/api/v1`,
    PROVIDER_TIMEOUT_MS: '2000',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: '"Wi-Fi 7 Workshop" <workshop@example.com>',
    SIGN_IN_MAIL: 'site',
    // The suites' buyers check out from this machine; hoarding.test.ts tests the cap.
    UNPAID_HOLDS_PER_NETWORK: '1000',
    ...options.env,
  });
  // No suite asks the real DNS (the back office's sender-domain check): it answers at once, "unreachable".
  const app = await buildTestApp(database.handle, { config, logs: options.logs, dns: NO_DNS });
  givesEachBuyerAnAddress(app);
  await app.listen({ host: '127.0.0.1', port: appPort });
  return {
    emulators,
    emulatorsUrl,
    smtpPort,
    app,
    config,
    appUrl,
    async close() {
      // Keep-alive sockets between the emulators and the app would hold close() for 72 s.
      const closing = Promise.all([app.close(), emulators.app.close()]);
      app.server.closeAllConnections();
      emulators.app.server.closeAllConnections();
      await closing;
    },
  };
}

/**
 * Buyers come from addresses of their own, as in life: an injected request
 * with a bearer token and no `remoteAddress` comes from an address made
 * from its token, so the limits per client address and network (unpaid
 * holds per batch, waitlist joins) count each test buyer apart. A test of
 * those limits names the address it sends from.
 */
function givesEachBuyerAnAddress(app: Stack['app']): void {
  const inject = app.inject.bind(app);
  app.inject = ((options: InjectOptions | string) => {
    if (typeof options === 'string' || options.remoteAddress) return inject(options);
    const authorization = options.headers?.authorization;
    if (typeof authorization !== 'string') return inject(options);
    const [a, b, c] = createHash('sha256').update(authorization).digest();
    return inject({ ...options, remoteAddress: `10.${a}.${b}.${c}` });
  }) as typeof app.inject;
}

/** Calls a control route of the emulators over HTTP, as a test or a person would. */
export async function control(
  stack: Pick<Stack, 'emulatorsUrl'>,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${stack.emulatorsUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface StackContext {
  database: TestDatabase;
  stack: Stack;
}

/**
 * For a describe block: a fresh database of `kind` with the test catalog and
 * a running stack before its tests, both closed after them.
 */
export function useStack(
  kind: DatabaseKind,
  options: Parameters<typeof startStack>[1] = {},
): StackContext {
  const context = {} as StackContext;
  beforeAll(async () => {
    context.database = await createTestDatabase(kind);
    await loadTestCatalog(context.database.handle.db);
    context.stack = await startStack(context.database, options);
  });
  afterAll(async () => {
    await context.stack?.close();
    await context.database?.dispose();
  });
  return context;
}

/**
 * Makes the orders matching `where` due for their next provider check and
 * runs one pass of the reconciliation job, as its timer would. Webhooks
 * already on their way are let through first: an order row a webhook holds
 * locked is skipped by the job (SKIP LOCKED), which would make the pass
 * depend on timing.
 */
export async function reconcileNow(context: StackContext, where: SQL | undefined): Promise<void> {
  await context.stack.emulators.paypal.webhooks.idle();
  await context.stack.emulators.zoho.webhooks.idle();
  const { db } = context.database.handle;
  const due = await db.select({ id: orders.id }).from(orders).where(where);
  for (const { id } of due) await scheduleCheck(db, id, new Date());
  await context.stack.app.services.orders.reconciler.reconcileDue();
}

/** A new buyer (named after `label`) checks out by PayPal invoice; the order as placed and issued. */
export async function placePaypalOrder(
  context: StackContext,
  label: string,
  overrides: Parameters<typeof paypalInvoiceBody>[1] = {},
): Promise<OrderRow> {
  const { email, idToken } = await signedInBuyer(label);
  const response = await fetch(`${context.stack.appUrl}${apiRoutes.paypalInvoice}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(paypalInvoiceBody(email, overrides)),
  });
  if (response.status !== 200) {
    throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  }
  const { orderId } = (await response.json()) as { orderId: string };
  return (await findOrder(context.database.handle.db, orderId))!;
}

/** The same, and the buyer pays the invoice at the PayPal emulator; the order once paid. */
export async function paidPaypalOrder(
  context: StackContext,
  label: string,
  overrides: Parameters<typeof paypalInvoiceBody>[1] = {},
): Promise<OrderRow> {
  const placed = await placePaypalOrder(context, label, overrides);
  await control(context.stack, `/paypal/_control/invoices/${placed.providerReference}/pay`, {});
  return until(async () => {
    const order = await findOrder(context.database.handle.db, placed.id);
    return order?.status === 'paid' ? order : undefined;
  }, 'the order to be paid');
}
