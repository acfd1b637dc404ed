/**
 * The world the fault matrix runs in: one stack for every cell (our app
 * and the emulators, on PGlite), each provider behind a gate of its own,
 * and what a cell needs of it — a buyer's calls to our API, the order rows,
 * the provider objects made for them, and the knobs: arm a fault on one
 * provider, lift every fault, put a finished cell's orders aside.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { jobs, orders, portalHandoffs } from '../src/db/schema';
import { HANDOFF_JOB } from '../src/enrolment/portal-handoff';
import { loadCatalog } from '../src/catalog/catalog-file';
import { withAttention } from '../src/orders/attention';
import { ORDER_CHECK_JOB, type OrderRow } from '../src/orders/repository';
import type { TestBuyer } from '../test/support/auth-emulator';
import { testCatalog } from '../test/support/catalog';
import { createTestDatabase } from '../test/support/databases';
import { ProviderGate } from '../test/support/provider-gate';
import { control, startStack, until, type StackContext } from '../test/support/stack';

export type ObservedOrder = OrderRow & { attention: string | null };

export type ProviderName = 'paypal' | 'zoho-books' | 'zoho-payments' | 'portal';

/**
 * How long one call to PayPal, Zoho or the courses portal may take: short,
 * so a slow provider costs seconds, not minutes.
 */
export const PROVIDER_TIMEOUT_MS = 1000;

export interface World extends StackContext {
  gates: Record<ProviderName, ProviderGate>;
}

/** Where each provider's fault control lives, and which of its paths the provider is. */
const FAULT_CONTROL: Record<ProviderName, { mount: string; path?: string }> = {
  paypal: { mount: '/paypal' },
  'zoho-books': { mount: '/zoho', path: '^/books/' },
  'zoho-payments': { mount: '/zoho', path: '^/payments/' },
  portal: { mount: '/portal' },
};

/**
 * The test catalog with room for every cell's seat: each cell's order holds
 * one, and one batch of 30 would run out before the matrix does.
 */
const roomyCatalog = {
  ...testCatalog,
  workshops: testCatalog.workshops.map((workshop) => ({
    ...workshop,
    batches: workshop.batches.map((batch) => ({ ...batch, seatCapacity: 1000 })),
  })),
};

/** For the matrix's describe block: the world before its cells, closed after them. */
export function useWorld(): World {
  const world = {} as World;
  beforeAll(async () => {
    world.database = await createTestDatabase('pglite');
    await loadCatalog(world.database.handle.db, roomyCatalog);
    const [paypal, books, payments, portal] = await Promise.all(
      [1, 2, 3, 4].map(() => ProviderGate.open()),
    );
    world.gates = {
      paypal: paypal!,
      'zoho-books': books!,
      'zoho-payments': payments!,
      portal: portal!,
    };
    world.stack = await startStack(world.database, {
      env: {
        PAYPAL_API_BASE_URL: `${world.gates.paypal.url}/paypal`,
        ZOHO_BOOKS_API_URL: `${world.gates['zoho-books'].url}/zoho/books/v3`,
        ZOHO_PAYMENTS_API_URL: `${world.gates['zoho-payments'].url}/zoho/payments/api/v1`,
        COURSES_PORTAL_WEBHOOK_URL: `${world.gates.portal.url}/portal/api/enrollments`,
        PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
        // Every cell calls from the same address: our own per-address limits would
        // answer 429 long before the matrix is done, and they are not what it measures.
        RATE_LIMITS_ENABLED: 'false',
      },
      paypalApiBaseUrl: `${world.gates.paypal.url}/paypal`,
    });
    const emulatorsPort = Number(new URL(world.stack.emulatorsUrl).port);
    for (const gate of Object.values(world.gates)) gate.forwardTo(emulatorsPort);
  });
  afterAll(async () => {
    await Promise.all(Object.values(world.gates ?? {}).map((gate) => gate.down()));
    await world.stack?.close();
    await world.database?.dispose();
  });
  return world;
}

// ── Faults ──────────────────────────────────────────────────────────────────

/** A fault request for an emulator's control API (see tools/emulators/src/faults.ts). */
export interface EmulatorFault {
  mode: 'http-500' | 'http-429' | 'garbage' | 'slow' | 'lost-answer';
  times?: number;
  delayMs?: number;
  path?: string;
  method?: 'GET' | 'POST';
}

/** Closes the provider's gate, or arms the fault on its emulator. */
export async function armFault(
  world: World,
  provider: ProviderName,
  fault: 'down' | EmulatorFault,
): Promise<void> {
  if (fault === 'down') {
    await world.gates[provider].down();
    return;
  }
  const { mount, path } = FAULT_CONTROL[provider];
  await control(world.stack, `${mount}/_control/faults`, { path, ...fault });
}

/** Opens every gate and disarms every emulator: the outage is over. */
export async function liftFaults(world: World): Promise<void> {
  await Promise.all(Object.values(world.gates).map((gate) => gate.up()));
  for (const mount of ['/paypal', '/zoho', '/portal']) {
    await fetch(`${world.stack.emulatorsUrl}${mount}/_control/faults`, { method: 'DELETE' });
  }
}

// ── The buyer ───────────────────────────────────────────────────────────────

export interface Answer {
  status: number;
  body: unknown;
}

/** A signed-in buyer calling our API as the web app does, every answer kept. */
export class BuyerSession {
  readonly answers: { call: string; status: number }[] = [];
  /**
   * A name of their own: Books wants unique contact names, and a name taken
   * by an earlier cell's buyer would turn the contact step's create into a
   * refusal and a second try.
   */
  readonly name = `Asha Rao-${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly world: World,
    readonly buyer: TestBuyer,
  ) {}

  get email(): string {
    return this.buyer.email;
  }

  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.world.stack.appUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.buyer.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    this.answers.push({ call: `${method} ${path}`, status: response.status });
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** The buyer's orders, oldest first, with what each asks of the seller. */
  async orders(): Promise<ObservedOrder[]> {
    const { db } = this.world.database.handle;
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.email, this.email))
      .orderBy(orders.createdAt);
    return withAttention(db, rows);
  }
}

// ── Quiet moments ───────────────────────────────────────────────────────────

/** Lets the webhooks already on their way arrive (and their retries run out). */
export async function webhooksDelivered(world: World): Promise<void> {
  await world.stack.emulators.paypal.webhooks.idle();
  await world.stack.emulators.zoho.webhooks.idle();
}

/**
 * Waits until every hand-off of the orders has had its first attempt (the
 * one sent as the order became paid) or was delivered; later attempts are
 * the matrix's own, awaited where it makes them.
 */
export async function handoffsAttempted(world: World, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await until(async () => {
    const rows = await world.database.handle.db
      .select()
      .from(portalHandoffs)
      .where(inArray(portalHandoffs.orderId, orderIds));
    return rows.every((row) => row.deliveredAt !== null || row.attempts > 0);
  }, 'the first hand-off attempts');
}

/** How many of the orders' hand-offs our side has recorded as delivered. */
export async function handoffsDeliveredOf(world: World, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await world.database.handle.db
    .select()
    .from(portalHandoffs)
    .where(inArray(portalHandoffs.orderId, orderIds));
  return rows.filter((row) => row.deliveredAt !== null).length;
}

/** Sends the orders' undelivered hand-offs now, as the outbox worker would when they are due. */
export async function deliverHandoffsNow(world: World, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await handoffJobsAt(world, orderIds, sql`now()`);
  await world.stack.app.services.handoffs.deliverDue();
}

/**
 * Puts a finished cell's orders aside: no reconciliation pass and no
 * hand-off run of a later cell picks them up, so the fault that cell arms
 * (a lost answer is used up by the first matching call) meets its own order.
 */
export async function putAside(world: World, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const { db } = world.database.handle;
  await db
    .update(jobs)
    .set({ doneAt: sql`now()` })
    .where(and(eq(jobs.kind, ORDER_CHECK_JOB), inArray(jobs.key, orderIds), isNull(jobs.doneAt)));
  await handoffJobsAt(world, orderIds, sql`now() + interval '1 day'`);
}

/** Moves the jobs that deliver the orders' undelivered hand-offs to `at`. */
async function handoffJobsAt(world: World, orderIds: string[], at: SQL): Promise<void> {
  const { db } = world.database.handle;
  const waiting = db
    .select({ id: portalHandoffs.id })
    .from(portalHandoffs)
    .where(and(inArray(portalHandoffs.orderId, orderIds), isNull(portalHandoffs.deliveredAt)));
  await db
    .update(jobs)
    .set({ runAt: at })
    .where(and(eq(jobs.kind, HANDOFF_JOB), inArray(jobs.key, waiting), isNull(jobs.doneAt)));
}
