/**
 * What an operator graphs and alerts on, in Prometheus' text format
 * (GET /metrics). Two kinds, named so a dashboard can tell them apart:
 *
 * - this instance's own counts since it started — HTTP latency by route,
 *   calls to the payment rails by operation and outcome with their latency,
 *   webhook deliveries by result, when its background jobs last completed
 *   a pass and whether they are stalled, and Node's process figures. Sum
 *   the counts across instances; alert on any one instance's stall.
 * - the business as the database sees it, read at each scrape and the same
 *   on every instance — orders by state, the hand-off and e-mail outboxes'
 *   backlog, how late the oldest due job is and how many jobs are due. Take one instance's value
 *   (max), never a sum.
 *
 * Each app has a registry of its own (tests build many apps in a process).
 */
import { and, isNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';
import { jobs as jobRows, mailOutbox, orders, portalHandoffs } from '../../db/schema';
import { HANDOFF_JOB } from '../../enrolment/portal-handoff';
import { MAIL_JOB } from '../../core/mail/outbox';
import type { JobPulse } from '../../core/jobs/pulse';
import { ORDER_CHECK_JOB } from '../../orders/repository';

/** Seconds; from a fast cached read to a provider call near its time-out. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type WebhookResult = 'processed' | 'repeated' | 'refused';

export interface AppMetrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  observeProviderCall(rail: string, operation: string, outcome: string, seconds: number): void;
  countWebhook(provider: string, result: WebhookResult, reason?: string): void;
}

export function createMetrics(db: Database, jobs: JobPulse): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'wifi7_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template (this instance)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'wifi7_provider_calls_total',
    help: 'Calls to a payment rail by operation and outcome (this instance)',
    labelNames: ['rail', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'wifi7_provider_call_duration_seconds',
    help: 'Time a call to a payment rail took, retries included (this instance)',
    labelNames: ['rail', 'operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'wifi7_webhooks_total',
    help: 'Webhook deliveries from the providers by result; refusals by reason (this instance)',
    labelNames: ['provider', 'result', 'reason'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'wifi7_jobs_last_pass_timestamp_seconds',
    help: 'When this instance last ran every background job of a pass to its end (Unix time; 0: not yet)',
    registers: [registry],
    collect() {
      this.set((jobs.lastCompletedPassAt?.getTime() ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'wifi7_jobs_stalled',
    help: "1 when this instance's background jobs completed no pass for 5 intervals (readiness says jobs: stalled)",
    registers: [registry],
    collect() {
      this.set(jobs.stalled() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'wifi7_orders',
    help: 'Orders by rail and state (the database; the same on every instance)',
    labelNames: ['rail', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ rail: orders.rail, state: orders.status, count: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.rail, orders.status);
      this.reset();
      for (const row of rows) this.set({ rail: row.rail, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'wifi7_outbox_backlog',
    help: 'Hand-offs to the courses portal and e-mails not yet delivered (the database)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      const handoffs = await db.$count(portalHandoffs, isNull(portalHandoffs.deliveredAt));
      this.set({ outbox: 'handoffs' }, handoffs);
      this.set({ outbox: 'mail' }, await db.$count(mailOutbox, isNull(mailOutbox.sentAt)));
    },
  });
  /** Jobs past their time and not yet run. */
  const due = and(isNull(jobRows.doneAt), lte(jobRows.runAt, sql`now()`));
  const secondsLate = (column: AnyPgColumn) =>
    sql<number>`coalesce(extract(epoch from now() - min(${column})), 0)::float`;
  new Gauge({
    name: 'wifi7_job_lag_seconds',
    help: 'How long the oldest due job has waited past its time, by queue (the database); near zero while the jobs keep up',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const late = await db
        .select({ kind: jobRows.kind, seconds: secondsLate(jobRows.runAt) })
        .from(jobRows)
        .where(due)
        .groupBy(jobRows.kind);
      const queues = { orders: ORDER_CHECK_JOB, handoffs: HANDOFF_JOB, mail: MAIL_JOB };
      for (const [queue, kind] of Object.entries(queues))
        this.set({ queue }, Number(late.find((row) => row.kind === kind)?.seconds ?? 0));
    },
  });
  new Gauge({
    name: 'wifi7_jobs_due',
    help: 'Jobs past their time and not yet run, of every kind (the database); near zero while the jobs keep up',
    registers: [registry],
    async collect() {
      this.set(await db.$count(jobRows, due));
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeProviderCall(rail, operation, outcome, seconds) {
      providerCalls.inc({ rail, operation, outcome });
      providerDuration.observe({ rail, operation, outcome }, seconds);
    },
    countWebhook(provider, result, reason = '') {
      webhooks.inc({ provider, result, reason });
    },
  };
}
