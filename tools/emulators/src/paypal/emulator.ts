/**
 * The PayPal emulator assembled: its state and services (one handle that
 * tests use directly) and the Fastify plugin that serves them under
 * `/paypal`, so the server's adapter uses `http://localhost:4000/paypal`
 * exactly as it would use `https://api-m.sandbox.paypal.com`.
 *
 * Under the prefix there are three contexts with their own rules:
 * - the REST API (`/v1/…`, `/v2/…`): PayPal's error bodies, lenient JSON,
 *   requests recorded, faults injected, bearer tokens required except for
 *   the token endpoint and the certificate;
 * - the pages for people (the buyer's pay page, the merchant's pages):
 *   requests recorded, no faults;
 * - the control API (`/_control/…`): neither recorded nor faulted.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { FaultInjector } from '../faults';
import type { Inbox } from '../inbox/inbox';
import { MalformedJsonError, useLenientJson } from '../json-body';
import { TokenIssuer } from './auth';
import { PAYPAL_PREFIX, type PaypalConfig } from './config';
import { CaptureRefundService } from './capture-refunds';
import { PaypalError, sendPaypalError } from './errors';
import { installPaypalFaults, paypalFaultInjector } from './faults';
import { certificateId } from './ids';
import { InvoiceMail } from './invoice-mail';
import { InvoiceService } from './invoices';
import { openApiContracts } from './openapi-validation';
import { PaypalRequestLog } from './request-log';
import { apiRoutes } from './routes-api';
import { publicRoutes } from './routes-auth';
import { paymentsRoutes } from './routes-payments';
import { controlRoutes } from './routes-control';
import { merchantPages } from './routes-pages';
import { payPageRoutes } from './routes-pay-page';
import { WebhookSigner } from './signing';
import { InvoiceStore } from './state';
import { WebhookDispatcher } from './webhooks';

export interface PaypalEmulator {
  config: PaypalConfig;
  /** Where the public key that signs webhooks is served (`PAYPAL-CERT-URL`). */
  certUrl: string;
  invoices: InvoiceService;
  /** Refunds of captures (Payments v2), on top of `invoices`. */
  refunds: CaptureRefundService;
  store: InvoiceStore;
  webhooks: WebhookDispatcher;
  requests: PaypalRequestLog;
  faults: FaultInjector;
  tokens: TokenIssuer;
  signer: WebhookSigner;
  /** Forgets invoices and their refunds, tokens, events, deliveries, recorded requests and faults. */
  reset(): void;
}

export interface PaypalDeps {
  config: PaypalConfig;
  clock: Clock;
  inbox: Inbox;
  onError?: (message: string, error: unknown) => void;
}

export function createPaypalEmulator({
  config,
  clock,
  inbox,
  onError,
}: PaypalDeps): PaypalEmulator {
  const certId = certificateId();
  const certUrl = `${config.apiBaseUrl}/v1/notifications/certs/${certId}`;
  const signer = new WebhookSigner();
  const store = new InvoiceStore();
  const webhooks = new WebhookDispatcher({ config, signer, certUrl, clock, onError });
  const tokens = new TokenIssuer(config, clock);
  const requests = new PaypalRequestLog(PAYPAL_PREFIX);
  const faults = paypalFaultInjector();
  const invoices = new InvoiceService({
    store,
    config,
    clock,
    contracts: openApiContracts(),
    mail: new InvoiceMail(inbox, config),
    webhooks,
  });
  const refunds = new CaptureRefundService({ store, invoices, config, clock });
  return {
    config,
    certUrl,
    invoices,
    refunds,
    store,
    webhooks,
    requests,
    faults,
    tokens,
    signer,
    reset() {
      store.clear();
      refunds.clear();
      webhooks.reset();
      tokens.clear();
      requests.clear();
      faults.reset();
    },
  };
}

/** Maps framework errors (bad JSON, wrong media type, …) to PayPal's error bodies. */
function asPaypalError(error: unknown): PaypalError | undefined {
  if (error instanceof PaypalError) return error;
  if (error instanceof MalformedJsonError) {
    return new PaypalError(400, [
      { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
    ]);
  }
  const { code, statusCode } = error as FastifyError;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new PaypalError(415, [
      {
        issue: 'UNSUPPORTED_MEDIA_TYPE',
        description: 'The media type of the request is not supported.',
      },
    ]);
  }
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return new PaypalError(400, [
      { issue: 'INVALID_REQUEST', description: (error as FastifyError).message },
    ]);
  }
  return undefined;
}

export async function registerPaypal(app: FastifyInstance, paypal: PaypalEmulator): Promise<void> {
  const { config, tokens, invoices, refunds, webhooks, requests, faults, signer, store, certUrl } =
    paypal;
  await app.register(
    async (scope) => {
      await scope.register(async (api) => {
        useLenientJson(api);
        api.setErrorHandler((error, request, reply) => {
          const known = asPaypalError(error);
          if (known) return sendPaypalError(reply, known);
          request.log.error({ err: error }, 'PayPal emulator failed');
          return sendPaypalError(reply, new PaypalError(500));
        });
        api.setNotFoundHandler((request, reply) =>
          sendPaypalError(
            reply,
            new PaypalError(404, [
              {
                field: 'path',
                value: request.url.split('?')[0] ?? '',
                location: 'path',
                issue: 'RESOURCE_NOT_FOUND',
                description: 'No such endpoint on this emulator.',
              },
            ]),
          ),
        );
        requests.install(api);
        installPaypalFaults(api, faults, requests, PAYPAL_PREFIX);
        await api.register(publicRoutes, {
          tokens,
          certId: certUrl.slice(certUrl.lastIndexOf('/') + 1),
          certificatePem: signer.certificatePem,
        });
        await api.register(apiRoutes, { tokens, invoices, webhooks });
        await api.register(paymentsRoutes, { tokens, refunds });
      });

      await scope.register(async (pages) => {
        requests.install(pages);
        await pages.register(payPageRoutes, { invoices, config });
        await pages.register(merchantPages, { store, webhooks, config });
      });

      await scope.register(async (control) => {
        useLenientJson(control);
        await control.register(controlRoutes, { paypal });
      });
    },
    { prefix: PAYPAL_PREFIX },
  );
  app.addHook('onClose', async () => webhooks.close());
}
