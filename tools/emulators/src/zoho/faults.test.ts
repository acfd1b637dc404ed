import { describe, expect, it } from 'vitest';
import {
  ZOHO,
  contactBody,
  linkBody,
  servedOnSocketPerFile,
  zohoRefreshParams,
} from '../test-support/harness';

// Over a real socket: a dropped connection cannot be seen through inject.
const served = servedOnSocketPerFile('/zoho');

const { arm } = served;

const refresh = (product: 'books' | 'payments') =>
  fetch(`${served.base}/accounts/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(zohoRefreshParams(product)).toString(),
    signal: AbortSignal.timeout(5000),
  });

async function token(product: 'books' | 'payments'): Promise<string> {
  const response = await refresh(product);
  return ((await response.json()) as { access_token: string }).access_token;
}

const createContact = async (name = 'Asha Rao', auth?: string) =>
  fetch(`${served.base}/books/v3/contacts?organization_id=${ZOHO.organizationId}`, {
    method: 'POST',
    headers: {
      authorization: `Zoho-oauthtoken ${auth ?? (await token('books'))}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(contactBody({ name })),
    signal: AbortSignal.timeout(5000),
  });

const createLink = async (auth: string) =>
  fetch(`${served.base}/payments/api/v1/paymentlinks?account_id=${ZOHO.accountId}`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(linkBody({ expires_at: undefined })),
    signal: AbortSignal.timeout(5000),
  });

describe('Zoho faults', () => {
  it('answers 500 and 503 in each service’s own format', async () => {
    const booksToken = await token('books');
    const paymentsToken = await token('payments');
    await arm({ mode: 'http-500', times: 3 });
    const accounts = await refresh('books');
    expect(accounts.status).toBe(500);
    expect(await accounts.json()).toEqual({ error: 'internal_error' });
    const books = await createContact('Asha Rao', booksToken);
    expect(books.status).toBe(500);
    expect(await books.json()).toEqual({ code: 1000, message: 'Internal error' });
    const payments = await createLink(paymentsToken);
    expect(payments.status).toBe(500);
    expect(await payments.json()).toEqual({
      code: 'error',
      message: 'An internal error occurred. Please refresh the page and try again.',
    });
    expect(served.emulators.zoho.contacts.all()).toEqual([]);
    expect(served.emulators.zoho.links.all()).toEqual([]);
    // Three requests used the fault up.
    expect((await createContact('Asha Rao', booksToken)).status).toBe(201);

    await arm({ mode: 'http-503', path: '^/payments/' });
    const unavailable = await createLink(paymentsToken);
    expect(unavailable.status).toBe(503);
    expect(((await unavailable.json()) as { code: string }).code).toBe('error');
    expect((await createContact('Vikram Iyer', booksToken)).status).toBe(201);
    await fetch(`${served.base}/_control/faults`, { method: 'DELETE' });
    expect((await createLink(paymentsToken)).status).toBe(201);
  });

  it('answers 429 with Retry-After in each service’s own format', async () => {
    const booksToken = await token('books');
    const paymentsToken = await token('payments');
    await arm({ mode: 'http-429', times: 3 });
    const accounts = await refresh('books');
    expect(accounts.status).toBe(429);
    expect(accounts.headers.get('retry-after')).toBe('1');
    expect(await accounts.json()).toEqual({
      error: 'Access Denied',
      error_description:
        'You have made too many requests continuously. Please try again after some time.',
    });
    const books = await createContact('Asha Rao', booksToken);
    expect(books.status).toBe(429);
    expect(books.headers.get('retry-after')).toBe('1');
    expect(((await books.json()) as { code: number }).code).toBe(44);
    const payments = await createLink(paymentsToken);
    expect(payments.status).toBe(429);
    expect(await payments.json()).toEqual({
      code: 'too_many_requests',
      message: 'Too many requests. Please try again later.',
    });
    expect(served.emulators.zoho.contacts.all()).toEqual([]);
    expect(served.emulators.zoho.links.all()).toEqual([]);
  });

  it('creates the contact or the link and then drops the answer in lost-answer mode', async () => {
    const booksToken = await token('books');
    const paymentsToken = await token('payments');
    // The look-up shares the path with the create: only the create loses its answer.
    await arm({ mode: 'lost-answer', times: 1, method: 'POST', path: '^/books/v3/contacts$' });
    const lookUp = await fetch(
      `${served.base}/books/v3/contacts?organization_id=${ZOHO.organizationId}&email=asha@example.in`,
      { headers: { authorization: `Zoho-oauthtoken ${booksToken}` } },
    );
    expect(lookUp.status).toBe(200);
    await expect(createContact('Asha Rao', booksToken)).rejects.toThrow();
    expect(served.emulators.zoho.contacts.all().map((contact) => contact.email)).toEqual([
      'asha@example.in',
    ]);

    await arm({ mode: 'lost-answer', times: 1, method: 'POST', path: '^/payments/' });
    await expect(createLink(paymentsToken)).rejects.toThrow();
    const [link] = served.emulators.zoho.links.all();
    expect(link).toMatchObject({ status: 'active', reference_id: linkBody().reference_id });
    // Zoho e-mailed the link to the buyer although our side never heard of it.
    expect(
      served.emulators.inbox
        .list('asha@example.in')
        .filter((mail) => mail.links.some((each) => each.href === link?.url)),
    ).toHaveLength(1);

    const recorded = served.emulators.zoho.requests
      .list({ method: 'POST' })
      .filter((request) => request.service !== 'accounts');
    expect(recorded.map((request) => [request.service, request.fault, request.statusCode])).toEqual(
      [
        ['books', 'lost-answer', null],
        ['payments', 'lost-answer', null],
      ],
    );
    expect((await createLink(paymentsToken)).status).toBe(201);
  });

  it('drops the connection in network mode, after reading the body', async () => {
    const booksToken = await token('books');
    await arm({ mode: 'network', times: 1, path: '/books/v3/contacts' });
    await expect(createContact('Asha Rao', booksToken)).rejects.toThrow();
    expect((await createContact('Asha Rao', booksToken)).status).toBe(201);
    const recorded = served.emulators.zoho.requests.list({ service: 'books' });
    expect(recorded.map((request) => [request.fault, request.statusCode])).toEqual([
      ['network', null],
      [null, 201],
    ]);
    expect(recorded[0]?.body).toEqual(contactBody());
  });

  it('answers 200 with a body of the wrong shape in garbage mode', async () => {
    await arm({ mode: 'garbage', times: 1, path: '^/accounts/' });
    const json = await refresh('payments');
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ unexpected: true });
    await arm({ mode: 'garbage', times: 1, garbage: 'html', path: '^/payments/' });
    const page = await createLink(await token('payments'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(served.emulators.zoho.links.all()).toEqual([]);
  });

  it('answers normally but late in slow mode', async () => {
    const booksToken = await token('books');
    await arm({ mode: 'slow', delayMs: 400, times: 1 });
    const started = Date.now();
    expect((await createContact('Asha Rao', booksToken)).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('never touches the pay page, the overview or the control API', async () => {
    const link = (await (await createLink(await token('payments'))).json()) as {
      payment_links: { url: string };
    };
    await arm({ mode: 'http-500' });
    const pagePath = new URL(link.payment_links.url).pathname;
    expect((await fetch(`${served.base.replace(/\/zoho$/, '')}${pagePath}`)).status).toBe(200);
    expect((await fetch(served.base)).status).toBe(200);
    expect((await fetch(`${served.base}/_control/payment-links`)).status).toBe(200);
    expect(await (await fetch(`${served.base}/_control/faults`)).json()).toMatchObject({
      fault: { mode: 'http-500', remaining: null },
    });
    expect((await refresh('books')).status).toBe(500);
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
