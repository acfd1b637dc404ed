/**
 * Fault injection shared by the PayPal and Zoho emulators and the
 * courses-portal receiver. A test (or a person) arms one fault; the next matching requests
 * then fail the way a real outage would: an error status, a rate limit
 * (429 with Retry-After), a connection dropped without an answer, a 200
 * whose body is not the documented shape, an answer that comes late, or an
 * answer lost after the service acted. Each service keeps its own injector
 * and says how its own error bodies look.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const FAULT_MODES = [
  'none',
  'http-500',
  'http-503',
  'http-429',
  'network',
  'garbage',
  'slow',
  'lost-answer',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type ActiveFaultMode = Exclude<FaultMode, 'none'>;

/** Delay of `slow` when the request gives none. */
export const DEFAULT_SLOW_MS = 5000;

/** What `http-429` answers in its Retry-After header: short, so a client that obeys it recovers soon. */
export const RETRY_AFTER_SECONDS = 1;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface FaultRule {
  mode: ActiveFaultMode;
  /** Matching requests still to fail; `null` means until reset. */
  remaining: number | null;
  delayMs: number;
  /** Source of the regular expression the request path must match; `null` matches every path. */
  path: string | null;
  /**
   * The request method it applies to; `null` matches every method. A read and
   * a write often share a path (Books looks contacts up and creates them on
   * `/contacts`), and `lost-answer` is about the write.
   */
  method: (typeof METHODS)[number] | null;
  /**
   * Source of a regular expression the request body must match (the
   * courses portal: one student's hand-offs); `null` matches every body.
   * Where a service does not offer the body, a rule with one never applies.
   */
  body: string | null;
  /** What `garbage` answers: a JSON object of the wrong shape, or an HTML page. */
  garbage: 'json' | 'html';
}

/** The error bodies each service answers in its own wire format. */
export interface FaultResponders {
  error(reply: FastifyReply, status: FaultStatus): FastifyReply;
}

export type FaultStatus = 429 | 500 | 503;

const STATUS_OF_MODE = { 'http-429': 429, 'http-500': 500, 'http-503': 503 } as const;

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

function faultRequestSchema<M extends FaultMode>(modes: readonly [M, ...M[]]) {
  return z
    .object({
      mode: z.enum(modes),
      times: z.coerce.number().int().positive().optional(),
      delayMs: z.coerce.number().int().min(0).max(600_000).optional(),
      path: z.string().max(500).refine(isRegExp, 'not a valid regular expression').optional(),
      method: z.enum(METHODS).optional(),
      body: z.string().max(500).refine(isRegExp, 'not a valid regular expression').optional(),
      garbage: z.enum(['json', 'html']).optional(),
    })
    .strict();
}

export class FaultInjector<M extends FaultMode = FaultMode> {
  private rule: FaultRule | undefined;
  private pattern: RegExp | undefined;
  private bodyPattern: RegExp | undefined;
  private readonly schema;

  constructor(readonly modes: readonly [M, ...M[]]) {
    this.schema = faultRequestSchema(modes);
  }

  /** Arms the fault described by a control request (`mode: "none"` disarms). */
  arm(input: unknown): { ok: true; rule: FaultRule | null } | { ok: false; issues: string[] } {
    const parsed = this.schema.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        issues: parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
        ),
      };
    }
    const { mode, times, delayMs, path, method, body, garbage } = parsed.data;
    if (mode === 'none') {
      this.reset();
      return { ok: true, rule: null };
    }
    this.rule = {
      mode: mode as ActiveFaultMode,
      remaining: times ?? null,
      delayMs: delayMs ?? (mode === 'slow' ? DEFAULT_SLOW_MS : 0),
      path: path || null,
      method: method ?? null,
      body: body || null,
      garbage: garbage ?? 'json',
    };
    this.pattern = this.rule.path ? new RegExp(this.rule.path) : undefined;
    this.bodyPattern = this.rule.body ? new RegExp(this.rule.body) : undefined;
    return { ok: true, rule: this.current() };
  }

  reset(): void {
    this.rule = undefined;
    this.pattern = undefined;
    this.bodyPattern = undefined;
  }

  current(): FaultRule | null {
    return this.rule ? { ...this.rule } : null;
  }

  /**
   * Uses up one request of the armed fault if it applies to the method and
   * to one of the given paths (a service may offer the path both with and
   * without its mount prefix, so either spelling of a pattern works) and,
   * for a rule with a body pattern, to the request's body.
   */
  take(paths: readonly string[], method?: string, body?: string | null): FaultRule | undefined {
    const rule = this.rule;
    if (!rule) return undefined;
    if (rule.method && method?.toUpperCase() !== rule.method) return undefined;
    if (this.pattern && !paths.some((path) => this.pattern?.test(path))) return undefined;
    if (this.bodyPattern && !(body != null && this.bodyPattern.test(body))) return undefined;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.reset();
    }
    return { ...rule };
  }
}

const GARBAGE_HTML = `<!doctype html><html><head><title>Service notice</title></head>
<body><h1>We'll be right back</h1><p>This is not the answer you were looking for.</p></body></html>`;

/** Requests whose route is to run and whose answer is then dropped (`lost-answer`). */
const answersToLose = new WeakSet<FastifyRequest>();

/**
 * Carries out a fault inside a Fastify hook. Returns true when the request
 * was answered (or its connection dropped) and the route must not run.
 * Under `lost-answer` the route runs; `installLostAnswerHook` drops its answer.
 */
export async function applyFault(
  fault: FaultRule,
  request: FastifyRequest,
  reply: FastifyReply,
  responders: FaultResponders,
): Promise<boolean> {
  switch (fault.mode) {
    case 'slow':
      await sleep(fault.delayMs);
      return false;
    case 'http-429':
    case 'http-500':
    case 'http-503':
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.mode === 'http-429') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      responders.error(reply, STATUS_OF_MODE[fault.mode]);
      return true;
    case 'garbage':
      if (fault.garbage === 'html')
        reply.code(200).type('text/html; charset=utf-8').send(GARBAGE_HTML);
      else reply.code(200).type('application/json').send({ unexpected: true });
      return true;
    case 'network':
      // No status line at all: the client sees the connection reset, as when
      // a load balancer or the provider's edge drops it.
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    case 'lost-answer':
      answersToLose.add(request);
      return false;
  }
}

/**
 * Drops the answer of a request armed with `lost-answer` once its route has
 * run: the service acted (the invoice was sent, the link made, the contact
 * created), and the caller sees the connection close without an answer, as
 * when it breaks on the way back. Fastify then writes to a destroyed socket,
 * which Node discards quietly; no answer, no error and no `onResponse`, so
 * the request's record keeps no status code.
 */
export function installLostAnswerHook(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (answersToLose.has(request)) request.raw.socket.destroy();
    return payload;
  });
}

/** Where a request's record notes the fault it got (a provider's request log). */
export interface FaultMarker {
  markFault(request: FastifyRequest, mode: FaultMode): void;
}

/**
 * Adds the fault hook to one of a provider's API contexts, after its
 * request recorder so that a faulted request is still recorded. A pattern
 * is tried on the path with and without the mount prefix, so either
 * spelling of it works.
 */
export function installFaultHook(
  app: FastifyInstance,
  injector: FaultInjector,
  requests: FaultMarker,
  prefix: string,
  responders: FaultResponders,
): void {
  installLostAnswerHook(app);
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const fault = injector.take(
      [path, path.startsWith(prefix) ? path.slice(prefix.length) : path],
      request.method,
    );
    if (!fault) return;
    requests.markFault(request, fault.mode);
    const answered = await applyFault(fault, request, reply, responders);
    if (answered) return reply;
  });
}

/** `GET|POST|DELETE <base>/faults`: read, arm and disarm the injector. */
export function registerFaultControl<M extends FaultMode>(
  app: FastifyInstance,
  injector: FaultInjector<M>,
  base: string,
): void {
  app.get(`${base}/faults`, async () => ({ fault: injector.current() }));

  app.post(`${base}/faults`, async (request, reply) => {
    const result = injector.arm(request.body);
    if (!result.ok) {
      return reply.code(400).send({
        error: `Invalid fault. Modes: ${injector.modes.join(', ')}.`,
        issues: result.issues,
      });
    }
    return { fault: result.rule };
  });

  app.delete(`${base}/faults`, async () => {
    injector.reset();
    return { fault: null };
  });
}
