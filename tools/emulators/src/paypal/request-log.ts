/**
 * Every request that reaches the PayPal emulator, as tests need to check
 * what the server sent: method, path, query, the headers that matter to
 * PayPal, whether credentials were present (never their value) and the
 * parsed body. Kept in memory, oldest first, the last few thousand only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultMode } from '../faults';

const MAX_KEPT = 5000;

export interface RecordedRequest {
  seq: number;
  receivedAt: string;
  method: string;
  /** The path as PayPal would see it, without the emulator's mount prefix. */
  path: string;
  query: Record<string, string>;
  headers: {
    paypalRequestId: string | null;
    prefer: string | null;
    contentType: string | null;
    /** Whether an Authorization header came, and its scheme (Basic, Bearer); never the credentials. */
    authorization: { present: boolean; scheme: string | null };
  };
  body: unknown;
  /** The status answered; null while pending or when the connection was dropped. */
  statusCode: number | null;
  /** The fault that was injected into this request, if any. */
  fault: FaultMode | null;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? null;
}

/** The scheme word only, and only when it is a known one, so no credential can leak. */
function authScheme(authorization: string): string {
  const scheme = /^(Basic|Bearer)\s/i.exec(authorization)?.[1];
  return scheme ? scheme.charAt(0).toUpperCase() + scheme.slice(1).toLowerCase() : 'other';
}

export class RequestLog {
  private readonly entries: RecordedRequest[] = [];
  private readonly live = new WeakMap<FastifyRequest, RecordedRequest>();
  private seq = 0;

  constructor(private readonly prefix: string) {}

  /** Hooks recording the requests of one Fastify context (call inside it). */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      this.start(request);
    });
    app.addHook('preHandler', async (request) => {
      const entry = this.live.get(request);
      if (entry) entry.body = request.body ?? null;
    });
    app.addHook('onResponse', async (request, reply) => {
      const entry = this.live.get(request);
      if (entry) entry.statusCode = reply.statusCode;
    });
  }

  markFault(request: FastifyRequest, mode: FaultMode): void {
    const entry = this.live.get(request);
    if (entry) entry.fault = mode;
  }

  list(filter: { method?: string; path?: string } = {}): RecordedRequest[] {
    return this.entries
      .filter((entry) => !filter.method || entry.method === filter.method.toUpperCase())
      .filter((entry) => !filter.path || entry.path.includes(filter.path))
      .map((entry) => structuredClone(entry));
  }

  clear(): void {
    this.entries.length = 0;
  }

  private start(request: FastifyRequest): void {
    const url = new URL(request.url, 'http://emulator.local');
    const path = url.pathname.startsWith(this.prefix)
      ? url.pathname.slice(this.prefix.length) || '/'
      : url.pathname;
    const authorization = header(request, 'authorization');
    const entry: RecordedRequest = {
      seq: (this.seq += 1),
      receivedAt: new Date().toISOString(),
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: {
        paypalRequestId: header(request, 'paypal-request-id'),
        prefer: header(request, 'prefer'),
        contentType: header(request, 'content-type'),
        authorization: {
          present: authorization !== null,
          scheme: authorization ? authScheme(authorization) : null,
        },
      },
      body: null,
      statusCode: null,
      fault: null,
    };
    this.live.set(request, entry);
    this.entries.push(entry);
    if (this.entries.length > MAX_KEPT) this.entries.shift();
  }
}
