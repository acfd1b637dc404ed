import { beforeEach, describe, expect, it } from 'vitest';
import {
  basicAuth,
  invoiceBody,
  paypalToken,
  servedOnSocketPerFile,
} from '../test-support/harness';

// Over a real socket: a dropped connection cannot be seen through inject.
const served = servedOnSocketPerFile('/paypal');
let token: string;

beforeEach(async () => {
  token = await paypalToken(served.emulators);
});

const { arm } = served;

const createInvoice = (number = 'WS-F1') =>
  fetch(`${served.base}/v2/invoicing/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(invoiceBody({ number })),
    signal: AbortSignal.timeout(5000),
  });

describe('PayPal faults', () => {
  it('answers 500 and 503 with PayPal error bodies, and nothing is created', async () => {
    await arm({ mode: 'http-500', times: 1 });
    const failed = await createInvoice();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      name: 'INTERNAL_SERVER_ERROR',
      message: 'An internal server error occurred.',
      debug_id: expect.any(String),
      links: [expect.objectContaining({ rel: 'information_link' })],
    });
    expect(served.emulators.paypal.store.list()).toEqual([]);
    expect((await createInvoice()).status).toBe(201);

    await arm({ mode: 'http-503' });
    const unavailable = await createInvoice('WS-F2');
    expect(unavailable.status).toBe(503);
    expect(((await unavailable.json()) as { name: string }).name).toBe('SERVICE_UNAVAILABLE');
    expect((await createInvoice('WS-F3')).status).toBe(503);
    await fetch(`${served.base}/_control/faults`, { method: 'DELETE' });
    expect((await createInvoice('WS-F3')).status).toBe(201);
  });

  it('answers 429 with Retry-After and PayPal’s rate-limit body, and nothing is created', async () => {
    await arm({ mode: 'http-429', times: 1 });
    const limited = await createInvoice();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({
      name: 'RATE_LIMIT_REACHED',
      message: 'Too many requests. Blocked due to rate limiting.',
      debug_id: expect.any(String),
    });
    expect(served.emulators.paypal.store.list()).toEqual([]);
    expect((await createInvoice()).status).toBe(201);
  });

  it('sends the invoice and then drops the answer in lost-answer mode', async () => {
    expect((await createInvoice()).status).toBe(201);
    const [created] = served.emulators.paypal.store.list();
    if (!created) throw new Error('no invoice');
    await arm({ mode: 'lost-answer', times: 1, method: 'POST', path: '/send$' });
    const send = () =>
      fetch(`${served.base}/v2/invoicing/invoices/${created.id}/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ send_to_recipient: true }),
        signal: AbortSignal.timeout(5000),
      });
    await expect(send()).rejects.toThrow();

    // PayPal acted: the invoice went out and the buyer has the e-mail.
    expect(served.emulators.paypal.store.get(created.id)?.status).toBe('UNPAID');
    const mails = served.emulators.inbox
      .list('ada@example.com')
      .filter((mail) => mail.links.some((link) => link.href.includes(created.id)));
    expect(mails.map((mail) => mail.kind)).toEqual(['invoice']);
    const recorded = served.emulators.paypal.requests.list({ path: '/send' });
    expect(recorded.map((request) => [request.fault, request.statusCode])).toEqual([
      ['lost-answer', null],
    ]);
    // The fault was used up: the next request is answered.
    expect((await createInvoice('WS-F2')).status).toBe(201);
  });

  it('drops the connection without an answer in network mode', async () => {
    await arm({ mode: 'network', times: 1 });
    await expect(createInvoice()).rejects.toThrow();
    expect((await createInvoice()).status).toBe(201);
    const recorded = served.emulators.paypal.requests.list({ path: '/v2/invoicing/invoices' });
    expect(recorded.map((request) => [request.fault, request.statusCode])).toEqual([
      ['network', null],
      [null, 201],
    ]);
    // The body was read before the connection dropped, so a test can still see it.
    expect(recorded[0]?.body).toEqual(invoiceBody({ number: 'WS-F1' }));
  });

  it('answers 200 with a body of the wrong shape in garbage mode', async () => {
    await arm({ mode: 'garbage', times: 1 });
    const json = await createInvoice();
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ unexpected: true });

    await arm({ mode: 'garbage', times: 1, garbage: 'html' });
    const page = await createInvoice();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<html>');
    expect(served.emulators.paypal.store.list()).toEqual([]);
  });

  it('answers normally but late in slow mode', async () => {
    await arm({ mode: 'slow', delayMs: 400, times: 1 });
    const started = Date.now();
    const response = await createInvoice();
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    const quick = Date.now();
    expect((await createInvoice('WS-F2')).status).toBe(201);
    expect(Date.now() - quick).toBeLessThan(380);
  });

  it('only hits the paths matching the pattern, and never the control API or the pay page', async () => {
    await arm({ mode: 'http-503', path: '^/v1/oauth2/token$' });
    const tokenResponse = await fetch(`${served.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(tokenResponse.status).toBe(503);
    expect((await createInvoice()).status).toBe(201);

    await arm({ mode: 'http-500' });
    expect((await fetch(`${served.base}/_control/invoices`)).status).toBe(200);
    const id = served.emulators.paypal.store.list()[0]?.id;
    expect((await fetch(`${served.base}/invoice/p/${id}`)).status).toBe(200);
    expect(await (await fetch(`${served.base}/_control/faults`)).json()).toMatchObject({
      fault: { mode: 'http-500', remaining: null },
    });
  });

  it('refuses an invalid fault', async () => {
    const response = await fetch(`${served.base}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'explode' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: string[] }).issues[0]).toContain('mode');
  });
});
