/**
 * Helpers for the emulators' own tests: build them in-process (or on a
 * real socket), get PayPal and Zoho tokens, call the APIs through
 * `inject`, make request bodies like the server's, arm faults, and run a
 * local HTTP receiver that records webhook deliveries byte for byte.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, onTestFinished } from 'vitest';
import { type EmulatorOptions, type Emulators, buildEmulators } from '../app';
import type { AttemptProgress } from '../webhook-delivery';

export const CLIENT_ID = 'emulator-client-id';
export const CLIENT_SECRET = 'emulator-client-secret';
export const basicAuth = (id = CLIENT_ID, secret = CLIENT_SECRET) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public nowMs = Date.parse('2025-03-10T16:00:00Z')) {}
  read = (): number => this.nowMs;
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

export async function startEmulators(options: Partial<EmulatorOptions> = {}): Promise<Emulators> {
  return buildEmulators({
    firebaseProjectId: 'demo-test',
    ...options,
    paypal: { webhookTargetUrl: null, ...options.paypal },
    zoho: { webhookTargetUrl: null, ...options.zoho },
  });
}

/**
 * Listens on a free local port and answers the base URL of one mount
 * (`/paypal`, `/zoho`, …). Over a real socket a dropped connection can be
 * seen, which it cannot through `inject`.
 */
export async function listenOnSocket(emulators: Emulators, mount: string): Promise<string> {
  await emulators.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(emulators.app.server.address() as AddressInfo).port}${mount}`;
}

/**
 * One emulator stack for a whole test file, on a real socket, with the
 * service at `mount` reset before each test. Read `emulators` and `base`
 * inside tests and hooks: they are set once the file's set-up has run.
 */
export function servedOnSocketPerFile(mount: string) {
  let emulators: Emulators | undefined;
  let base: string | undefined;
  beforeAll(async () => {
    emulators = await startEmulators();
    base = await listenOnSocket(emulators, mount);
  });
  afterAll(async () => {
    await emulators?.app.close();
  });
  beforeEach(async () => {
    await fetch(`${base}/_control/reset`, { method: 'POST' });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The emulators are not started yet.');
    return value;
  };
  return {
    get emulators(): Emulators {
      return started(emulators);
    },
    get base(): string {
      return started(base);
    },
    arm: (fault: Record<string, unknown>) => armFault(started(base), fault),
  };
}

/** Arms a fault through the control API of the mount at `base`; it must be accepted. */
export async function armFault(base: string, fault: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${base}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

export async function paypalToken(emulators: Emulators): Promise<string> {
  const response = await emulators.app.inject({
    method: 'POST',
    url: '/paypal/v1/oauth2/token',
    headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  if (response.statusCode !== 200)
    throw new Error(`token: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

export interface PaypalCall {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the PayPal API with a bearer token, as the server's adapter would. */
export function paypalClient(emulators: Emulators, token: string) {
  return (call: PaypalCall): Promise<LightMyRequestResponse> =>
    emulators.app.inject({
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      url: `/paypal${call.url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
    });
}

/** A create body like the one the server sends for one workshop seat. */
export function invoiceBody(overrides: { number?: string; email?: string; value?: string } = {}) {
  return {
    detail: {
      currency_code: 'USD',
      invoice_number: overrides.number ?? 'WS-0001',
      reference: 'order-0001',
      note: 'Thank you for registering.',
      payment_term: { term_type: 'DUE_ON_RECEIPT' },
    },
    invoicer: { business_name: 'Wireless Academy' },
    primary_recipients: [
      {
        billing_info: {
          email_address: overrides.email ?? 'ada@example.com',
          name: { given_name: 'Ada', surname: 'Lovelace' },
          address: {
            country_code: 'US',
            admin_area_1: 'CA',
            admin_area_2: 'San Jose',
            postal_code: '95112',
          },
        },
      },
    ],
    items: [
      {
        name: 'Wi-Fi 7 Workshop',
        description: 'SKU WIFI7-LIVE; batch 2025-05',
        quantity: '1',
        unit_amount: { currency_code: 'USD', value: overrides.value ?? '499.00' },
        discount: { percent: '10' },
        unit_of_measure: 'QUANTITY',
      },
    ],
    configuration: { allow_tip: false, tax_calculated_after_discount: true, tax_inclusive: false },
  };
}

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface WebhookReceiver {
  /** Where the emulators should deliver. */
  url: string;
  /** Every delivery received, in order. */
  deliveries: ReceivedDelivery[];
  close(): Promise<void>;
}

/**
 * A local webhook receiver. `answer` decides the status of each delivery
 * (by its 0-based index); the default accepts everything.
 */
export async function startReceiver(
  answer: (index: number) => number = () => 200,
  path = '/api/webhooks/paypal',
): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = deliveries.length;
      deliveries.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.statusCode = answer(index);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Emulators that are closed when the current test finishes. */
export async function emulatorsForTest(options: Partial<EmulatorOptions> = {}): Promise<Emulators> {
  const emulators = await startEmulators(options);
  onTestFinished(() => emulators.app.close());
  return emulators;
}

/**
 * A local webhook receiver, and emulators whose settings `options` makes
 * from the receiver's URL; both are closed when the current test finishes.
 */
export async function emulatorsWithReceiver(
  options: (receiverUrl: string) => Partial<EmulatorOptions>,
  receiverOptions: { answer?: (index: number) => number; path?: string } = {},
): Promise<{ emulators: Emulators; receiver: WebhookReceiver }> {
  const receiver = await startReceiver(receiverOptions.answer, receiverOptions.path);
  onTestFinished(() => receiver.close());
  // Finished hooks run last registered first: the emulators stop delivering before the receiver closes.
  const emulators = await emulatorsForTest(options(receiver.url));
  return { emulators, receiver };
}

/** Attempt number, status code and outcome of each delivery the control API lists at `url`. */
export async function deliveryResults(
  emulators: Emulators,
  url: string,
): Promise<[number, number | null, AttemptProgress['outcome']][]> {
  const response = await emulators.app.inject({ method: 'GET', url });
  const { deliveries } = response.json() as { deliveries: AttemptProgress[] };
  return deliveries.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.outcome]);
}

/** An address nothing listens on (a port just released). */
export async function closedPortUrl(path = '/api/webhooks/paypal'): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}

// ---- Zoho ----

/** The Zoho emulator's default settings, as the server's local configuration has them. */
export const ZOHO = {
  clientId: 'emulator-zoho-client-id',
  clientSecret: 'emulator-zoho-client-secret',
  booksRefreshToken: 'emulator-books-refresh-token',
  paymentsRefreshToken: 'emulator-payments-refresh-token',
  organizationId: '60000000001',
  accountId: '23137556',
  signingKey: 'emulator-zoho-signing-key',
} as const;

/** `POST /zoho/accounts/oauth/v2/token` with a form body, as the server's adapter sends it. */
export function zohoTokenRequest(emulators: Emulators, params: Record<string, string>) {
  return emulators.app.inject({
    method: 'POST',
    url: '/zoho/accounts/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

export function zohoRefreshParams(product: 'books' | 'payments'): Record<string, string> {
  return {
    refresh_token: product === 'books' ? ZOHO.booksRefreshToken : ZOHO.paymentsRefreshToken,
    client_id: ZOHO.clientId,
    client_secret: ZOHO.clientSecret,
    grant_type: 'refresh_token',
  };
}

export async function zohoToken(emulators: Emulators, product: 'books' | 'payments') {
  const response = await zohoTokenRequest(emulators, zohoRefreshParams(product));
  const body = response.json() as { access_token?: string };
  if (!body.access_token) throw new Error(`zoho token: ${response.statusCode} ${response.body}`);
  return body.access_token;
}

export interface ZohoCall {
  method?: 'GET' | 'POST' | 'PUT';
  /** Under /zoho, with its query, e.g. `/books/v3/contacts?organization_id=…`. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls a Zoho API with `Authorization: Zoho-oauthtoken`, as the server's adapter does. */
export function zohoClient(emulators: Emulators, token: string | undefined) {
  return (call: ZohoCall): Promise<LightMyRequestResponse> =>
    emulators.app.inject({
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      url: `/zoho${call.url}`,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Zoho-oauthtoken ${token}` } : {}),
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
    });
}

/** The contact the server creates for a buyer in Karnataka. */
export function contactBody(overrides: { name?: string; email?: string } = {}) {
  const [first = 'Asha', last = 'Rao'] = (overrides.name ?? 'Asha Rao').split(' ');
  return {
    contact_name: overrides.name ?? 'Asha Rao',
    contact_type: 'customer',
    customer_sub_type: 'individual',
    gst_treatment: 'consumer',
    place_of_contact: 'KA',
    contact_persons: [
      {
        first_name: first,
        last_name: last,
        email: overrides.email ?? 'asha@example.in',
        is_primary_contact: true,
      },
    ],
    billing_address: {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zip: '560001',
      country: 'India',
    },
  };
}

/** The payment link the server creates for one seat (₹41,299). */
export function linkBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 41299,
    currency: 'INR',
    description: 'Payment for Wi-Fi 7 Workshop',
    email: 'asha@example.in',
    reference_id: 'ORD7K2M9Q4X1B8C3',
    return_url: 'http://localhost:3000/checkout/zoho-payment-status',
    expires_at: '2025-03-13',
    notify_customer: { email: true, sms: false },
    ...overrides,
  };
}
