/**
 * Every request that reaches a provider's emulated services, as tests need
 * to check what the server sent: method, path, query, the parsed body, the
 * status answered and any fault injected. Kept in memory, oldest first,
 * the last few thousand only. Each provider's log says which headers
 * matter to it and what of a body may be kept (secrets never are).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultMode } from './faults';

const MAX_KEPT = 5000;

/** What every provider's log records of a request. */
export interface LoggedRequest {
  seq: number;
  receivedAt: string;
  method: string;
  /** The path as the provider would see it, without the emulator's mount prefix. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The status answered; null while pending or when the connection was dropped. */
  statusCode: number | null;
  /** The fault injected into this request, if any. */
  fault: FaultMode | null;
}

/** What is known of a request as it arrives, before its body is read. */
export type ArrivedRequest = Pick<
  LoggedRequest,
  'seq' | 'receivedAt' | 'method' | 'path' | 'query'
>;

/** The filters every log's listing takes (a method, a part of the path). */
export interface RequestFilter {
  method?: string;
  path?: string;
}

/** A header as one string (repeated ones joined), or null when it did not come. */
export function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? null;
}

/**
 * Whether an Authorization header came, and its scheme — only when it is
 * one of `known`, spelt as there — so that no credential can leak.
 */
export function authorizationOf(
  request: FastifyRequest,
  known: readonly string[],
): { present: boolean; scheme: string | null } {
  const authorization = headerValue(request, 'authorization');
  if (!authorization) return { present: authorization !== null, scheme: null };
  const word = /^(\S+)\s/.exec(authorization)?.[1]?.toLowerCase();
  return {
    present: true,
    scheme: known.find((scheme) => scheme.toLowerCase() === word) ?? 'other',
  };
}

/**
 * The log itself; a provider's log extends it with an `install` that says
 * how each of its requests is described.
 */
export class RequestLog<E extends LoggedRequest> {
  private readonly entries: E[] = [];
  private readonly live = new WeakMap<FastifyRequest, E>();
  private seq = 0;

  /**
   * @param prefix the emulator's mount, taken off recorded paths
   * @param keepBody what of a parsed body is recorded
   */
  constructor(
    private readonly prefix: string,
    private readonly keepBody: (body: unknown) => unknown = (body) => body ?? null,
  ) {}

  markFault(request: FastifyRequest, mode: FaultMode): void {
    const entry = this.live.get(request);
    if (entry) entry.fault = mode;
  }

  list(filter: RequestFilter = {}): E[] {
    return this.select(filter, () => true);
  }

  clear(): void {
    this.entries.length = 0;
  }

  /** Hooks recording the requests of one Fastify context (call inside it). */
  protected record(
    app: FastifyInstance,
    describe: (request: FastifyRequest, arrived: ArrivedRequest) => E,
  ): void {
    app.addHook('onRequest', async (request) => {
      this.start(request, describe);
    });
    app.addHook('preHandler', async (request) => {
      const entry = this.live.get(request);
      if (entry) entry.body = this.keepBody(request.body);
    });
    app.addHook('onResponse', async (request, reply) => {
      const entry = this.live.get(request);
      if (entry) entry.statusCode = reply.statusCode;
    });
  }

  /** Copies of the entries that pass the filter and `matches`, oldest first. */
  protected select(filter: RequestFilter, matches: (entry: E) => boolean): E[] {
    return this.entries
      .filter(matches)
      .filter((entry) => !filter.method || entry.method === filter.method.toUpperCase())
      .filter((entry) => !filter.path || entry.path.includes(filter.path))
      .map((entry) => structuredClone(entry));
  }

  private start(
    request: FastifyRequest,
    describe: (request: FastifyRequest, arrived: ArrivedRequest) => E,
  ): void {
    const url = new URL(request.url, 'http://emulator.local');
    const path = url.pathname.startsWith(this.prefix)
      ? url.pathname.slice(this.prefix.length) || '/'
      : url.pathname;
    const entry = describe(request, {
      seq: (this.seq += 1),
      receivedAt: new Date().toISOString(),
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
    });
    this.live.set(request, entry);
    this.entries.push(entry);
    if (this.entries.length > MAX_KEPT) this.entries.shift();
  }
}
