/**
 * All local stand-ins on one HTTP server (and the inbox's SMTP port, which
 * the caller opens with `smtp.listen`): the inbox, the sign-in e-mail
 * relay from the Firebase Auth Emulator, the geolocation service, PayPal
 * (under /paypal), Zoho's accounts server, Books and Payments (under
 * /zoho), the courses portal's hand-off receiver (under /portal) and the
 * placeholder external pages.
 */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignInRelay } from './auth-mail/sign-in-relay';
import { type Clock, systemClock } from './clock';
import { GeoState, geoRoutes } from './geo/routes';
import { Inbox } from './inbox/inbox';
import { inboxRoutes } from './inbox/routes';
import { placeholderPages } from './pages/routes';
import { SmtpReceiver } from './smtp/receiver';
import { type PaypalOptions, resolvePaypalConfig } from './paypal/config';
import { type PaypalEmulator, createPaypalEmulator, registerPaypal } from './paypal/emulator';
import { type ZohoOptions, resolveZohoConfig } from './zoho/config';
import { type ZohoEmulator, createZohoEmulator, registerZoho } from './zoho/emulator';
import {
  type PortalOptions,
  type PortalReceiver,
  createPortalReceiver,
  registerPortal,
} from './portal/portal';

export interface EmulatorOptions {
  /** Firebase Auth Emulator, e.g. http://127.0.0.1:9099; no relay when absent. */
  authEmulatorUrl?: string;
  firebaseProjectId: string;
  productName?: string;
  logger?: boolean;
  /** Where people and e-mail links reach the emulators. Default http://localhost:4000. */
  publicUrl?: string;
  paypal?: PaypalOptions;
  zoho?: ZohoOptions;
  portal?: PortalOptions;
  /** Read instead of the system time, so tests can expire tokens without waiting. */
  clock?: Clock;
}

export interface Emulators {
  app: FastifyInstance;
  inbox: Inbox;
  geo: GeoState;
  paypal: PaypalEmulator;
  zoho: ZohoEmulator;
  portal: PortalReceiver;
  /** Receives our site's own e-mail into the inbox once `listen` is called; closed with `app`. */
  smtp: SmtpReceiver;
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

  const publicUrl = options.publicUrl ?? 'http://localhost:4000';
  const clock = options.clock ?? systemClock;
  const paypal = createPaypalEmulator({
    config: resolvePaypalConfig(publicUrl, options.paypal),
    clock,
    inbox,
    onError: (message, error) => app.log.error({ err: error }, message),
  });
  await registerPaypal(app, paypal);
  const zoho = createZohoEmulator({
    config: resolveZohoConfig(publicUrl, options.zoho),
    clock,
    inbox,
    onError: (message, error) => app.log.error({ err: error }, message),
  });
  await registerZoho(app, zoho);
  const portal = createPortalReceiver({ options: options.portal, publicUrl, clock, inbox });
  await registerPortal(app, portal);

  const smtp = new SmtpReceiver(inbox, {
    onError: (message, error) => app.log.error({ err: error }, message),
  });
  app.addHook('onClose', async () => smtp.close());

  await app.register(placeholderPages);
  return { app, inbox, geo, paypal, zoho, portal, smtp };
}
