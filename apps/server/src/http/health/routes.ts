/**
 * Health for load balancers and orchestrators. Liveness says the process
 * answers and never touches the database, so a database outage does not get
 * every instance restarted. Readiness says this instance can serve: the
 * database answers, has every migration this build ships, still writes
 * (write-check.ts), and the background jobs run (or were switched off on
 * purpose) and still complete a pass (not `stalled`: see jobs/pulse.ts); while the instance
 * closes it answers 503 so traffic drains. `/api/health` is readiness under
 * its old name and body: load balancers used it as "200 only when the
 * database answers".
 */
import { apiRoutes } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { freezeAnswer } from '../../lib/frozen-answers';
import { withTimeout } from '../../lib/with-timeout';
import { appliedMigrationCount, shippedMigrationCount, type Database } from '../../db/client';
import { cachedWriteCheck } from './write-check';
import { JobPulse } from '../../core/jobs/pulse';

/** Longer than any healthy answer; an orchestrator's probe should give up after this too. */
const DATABASE_CHECK_TIMEOUT_MS = 3000;

/** What the process tells readiness about itself; server.ts keeps it current. */
export class InstanceState {
  jobs: 'off' | 'running' | 'stopped' = 'off';
  closing = false;
  /** The job runner of this instance reports its complete passes here (server.ts). */
  readonly jobPulse = new JobPulse();

  /** The jobs as readiness says them: running jobs that complete no pass are `stalled`. */
  jobsState(now = new Date()): 'off' | 'running' | 'stopped' | 'stalled' {
    return this.jobs === 'running' && this.jobPulse.stalled(now) ? 'stalled' : this.jobs;
  }
}

const okSchema = z.object({ status: z.literal('ok') });
/** Liveness's one answer: frozen, so it is checked and written once (lib/frozen-answers.ts). */
const ALIVE = freezeAnswer({ status: 'ok' as const });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'behind', 'unknown']),
  /** Whether the database still writes (a full disk fails it); asked once it is up to date. */
  storage: z.enum(['ok', 'failing', 'unknown']),
  jobs: z.enum(['off', 'running', 'stopped', 'stalled']),
  closing: z.boolean(),
});
type Readiness = z.infer<typeof readinessSchema>;

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  instance: InstanceState;
  /** Rejects when the database cannot write (DatabaseHandle.probeWrites). */
  probeWrites: () => Promise<void>;
}> = async (app, { db, instance, probeWrites }) => {
  const shipped = shippedMigrationCount();
  const checkWrites = cachedWriteCheck(probeWrites, app.log);

  const readiness = async (): Promise<Readiness> => {
    let applied: number | undefined;
    try {
      applied = await withTimeout(appliedMigrationCount(db), DATABASE_CHECK_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer');
    }
    const database = applied === undefined ? 'unreachable' : 'ok';
    const migrations = applied === undefined ? 'unknown' : applied >= shipped ? 'ok' : 'behind';
    const storage = migrations === 'ok' ? await checkWrites() : 'unknown';
    const jobs = instance.jobsState();
    // Storage is only asked of a database that answers and is up to date.
    const ready = storage === 'ok' && jobs !== 'stopped' && jobs !== 'stalled' && !instance.closing;
    return {
      status: ready ? 'ok' : 'unavailable',
      database,
      migrations,
      storage,
      jobs,
      closing: instance.closing,
    };
  };

  const options = { logLevel: 'warn', config: { access: 'public', rateLimit: false } } as const;

  app.get(
    apiRoutes.healthLive,
    { ...options, schema: { response: { 200: okSchema } } },
    async () => ALIVE,
  );

  app.get(
    apiRoutes.healthReady,
    { ...options, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const report = await readiness();
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );

  app.get(
    apiRoutes.health,
    {
      ...options,
      schema: {
        response: { 200: okSchema, 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      const { status } = await readiness();
      return reply.code(status === 'ok' ? 200 : 503).send({ status });
    },
  );
};
