/**
 * Refused requests logged in aggregate, so a client refused at full speed
 * (forged tokens, rate limits, forged webhooks) writes a trickle of log,
 * not a line per request. Refusals are counted by kind (a route and its
 * status, an authentication failure, a webhook refusal): the first of a
 * kind in a window is written as it comes, with its details; the others
 * only as one summary line with their count when the window ends. So each
 * kind writes at most two lines a minute, however many requests are
 * refused. The refusal metrics (GET /metrics) still count every one.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** How long refusals of one kind are counted before their summary line. */
export const REFUSAL_LOG_WINDOW_MS = 60_000;

type Level = 'info' | 'warn' | 'error';

interface Window {
  level: Level;
  message: string;
  fields: Record<string, unknown>;
  /** Refusals after the first, written in the summary. */
  more: number;
  timer: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts refused requests and writes them in aggregate. */
    refusalLog?: RefusalLog;
  }
}

export class RefusalLog {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = REFUSAL_LOG_WINDOW_MS,
  ) {}

  /**
   * Counts one refusal of `kind`: written now through `requestLog` when it
   * is the first of its window, otherwise only counted for the summary.
   */
  note(
    kind: string,
    requestLog: FastifyBaseLogger,
    level: Level,
    fields: Record<string, unknown>,
    message: string,
  ): void {
    const open = this.windows.get(kind);
    if (open) {
      open.more += 1;
      return;
    }
    requestLog[level](fields, message);
    const timer = setTimeout(() => this.summarise(kind), this.windowMs);
    // A pending summary never keeps the process alive.
    timer.unref();
    this.windows.set(kind, { level, message, fields, more: 0, timer });
  }

  /** Writes every pending summary now (on shutdown). */
  close(): void {
    for (const kind of [...this.windows.keys()]) this.summarise(kind);
  }

  private summarise(kind: string): void {
    const window = this.windows.get(kind);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(kind);
    if (window.more === 0) return;
    this.log[window.level](
      { ...window.fields, refusals: window.more, windowSeconds: this.windowMs / 1000 },
      `${window.message}; ${window.more} more like it in the last ${this.windowMs / 1000} s`,
    );
  }
}

/**
 * Logs a refused request in aggregate when the app has a refusal log
 * (plugins built alone in tests may not), otherwise as a line of its own.
 */
export function logRefusal(
  request: FastifyRequest,
  kind: string,
  level: Level,
  fields: Record<string, unknown>,
  message: string,
): void {
  const refusals = request.server.refusalLog;
  if (refusals) refusals.note(kind, request.log, level, fields, message);
  else request.log[level](fields, message);
}
