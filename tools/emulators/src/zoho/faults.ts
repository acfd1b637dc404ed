/**
 * Outages of Zoho on demand: one shared fault injector for the accounts
 * server, Books and the Payments API, each answering error statuses in its
 * own format. A `path` pattern picks one of them (e.g. `^/books/`, tested
 * against the path without and with the `/zoho` mount). The hosted pay
 * page and the control API are never affected, so a test can always
 * disarm a fault.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FAULT_MODES, FaultInjector, installFaultHook, type FaultStatus } from '../faults';
import { booksErrors, paymentsErrors, sendZohoError } from './errors';
import type { ZohoRequestLog } from './request-log';

export function zohoFaultInjector() {
  return new FaultInjector(FAULT_MODES);
}

export type ZohoFaultTarget = 'accounts' | 'books' | 'payments';

const ACCOUNTS_ERRORS = {
  429: 'Access Denied',
  500: 'internal_error',
  503: 'service_unavailable',
} as const;

const responders: Record<
  ZohoFaultTarget,
  (reply: FastifyReply, status: FaultStatus) => FastifyReply
> = {
  // The accounts server speaks OAuth: an `error` word, no code/message envelope.
  accounts: (reply, status) =>
    reply.code(status).send({
      error: ACCOUNTS_ERRORS[status],
      ...(status === 429
        ? {
            error_description:
              'You have made too many requests continuously. Please try again after some time.',
          }
        : {}),
    }),
  books: (reply, status) =>
    sendZohoError(
      reply,
      status === 429 ? booksErrors.tooManyRequests() : booksErrors.internal(status),
    ),
  payments: (reply, status) =>
    sendZohoError(
      reply,
      status === 429 ? paymentsErrors.tooManyRequests() : paymentsErrors.internal(status),
    ),
};

/** Adds the fault hook to one service's context (after the request recorder). */
export function installZohoFaults(
  app: FastifyInstance,
  target: ZohoFaultTarget,
  injector: FaultInjector,
  requests: ZohoRequestLog,
  prefix: string,
): void {
  installFaultHook(app, injector, requests, prefix, { error: responders[target] });
}
