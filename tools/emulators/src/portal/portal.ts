/**
 * The courses-portal stand-in assembled: its state, the secret hand-offs
 * are signed with, the fault injector, and the Fastify plugin serving it
 * under `/portal` — the receiver (`/portal/api/…`), the "My Courses" page
 * and the control API (`/portal/_control/…`).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { FaultInjector, registerFaultControl } from '../faults';
import type { Inbox } from '../inbox/inbox';
import { MalformedJsonError, useLenientJson } from '../json-body';
import { sendEnrollmentMail } from './enrollment-mail';
import type { Handoff } from './handoff';
import { portalPage } from './routes-page';
import { receiverRoutes } from './routes-receiver';
import { PortalState } from './state';

export const PORTAL_PREFIX = '/portal';
export const PORTAL_FAULT_MODES = [
  'none',
  'http-500',
  'http-429',
  'network',
  'garbage',
  'slow',
  'lost-answer',
] as const;

export interface PortalOptions {
  /** The shared secret of the hand-off signature. Default `emulator-portal-secret-change-me`. */
  webhookSecret?: string;
}

export interface PortalReceiver {
  state: PortalState;
  faults: FaultInjector<(typeof PORTAL_FAULT_MODES)[number]>;
  secret: string;
  clock: Clock;
  /** Sends the student the portal's e-mail about an accepted hand-off. */
  notify(handoff: Handoff): void;
  reset(): void;
}

export interface PortalDeps {
  options?: PortalOptions;
  publicUrl: string;
  clock: Clock;
  inbox: Inbox;
}

export function createPortalReceiver({
  options = {},
  publicUrl,
  clock,
  inbox,
}: PortalDeps): PortalReceiver {
  const state = new PortalState();
  const faults = new FaultInjector(PORTAL_FAULT_MODES);
  const base = publicUrl.replace(/\/+$/, '');
  return {
    state,
    faults,
    secret: options.webhookSecret ?? 'emulator-portal-secret-change-me',
    clock,
    notify(handoff) {
      const myCourses = `${base}${PORTAL_PREFIX}?email=${encodeURIComponent(handoff.student.email)}`;
      sendEnrollmentMail(inbox, handoff, myCourses);
    },
    reset() {
      state.clear();
      faults.reset();
    },
  };
}

export async function registerPortal(app: FastifyInstance, portal: PortalReceiver): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(receiverRoutes, { portal });
      await scope.register(portalPage, { state: portal.state });
      await scope.register(async (control) => {
        useLenientJson(control);
        control.setErrorHandler((error, request, reply) => {
          if (error instanceof MalformedJsonError)
            return reply.code(400).send({ error: error.message });
          request.log.error({ err: error }, 'portal control request failed');
          return reply.code(500).send({ error: 'Internal error' });
        });
        control.get('/_control/enrollments', async () => ({ enrollments: portal.state.list() }));
        control.get('/_control/requests', async () => ({ requests: portal.state.listRequests() }));
        control.delete('/_control/requests', async (_request, reply) => {
          portal.state.clearRequests();
          return reply.code(204).send();
        });
        registerFaultControl(control, portal.faults, '/_control');
        control.post('/_control/reset', async (_request, reply) => {
          portal.reset();
          return reply.code(204).send();
        });
      });
    },
    { prefix: PORTAL_PREFIX },
  );
}
