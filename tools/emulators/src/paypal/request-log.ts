/**
 * Every request that reaches the PayPal emulator, as tests need to check
 * what the server sent: method, path, query, the headers that matter to
 * PayPal, whether credentials were present (never their value) and the
 * parsed body. Kept in memory, oldest first, the last few thousand only.
 */
import type { FastifyInstance } from 'fastify';
import { type LoggedRequest, RequestLog, authorizationOf, headerValue } from '../request-log';

export interface RecordedRequest extends LoggedRequest {
  headers: {
    paypalRequestId: string | null;
    prefer: string | null;
    contentType: string | null;
    /** Whether an Authorization header came, and its scheme (Basic, Bearer); never the credentials. */
    authorization: { present: boolean; scheme: string | null };
  };
}

export class PaypalRequestLog extends RequestLog<RecordedRequest> {
  /** Hooks recording the requests of one Fastify context (call inside it). */
  install(app: FastifyInstance): void {
    this.record(app, (request, arrived) => ({
      ...arrived,
      headers: {
        paypalRequestId: headerValue(request, 'paypal-request-id'),
        prefer: headerValue(request, 'prefer'),
        contentType: headerValue(request, 'content-type'),
        authorization: authorizationOf(request, ['Basic', 'Bearer']),
      },
      body: null,
      statusCode: null,
      fault: null,
    }));
  }
}
