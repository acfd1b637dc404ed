/**
 * All local stand-ins on one HTTP server: the inbox, the sign-in e-mail
 * relay from the Firebase Auth Emulator, the geolocation service and the
 * placeholder external pages. Later: PayPal, Zoho and the courses portal.
 */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignInRelay } from './auth-mail/sign-in-relay';
import { GeoState, geoRoutes } from './geo/routes';
import { Inbox } from './inbox/inbox';
import { inboxRoutes } from './inbox/routes';
import { placeholderPages } from './pages/routes';

export interface EmulatorOptions {
  /** Firebase Auth Emulator, e.g. http://127.0.0.1:9099; no relay when absent. */
  authEmulatorUrl?: string;
  firebaseProjectId: string;
  productName?: string;
  logger?: boolean;
}

export interface Emulators {
  app: FastifyInstance;
  inbox: Inbox;
  geo: GeoState;
}

export async function buildEmulators(options: EmulatorOptions): Promise<Emulators> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(formbody);
  const inbox = new Inbox();
  const geo = new GeoState();

  const relay = options.authEmulatorUrl
    ? new SignInRelay(inbox, {
        authEmulatorUrl: options.authEmulatorUrl,
        projectId: options.firebaseProjectId,
        productName: options.productName ?? 'Wi-Fi 7 Workshop',
        onError: (error) => app.log.debug({ err: error }, 'Auth Emulator not reachable yet'),
      })
    : undefined;
  relay?.start();
  app.addHook('onClose', async () => relay?.stop());

  await app.register(inboxRoutes, { inbox, refresh: () => relay?.sync() ?? Promise.resolve() });
  await app.register(geoRoutes, { state: geo });
  await app.register(placeholderPages);
  return { app, inbox, geo };
}
