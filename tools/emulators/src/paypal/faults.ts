/**
 * Outages of the PayPal API on demand: the shared fault injector, answering
 * its error statuses with PayPal's own error bodies. Only the REST API is
 * affected; the pay page and the control API keep working so a test can
 * always disarm a fault.
 */
import type { FastifyInstance } from 'fastify';
import { FAULT_MODES, FaultInjector, applyFault } from '../faults';
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
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const fault = injector.take([path, path.startsWith(prefix) ? path.slice(prefix.length) : path]);
    if (!fault) return;
    requests.markFault(request, fault.mode);
    const answered = await applyFault(fault, request, reply, {
      error: (target, status) => sendPaypalError(target, new PaypalError(status)),
    });
    if (answered) return reply;
  });
}
