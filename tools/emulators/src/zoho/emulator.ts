/**
 * The Zoho emulator assembled: its state and services (one handle that
 * tests use directly) and the Fastify plugin that serves them under
 * `/zoho`, so the server uses
 * - `http://localhost:4000/zoho/accounts` for `https://accounts.zoho.in`,
 * - `http://localhost:4000/zoho/books/v3` for `https://www.zohoapis.in/books/v3`,
 * - `http://localhost:4000/zoho/payments/api/v1` for `https://payments.zoho.in/api/v1`.
 *
 * Under the prefix each part is its own context with its own rules:
 * - the accounts server, Books and the Payments API: their own error
 *   formats, requests recorded, faults injected;
 * - the hosted pay page (`/payments/paymentlink/<token>`): recorded, never
 *   faulted;
 * - the overview page (`/zoho`) and the control API (`/_control/…`):
 *   neither recorded nor faulted.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { FaultInjector } from '../faults';
import type { Inbox } from '../inbox/inbox';
import { MalformedJsonError, useLenientJson } from '../json-body';
import { ZohoTokenIssuer } from './accounts';
import {
  ACCOUNTS_PATH,
  BOOKS_PATH,
  PAYMENTS_API_PATH,
  PAY_PAGE_PATH,
  ZOHO_PREFIX,
  type ZohoConfig,
} from './config';
import { ContactBook } from './contacts';
import { ZohoApiError, booksErrors, paymentsErrors, sendZohoError } from './errors';
import { installZohoFaults, zohoFaultInjector } from './faults';
import { zohoIds } from './ids';
import { LinkMail } from './link-mail';
import { PaymentLinkService } from './payment-links';
import { PaymentRefundService } from './payment-refunds';
import { ZohoRequestLog } from './request-log';
import { accountsRoutes } from './routes-accounts';
import { booksRoutes } from './routes-books';
import { controlRoutes } from './routes-control';
import { zohoPages } from './routes-pages';
import { payPageRoutes } from './routes-pay-page';
import { paymentsRoutes } from './routes-payments';
import { ZohoWebhookDispatcher } from './webhooks';

export interface ZohoEmulator {
  config: ZohoConfig;
  tokens: ZohoTokenIssuer;
  contacts: ContactBook;
  links: PaymentLinkService;
  refunds: PaymentRefundService;
  webhooks: ZohoWebhookDispatcher;
  requests: ZohoRequestLog;
  faults: FaultInjector;
  /** Forgets contacts, links and their refunds, tokens, events, deliveries, recorded requests and faults. */
  reset(): void;
}

export interface ZohoDeps {
  config: ZohoConfig;
  clock: Clock;
  inbox: Inbox;
  onError?: (message: string, error: unknown) => void;
}

export function createZohoEmulator({ config, clock, inbox, onError }: ZohoDeps): ZohoEmulator {
  const ids = zohoIds();
  const tokens = new ZohoTokenIssuer(config, clock);
  const contacts = new ContactBook({
    clock,
    contactIds: ids.contact,
    personIds: ids.contactPerson,
  });
  const webhooks = new ZohoWebhookDispatcher({ config, clock, eventIds: ids.event, onError });
  const links = new PaymentLinkService({
    config,
    clock,
    linkIds: ids.paymentLink,
    paymentIds: ids.payment,
    mail: new LinkMail(inbox, config),
    webhooks,
  });
  const refunds = new PaymentRefundService({ links, refundIds: ids.refund, clock, webhooks });
  const requests = new ZohoRequestLog(ZOHO_PREFIX);
  const faults = zohoFaultInjector();
  return {
    config,
    tokens,
    contacts,
    links,
    refunds,
    webhooks,
    requests,
    faults,
    reset() {
      contacts.clear();
      links.clear();
      refunds.clear();
      webhooks.reset();
      tokens.clear();
      requests.clear();
      faults.reset();
    },
  };
}

/**
 * Framework errors (bad JSON, an unsupported media type, a body too large)
 * in the service's own error format; undefined for a real failure.
 */
function asServiceError(
  error: unknown,
  malformed: () => ZohoApiError,
  invalid: () => ZohoApiError,
): ZohoApiError | undefined {
  if (error instanceof ZohoApiError) return error;
  if (error instanceof MalformedJsonError) return malformed();
  const { code, statusCode } = error as FastifyError;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return malformed();
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return invalid();
  return undefined;
}

export async function registerZoho(app: FastifyInstance, zoho: ZohoEmulator): Promise<void> {
  const { config, tokens, contacts, links, refunds, requests, faults, webhooks } = zoho;
  await app.register(
    async (scope) => {
      await scope.register(
        async (accounts) => {
          accounts.setErrorHandler((error, request, reply) => {
            const status = (error as FastifyError).statusCode ?? 500;
            if (status >= 500) request.log.error({ err: error }, 'Zoho accounts emulator failed');
            return reply
              .code(status >= 500 ? 500 : 400)
              .send({ error: status >= 500 ? 'internal_error' : 'invalid_request' });
          });
          accounts.setNotFoundHandler((_request, reply) =>
            reply.code(404).send({ error: 'invalid_request' }),
          );
          requests.install(accounts, 'accounts');
          installZohoFaults(accounts, 'accounts', faults, requests, ZOHO_PREFIX);
          await accounts.register(accountsRoutes, { tokens });
        },
        { prefix: ACCOUNTS_PATH },
      );

      await scope.register(
        async (books) => {
          useLenientJson(books);
          books.setErrorHandler((error, request, reply) => {
            const known = asServiceError(error, booksErrors.malformedBody, () =>
              booksErrors.invalidValue('JSONString'),
            );
            if (known) return sendZohoError(reply, known);
            request.log.error({ err: error }, 'Zoho Books emulator failed');
            return sendZohoError(reply, booksErrors.internal(500));
          });
          books.setNotFoundHandler((_request, reply) =>
            sendZohoError(reply, booksErrors.invalidUrl()),
          );
          requests.install(books, 'books');
          installZohoFaults(books, 'books', faults, requests, ZOHO_PREFIX);
          await books.register(booksRoutes, {
            tokens,
            contacts,
            organizationId: config.organizationId,
          });
        },
        { prefix: BOOKS_PATH },
      );

      await scope.register(
        async (payments) => {
          useLenientJson(payments);
          payments.setErrorHandler((error, request, reply) => {
            const known = asServiceError(
              error,
              paymentsErrors.malformedBody,
              paymentsErrors.unreadable,
            );
            if (known) return sendZohoError(reply, known);
            request.log.error({ err: error }, 'Zoho Payments emulator failed');
            return sendZohoError(reply, paymentsErrors.internal(500));
          });
          payments.setNotFoundHandler((_request, reply) =>
            sendZohoError(reply, paymentsErrors.invalidUrl()),
          );
          requests.install(payments, 'payments');
          installZohoFaults(payments, 'payments', faults, requests, ZOHO_PREFIX);
          await payments.register(paymentsRoutes, {
            tokens,
            links,
            refunds,
            accountId: config.accountId,
          });
        },
        { prefix: PAYMENTS_API_PATH },
      );

      await scope.register(
        async (payPage) => {
          requests.install(payPage, 'pay-page');
          await payPage.register(payPageRoutes, { links, config });
        },
        { prefix: PAY_PAGE_PATH },
      );

      await scope.register(zohoPages, { zoho });

      await scope.register(async (control) => {
        useLenientJson(control);
        await control.register(controlRoutes, { zoho });
      });
    },
    { prefix: ZOHO_PREFIX },
  );

  // Expiry events go out even when nobody looks at the link.
  const sweeper = setInterval(() => links.sweep(), config.expirySweepMs);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    webhooks.close();
  });
}
