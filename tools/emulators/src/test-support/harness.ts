/**
 * Helpers for the emulators' own tests: build them in-process, get a PayPal
 * token, call the API through `inject`, make invoice bodies, and run a
 * local HTTP receiver that records webhook deliveries byte for byte.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { type EmulatorOptions, type Emulators, buildEmulators } from '../app';

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
  });
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

/**
 * A local webhook receiver. `answer` decides the status of each delivery
 * (by its 0-based index); the default accepts everything.
 */
export async function startReceiver(answer: (index: number) => number = () => 200) {
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
    url: `http://127.0.0.1:${port}/api/webhooks/paypal`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address nothing listens on (a port just released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/webhooks/paypal`;
}
