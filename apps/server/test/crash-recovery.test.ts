/**
 * A server process killed with SIGKILL while a provider call is on its way,
 * and started again: the order the buyer placed is neither lost nor issued
 * twice. The server runs as its own process (as in production), against
 * PostgreSQL and the provider emulators; the emulators answer the create
 * only after the process is dead, as a provider that acted and whose
 * answer never arrived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { buildEmulators, type Emulators } from '@wifi7/emulators';
import { apiRoutes } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { type OrderRow } from '../src/orders/repository';
import { findOrderWithAttention } from './support/attention';
import { findRepositoryRoot } from '../src/lib/repository-root';
import { testEnv } from './support/app';
import { authEmulatorHost, signedInBuyer, TEST_PROJECT_ID } from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { control, freePort, until } from './support/stack';

/** The reconcile loop's period in the restarted process. */
const JOBS_INTERVAL_SECONDS = 2;
const repositoryRoot = findRepositoryRoot();

describe('a server killed mid-create', () => {
  let database: TestDatabase;
  let emulators: Emulators;
  let emulatorsUrl: string;
  let appUrl: string;
  let appPort: number;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await loadTestCatalog(database.handle.db);
    appPort = await freePort();
    appUrl = `http://127.0.0.1:${appPort}`;
    const emulatorsPort = await freePort();
    emulatorsUrl = `http://127.0.0.1:${emulatorsPort}`;
    emulators = await buildEmulators({
      firebaseProjectId: TEST_PROJECT_ID,
      publicUrl: emulatorsUrl,
      paypal: { webhookTargetUrl: `${appUrl}/api/webhooks/paypal`, webhookRetryDelaysMs: [200] },
      zoho: { webhookTargetUrl: `${appUrl}/api/webhooks/zoho`, webhookRetryDelaysMs: [200] },
    });
    await emulators.app.listen({ host: '127.0.0.1', port: emulatorsPort });
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    const closing = emulators?.app.close();
    emulators?.app.server.closeAllConnections();
    await closing;
    await database?.dispose();
  });

  /** Starts the server process and waits until it answers its health check. */
  async function startServer(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/server.ts')],
      {
        cwd: repositoryRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          ...testEnv,
          // tsx reads the tsconfig of its working folder; the server's sets its JSX (the e-mails).
          TSX_TSCONFIG_PATH: path.join(repositoryRoot, 'apps/server/tsconfig.json'),
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          DATABASE_URL: database.url!,
          HOST: '127.0.0.1',
          PORT: String(appPort),
          LOG_LEVEL: 'warn',
          JOBS_INTERVAL_SECONDS: String(JOBS_INTERVAL_SECONDS),
          PROVIDER_TIMEOUT_MS: '20000',
          PAYPAL_API_BASE_URL: `${emulatorsUrl}/paypal`,
          COURSES_PORTAL_WEBHOOK_URL: `${emulatorsUrl}/portal/api/enrollments`,
          ZOHO_ACCOUNTS_URL: `${emulatorsUrl}/zoho/accounts`,
          ZOHO_BOOKS_API_URL: `${emulatorsUrl}/zoho/books/v3`,
          ZOHO_PAYMENTS_API_URL: `${emulatorsUrl}/zoho/payments/api/v1`,
        },
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
        return fetch(`${appUrl}${apiRoutes.health}`)
          .then((response) => response.ok)
          .catch(() => false);
      },
      'the server to answer its health check',
      90_000,
    );
    return child;
  }

  async function kill(child: ChildProcess): Promise<void> {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  const post = (idToken: string, route: string, body: unknown) =>
    fetch(`${appUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    }).catch(() => undefined); // The process dies before it answers.

  /**
   * The buyer's request makes the server send a create that the provider
   * carries out only later; the process is killed while it waits.
   */
  async function killDuringCreate(
    child: ChildProcess,
    create: { provider: 'paypal' | 'zoho'; createPath: string; send: () => Promise<unknown> },
  ): Promise<void> {
    await control({ emulatorsUrl }, `/${create.provider}/_control/faults`, {
      mode: 'slow',
      delayMs: 3000,
      times: 1,
      path: `^${create.createPath}$`,
    });
    void create.send();
    const requests =
      create.provider === 'paypal' ? emulators.paypal.requests : emulators.zoho.requests;
    await until(
      async () =>
        requests
          .list({ method: 'POST' })
          .some((request) => request.path.endsWith(create.createPath)),
      `the create to reach ${create.provider}`,
    );
    await kill(child);
  }

  /** Waits until the order is in a state the predicate accepts. */
  type Observed = OrderRow & { attention: string | null };
  const orderWhen = (id: string, accept: (order: Observed) => boolean, what: string) =>
    until(
      async () => {
        const order = await findOrderWithAttention(database.handle.db, id);
        return order && accept(order) ? order : undefined;
      },
      what,
      90_000,
    );

  const orderOf = async (email: string): Promise<OrderRow | undefined> =>
    (await database.handle.db.select().from(orders).where(eq(orders.email, email)))[0];

  it(
    'PayPal: the restarted server finds the invoice made without an answer and sends no second one',
    { timeout: 240_000 },
    async () => {
      const { email, idToken } = await signedInBuyer('crash.paypal');
      server = await startServer();
      // The create reaches PayPal, which acts only after the process is gone.
      await killDuringCreate(server, {
        provider: 'paypal',
        createPath: '/v2/invoicing/invoices',
        send: () => post(idToken, apiRoutes.paypalInvoice, paypalInvoiceBody(email)),
      });
      const placed = (await orderOf(email))!;
      expect(placed).toMatchObject({ status: 'pending', providerReference: null });
      const invoiceNumber = `W7-${placed.id}`;
      await until(async () => emulators.paypal.store.byNumber(invoiceNumber), 'PayPal to act');

      const restartedAt = Date.now();
      server = await startServer();
      const issued = await orderWhen(
        placed.id,
        (order) => order.status === 'awaiting_payment',
        'the restarted server to finish the order',
      );
      const seconds = (Date.now() - restartedAt) / 1000;
      // A figure for the record, not a pass mark: how long recovery took on this machine.
      process.stdout.write(`PayPal order finished ${seconds.toFixed(1)} s after the restart.\n`);
      const invoices = emulators.paypal.store
        .list()
        .filter((invoice) => invoice.detail.invoice_number === invoiceNumber);
      expect(invoices).toHaveLength(1);
      // Sent once: UNPAID is PayPal's word for an invoice sent and awaiting payment.
      expect(invoices[0]).toMatchObject({ id: issued.providerReference, status: 'UNPAID' });
      await kill(server);
      server = undefined;
    },
  );

  it(
    'Zoho: the restarted server makes no second link; the link Zoho made settles the order when paid',
    { timeout: 240_000 },
    async () => {
      const { email, idToken } = await signedInBuyer('crash.zoho');
      server = await startServer();
      const contact = await fetch(`${appUrl}${apiRoutes.zohoContacts}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
        body: JSON.stringify(zohoContactBody(email)),
      });
      expect(contact.status).toBe(200);
      await killDuringCreate(server, {
        provider: 'zoho',
        createPath: '/payments/api/v1/paymentlinks',
        send: () => post(idToken, apiRoutes.zohoCheckout, zohoCheckoutBody(email)),
      });
      const placed = (await orderOf(email))!;
      const links = () =>
        emulators.zoho.links.all().filter((link) => link.reference_id === placed.id);
      await until(async () => links().length === 1, 'Zoho to act');

      server = await startServer();
      const flagged = await orderWhen(
        placed.id,
        (order) => order.attention !== null,
        'the restarted server to hand the order to the seller',
      );
      expect(flagged).toMatchObject({ status: 'pending', holdsReserved: true });
      await control(
        { emulatorsUrl },
        `/zoho/_control/payment-links/${links()[0]!.payment_link_id}/pay`,
        {},
      );
      const paid = await orderWhen(
        placed.id,
        (order) => order.status === 'paid',
        'the payment to settle the order',
      );
      expect(paid).toMatchObject({
        providerReference: links()[0]!.payment_link_id,
        attention: null,
      });
      expect(links()).toHaveLength(1);
    },
  );
});
