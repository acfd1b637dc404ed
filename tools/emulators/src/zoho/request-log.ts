/**
 * Every request that reaches the Zoho emulator's services (accounts,
 * Books, the Payments API and the hosted pay page), as tests need to see
 * what the server sent: method, path, query, the headers that matter,
 * whether an Authorization header came (and its scheme, never the token)
 * and the parsed body. The token endpoint's secrets (`client_secret`,
 * `refresh_token`) are blanked wherever they come, body or query.
 * Kept in memory, oldest first, the last few thousand only.
 */
import type { FastifyInstance } from 'fastify';
import {
  type LoggedRequest,
  type RequestFilter,
  RequestLog,
  authorizationOf,
  headerValue,
} from '../request-log';

const SECRET_FIELDS = new Set(['client_secret', 'refresh_token', 'code']);
export const REDACTED = '[redacted]';

export type ZohoServiceName = 'accounts' | 'books' | 'payments' | 'pay-page';

export interface ZohoRecordedRequest extends LoggedRequest {
  service: ZohoServiceName;
  /** The path as Zoho would see it under the emulator's `/zoho` mount, e.g. `/books/v3/contacts`. */
  path: string;
  headers: {
    contentType: string | null;
    accept: string | null;
    /** Whether an Authorization header came, and its scheme (`Zoho-oauthtoken`, …); never the token. */
    authorization: { present: boolean; scheme: string | null };
  };
}

export interface ZohoRequestFilter extends RequestFilter {
  service?: string;
}

function redacted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, SECRET_FIELDS.has(key) ? REDACTED : field]),
  );
}

export class ZohoRequestLog extends RequestLog<ZohoRecordedRequest> {
  constructor(prefix: string) {
    // A copy, so that nothing done to the body later changes what was recorded.
    super(prefix, (body) => structuredClone(redacted(body)));
  }

  /** Hooks recording the requests of one service's Fastify context (call inside it). */
  install(app: FastifyInstance, service: ZohoServiceName): void {
    this.record(app, (request, arrived) => ({
      seq: arrived.seq,
      receivedAt: arrived.receivedAt,
      service,
      method: arrived.method,
      path: arrived.path,
      query: redacted(arrived.query) as Record<string, string>,
      headers: {
        contentType: headerValue(request, 'content-type'),
        accept: headerValue(request, 'accept'),
        authorization: authorizationOf(request, ['Zoho-oauthtoken', 'Bearer', 'Basic']),
      },
      body: null,
      statusCode: null,
      fault: null,
    }));
  }

  override list(filter: ZohoRequestFilter = {}): ZohoRecordedRequest[] {
    return this.select(filter, (entry) => !filter.service || entry.service === filter.service);
  }
}
