/**
 * Outages of the PayPal API on demand: the shared fault injector, answering
 * its error statuses with PayPal's own error bodies. Only the REST API is
 * affected; the pay page and the control API keep working so a test can
 * always disarm a fault.
 */
import type { FastifyInstance } from 'fastify';
import { FAULT_MODES, FaultInjector, installFaultHook } from '../faults';
import { PaypalError, sendPaypalError } from './errors';
import type { PaypalRequestLog } from './request-log';

export function paypalFaultInjector() {
  return new FaultInjector(FAULT_MODES);
}

/** Adds the fault hook to the REST API context (after the request recorder). */
export function installPaypalFaults(
  app: FastifyInstance,
  injector: FaultInjector,
  requests: PaypalRequestLog,
  prefix: string,
): void {
  installFaultHook(app, injector, requests, prefix, {
    error: (target, status) => sendPaypalError(target, new PaypalError(status)),
  });
}
