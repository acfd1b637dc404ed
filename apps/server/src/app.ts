/**
 * The application as a Fastify instance that does not listen: server.ts
 * runs it, tests call `inject`. Dependencies (configuration, database,
 * token verifier) are passed in, so a test can choose each one.
 *
 * Plugin order: infrastructure (security headers, CORS, rate limits, error
 * handling, authentication), then the feature modules, then the web app.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import { databaseAccessTokens } from './db/access-tokens';
import type { DatabaseHandle } from './db/client';
import { APP_VERSION } from './lib/app-version';
import { writeOnceWhenFrozen } from './lib/frozen-answers';
import { loggerOptions } from './lib/logger';
import { RefusalLog } from './lib/refusal-log';
import { PayPalClient } from './integrations/paypal/paypal-client';
import { PayPalInvoiceRail } from './integrations/paypal/paypal-invoice-rail';
import { PayPalCertificates } from './integrations/paypal/paypal-webhook-certs';
import { PAYPAL_CERT_HOSTS } from './integrations/paypal/paypal-webhook-checks';
import { ZohoAccessToken } from './integrations/zoho/zoho-accounts';
import { ZohoBooksClient } from './integrations/zoho/zoho-books-client';
import { ZohoBooksContacts } from './integrations/zoho/zoho-contacts';
import { ZohoLinkRail } from './integrations/zoho/zoho-link-rail';
import { ZohoPaymentsClient } from './integrations/zoho/zoho-payments-client';
import { catalogRoutes } from './http/catalog/routes';
import { scheduleRoutes } from './http/catalog/schedule-routes';
import { buyerPolicyRoutes } from './http/catalog/buyer-policy-routes';
import { contentRoutes } from './http/content/routes';
import { readWorkshopContent } from './content/repository';
import { signInLinkRoute } from './http/identity/sign-in-link';
import { identityRoutes } from './http/identity/routes';
import { myOrdersRoutes } from './http/identity/my-orders';
import { sellerRoutes } from './http/seller/routes';
import { appliedDiscountRoute } from './http/checkout/applied-discount';
import { contactRoutes } from './http/checkout/contact-routes';
import { paypalInvoiceRoute } from './http/checkout/paypal-invoice-route';
import { ZOHO_RETURN_PATH, zohoCheckoutRoutes } from './http/checkout/zoho-checkout-routes';
import { HandoffDeliverer } from './enrolment/portal-handoff';
import { EnrolmentMail } from './enrolment/enrolment-mail';
import { JobQueue } from './core/jobs/queue';
import { MailDeliverer } from './core/mail/outbox';
import type { DnsLookups } from './core/mail/sender-domain';
import { noteFailedMail } from './orders/mail-failures';
import { SellerMail } from './enrolment/seller-mail';
import { smtpTransport } from './core/mail/transport';
import { OrderService } from './orders/service';
import { WaitlistJobs } from './inventory/waitlist/jobs';
import { waitlistRoutesPlugin } from './http/waitlist/routes';
import { configureWaitlistOffers } from './inventory/seats';
import { WebhookRefusalTally } from './http/webhooks/refusal-tally';
import { webhookRoutes } from './http/webhooks/webhook-routes';
import { healthRoutes, InstanceState } from './http/health/routes';
import { startCatalogCache, type CatalogCache } from './catalog/cache';
import { cachedCatalogReads } from './catalog/cached-reads';
import { apiDocs } from './http/api-docs/plugin';
import { createMetrics, type AppMetrics } from './http/metrics/metrics';
import { metricsPlugin } from './http/metrics/routes';
import type { IdTokenVerifier } from './core/identity/firebase-verifier';
import { leadRoutes } from './http/interest/routes';
import { connectSourcesOf, publicConfigOf } from './http/site/public-config';
import { siteRoutes } from './http/site/routes';
import { nameWebBuild, readWebBuild } from './http/site/web-build';
import { webLogRoutes } from './http/web-logs/routes';
import authentication from './http/plugins/authentication';
import { AccessLog } from './http/plugins/access-log';
import errorHandler from './http/plugins/error-handler';
import securityHeaders from './http/plugins/security-headers';
import { postgresWindowCounter, rateLimitStore } from './http/plugins/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The money-path services, for the job runner and tests. */
    services: AppServices;
    /** What readiness reports of the process (jobs, closing); server.ts keeps it current. */
    instance: InstanceState;
    /** The buyers' catalog reads kept in memory; `live` says whether it is in use. */
    catalogCache: CatalogCache;
  }
}

export interface AppServices {
  /** The one queue of background work. */
  queue: JobQueue;
  orders: OrderService;
  handoffs: HandoffDeliverer;
  /** Sends our e-mail (through the queue). */
  mail: MailDeliverer;
  /** Writes the sellers' attention e-mails and daily digest into the outbox. */
  sellerMail: SellerMail;
  /** Passes run-out waitlist offers on and offers free seats to those waiting. */
  waitlist: WaitlistJobs;
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  verifier: IdTokenVerifier;
  /** Overrides the configured logger, e.g. `false` in tests. */
  logger?: FastifyServerOptions['logger'];
  /** A logger the process already made (server.ts shares one with start-up). */
  loggerInstance?: FastifyBaseLogger;
  /** Sees every route as it is registered, before any plugin does (tests walk them). */
  onRoute?: (route: RouteOptions) => void;
  /** The DNS the back office's sender-domain check asks; the system's by default. */
  dns?: DnsLookups;
}

export async function buildApp(deps: AppDependencies) {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(config) }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    // One line per request, as it ends (http/plugins/access-log.ts), instead of Fastify's two.
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();
  // Refused requests are logged in aggregate (lib/refusal-log.ts).
  const refusalLog = new RefusalLog(app.log);
  app.decorate('refusalLog', refusalLog);
  app.addHook('onClose', async () => refusalLog.close());
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked as they are written; a frozen one once (lib/frozen-answers.ts).
  app.setSerializerCompiler(writeOnceWhenFrozen(serializerCompiler));

  const publicConfig = publicConfigOf(config);
  nameWebBuild(app, readWebBuild(config.webDistDir));
  const siteIsHttps = config.publicSiteUrl.startsWith('https://');
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': connectSourcesOf(publicConfig),
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': siteIsHttps ? [] : null,
      },
    },
    hsts: siteIsHttps,
    crossOriginEmbedderPolicy: false,
  });
  // Only a site hosted elsewhere calls the API from another origin. Without CORS_ORIGINS no
  // cross-origin call is allowed, and a preflight finds nothing (404), as with the plugin off.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['authorization', 'content-type', 'x-log-token'],
      methods: ['GET', 'POST', 'PUT'],
      maxAge: 600,
    });
  }
  if (config.rateLimitsEnabled) {
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore(database.db),
      // A broken counter must not take the site down with it.
      skipOnError: true,
    });
  }
  // The operator's tools: request timing on every route, GET /metrics, and
  // the API reference. The reference comes before the routes (it collects
  // them as they are registered) and before authentication: its viewer's
  // routes are public static files that declare no access of their own.
  const instance = new InstanceState();
  const metrics = createMetrics(database.db, instance.jobPulse);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(apiDocs, { siteUrl: config.publicSiteUrl, version: APP_VERSION });
  await app.register(errorHandler);
  await app.register(authentication, {
    verifier: deps.verifier,
    sellerEmails: deps.config.sellerEmails,
  });

  const services = createServices(deps, app.log, metrics);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.queue.settle();
    services.mail.close();
  });

  app.decorate('instance', instance);
  // Closing: readiness says so at once, so a load balancer stops sending before the jobs stop.
  app.addHook('preClose', (done) => {
    instance.closing = true;
    done();
  });
  const catalogCache = await startCatalogCache(database, app.log);
  app.decorate('catalogCache', catalogCache.cache);
  app.addHook('onClose', () => catalogCache.stop());
  const catalog = cachedCatalogReads(database.db, catalogCache.cache);

  await app.register(healthRoutes, {
    db: database.db,
    instance,
    probeWrites: () => database.probeWrites(),
  });
  await app.register(leadRoutes, { db: database.db });
  await app.register(identityRoutes, { db: database.db });
  await app.register(signInLinkRoute, {
    db: database.db,
    verifier: deps.verifier,
    mail: services.mail,
    siteUrl: config.publicSiteUrl,
    // Otherwise Firebase sends the links, and nobody may have the site mail them.
    enabled: config.firebase.signInMail === 'site',
    limits: config.signInLimits,
  });
  await app.register(myOrdersRoutes, { db: database.db });
  await app.register(catalogRoutes, { catalog });
  await app.register(scheduleRoutes, {
    db: database.db,
    catalog,
    siteUrl: config.publicSiteUrl,
    coursesPortalUrl: config.coursesPortalUrl,
  });
  await app.register(buyerPolicyRoutes, { db: database.db });
  await app.register(contentRoutes, { db: database.db });
  await app.register(sellerRoutes, {
    db: database.db,
    mail: {
      settings: {
        from: config.mail.from,
        smtpUrl: config.mail.smtpUrl,
        dkimSelector: config.mail.dkimSelector,
      },
      ...(deps.dns ? { dns: deps.dns } : {}),
    },
  });
  await app.register(paypalInvoiceRoute, { orders: services.orders });
  await app.register(appliedDiscountRoute, { db: database.db });
  await app.register(contactRoutes, {
    db: database.db,
    contacts: services.orders.rail('zoho_link').contacts!,
  });
  await app.register(zohoCheckoutRoutes, {
    db: database.db,
    orders: services.orders,
    siteUrl: config.publicSiteUrl,
  });
  const webhookRefusals = new WebhookRefusalTally(database.db, app.log);
  app.decorate('webhookRefusals', webhookRefusals);
  app.addHook('onClose', () => webhookRefusals.flush().catch(() => {}));
  await app.register(webhookRoutes, {
    db: database.db,
    orders: services.orders,
    refusals: webhookRefusals,
    metrics,
  });
  await app.register(waitlistRoutesPlugin, { db: database.db });
  await app.register(webLogRoutes, {
    secret: config.logTokenSecret,
    // Our own limits count in Postgres; none when rate limits are switched off (benchmarks).
    counter: config.rateLimitsEnabled ? postgresWindowCounter(database.db) : undefined,
  });
  await app.register(siteRoutes, {
    webDistDir: config.webDistDir,
    publicConfig,
    workshopContent: () => readWorkshopContent(database.db),
  });

  return app;
}

function createServices(
  deps: AppDependencies,
  log: FastifyBaseLogger,
  metrics: AppMetrics,
): AppServices {
  const { config, database } = deps;
  const paypal = new PayPalClient(config.paypal, log);
  const zoho = config.zoho;
  // Access tokens are shared by every instance through the database (Zoho's refresh limit).
  const sharedTokens = databaseAccessTokens(database.db);
  const oauth = (refreshToken: string) =>
    new ZohoAccessToken({ ...zoho, refreshToken }, sharedTokens);
  // Every Zoho call waits as long as any provider call: PROVIDER_TIMEOUT_MS.
  const zohoBooks = new ZohoBooksClient(
    { ...zoho.books, timeoutMs: zoho.timeoutMs },
    oauth(zoho.books.refreshToken),
  );
  const zohoPayments = new ZohoPaymentsClient(
    { ...zoho.payments, timeoutMs: zoho.timeoutMs },
    oauth(zoho.payments.refreshToken),
  );
  const queue = new JobQueue(database.db, log);
  const handoffs = new HandoffDeliverer(database.db, config.portal, log, queue);
  const mail = new MailDeliverer(
    database.db,
    queue,
    config.mail.smtpUrl ? smtpTransport({ ...config.mail, url: config.mail.smtpUrl }) : undefined,
    log,
    // A message of an order that will not arrive asks the seller to act on that order.
    noteFailedMail,
  );
  const orders = new OrderService(
    database.db,
    {
      paypal_invoice: new PayPalInvoiceRail(paypal, {
        // The configured API base serves the certificate too (the local emulators).
        certOrigins: [new URL(config.paypal.baseUrl).origin],
        webhookId: config.paypal.webhookId,
        certificates: new PayPalCertificates({
          selfSignedOrigins: [new URL(config.paypal.baseUrl).origin],
          paypalHosts: PAYPAL_CERT_HOSTS,
          timeoutMs: config.paypal.timeoutMs,
        }),
      }),
      zoho_link: new ZohoLinkRail(zohoPayments, new ZohoBooksContacts(zohoBooks), {
        returnUrl: `${config.publicSiteUrl}${ZOHO_RETURN_PATH}`,
        webhookSigningKey: zoho.payments.webhookSigningKey,
      }),
    },
    handoffs,
    log,
    {
      unpaidHoldsPerNetwork: config.unpaidHoldsPerNetwork,
      observeProviderCall: (...call) => metrics.observeProviderCall(...call),
      queue,
      siteUrl: config.publicSiteUrl,
    },
    new EnrolmentMail(
      { coursesPortalUrl: config.coursesPortalUrl, siteUrl: config.publicSiteUrl },
      mail,
      log,
    ),
  );
  const sellerMail = new SellerMail(database.db, {
    sellers: config.sellerEmails,
    siteUrl: config.publicSiteUrl,
    digestHour: config.mail.digestHour,
  });
  // A freed seat's offer e-mail links to this site.
  configureWaitlistOffers({ siteUrl: config.publicSiteUrl });
  const waitlist = new WaitlistJobs(database.db, log);
  return { queue, orders, handoffs, mail, sellerMail, waitlist };
}

/**
 * Fastify refuses a bare hop count (it trusts no hop at all, so every client
 * behind the load balancer would share its address and its rate limits):
 * a count of hops becomes the function proxy-addr asks, trusting the
 * nearest `hops` addresses — the load balancers in front of us.
 */
function trustProxyOption(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
