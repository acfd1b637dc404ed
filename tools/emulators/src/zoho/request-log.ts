/**
 * Every request that reaches the Zoho emulator's services (accounts,
 * Books, the Payments API and the hosted pay page), as tests need to see
 * what the server sent: method, path, query, the headers that matter,
 * whether an Authorization header came (and its scheme, never the token)
 * and the parsed body. The token endpoint's secrets (`client_secret`,
 * `refresh_token`) are blanked wherever they come, body or query.
 * Kept in memory, oldest first, the last few thousand only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultMode } from '../faults';

const MAX_KEPT = 5000;
const SECRET_FIELDS = new Set(['client_secret', 'refresh_token', 'code']);
export const REDACTED = '[redacted]';

export type ZohoServiceName = 'accounts' | 'books' | 'payments' | 'pay-page';

export interface ZohoRecordedRequest {
  seq: number;
  receivedAt: string;
  service: ZohoServiceName;
  method: string;
  /** The path as Zoho would see it under the emulator's `/zoho` mount, e.g. `/books/v3/contacts`. */
  path: string;
  query: Record<string, string>;
  headers: {
    contentType: string | null;
    accept: string | null;
    /** Whether an Authorization header came, and its scheme (`Zoho-oauthtoken`, …); never the token. */
    authorization: { present: boolean; scheme: string | null };
  };
  body: unknown;
  /** The status answered; null while pending or when the connection was dropped. */
  statusCode: number | null;
  /** The fault injected into this request, if any. */
  fault: FaultMode | null;
}

export interface RequestFilter {
  service?: string;
  method?: string;
  path?: string;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? null;
}

/** The scheme word only, and only when it is a known one, so no credential can leak. */
function authScheme(authorization: string): string {
  const scheme = /^(Zoho-oauthtoken|Bearer|Basic)\s/i.exec(authorization)?.[1]?.toLowerCase();
  if (scheme === 'zoho-oauthtoken') return 'Zoho-oauthtoken';
  if (scheme === 'bearer') return 'Bearer';
  if (scheme === 'basic') return 'Basic';
  return 'other';
}

function redacted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, SECRET_FIELDS.has(key) ? REDACTED : field]),
  );
}

export class ZohoRequestLog {
  private readonly entries: ZohoRecordedRequest[] = [];
  private readonly live = new WeakMap<FastifyRequest, ZohoRecordedRequest>();
  private seq = 0;

  constructor(private readonly prefix: string) {}

  /** Hooks recording the requests of one Fastify context (call inside it). */
  install(app: FastifyInstance, service: ZohoServiceName): void {
    app.addHook('onRequest', async (request) => {
      this.start(request, service);
    });
    app.addHook('preHandler', async (request) => {
      const entry = this.live.get(request);
      if (entry) entry.body = structuredClone(redacted(request.body));
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

  list(filter: RequestFilter = {}): ZohoRecordedRequest[] {
    return this.entries
      .filter((entry) => !filter.service || entry.service === filter.service)
      .filter((entry) => !filter.method || entry.method === filter.method.toUpperCase())
      .filter((entry) => !filter.path || entry.path.includes(filter.path))
      .map((entry) => structuredClone(entry));
  }

  clear(): void {
    this.entries.length = 0;
  }

  private start(request: FastifyRequest, service: ZohoServiceName): void {
    const url = new URL(request.url, 'http://emulator.local');
    const path = url.pathname.startsWith(this.prefix)
      ? url.pathname.slice(this.prefix.length) || '/'
      : url.pathname;
    const authorization = header(request, 'authorization');
    const entry: ZohoRecordedRequest = {
      seq: (this.seq += 1),
      receivedAt: new Date().toISOString(),
      service,
      method: request.method,
      path,
      query: redacted(Object.fromEntries(url.searchParams)) as Record<string, string>,
      headers: {
        contentType: header(request, 'content-type'),
        accept: header(request, 'accept'),
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
