import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  ZOHO,
  linkBody,
  startEmulators,
  zohoClient,
  zohoToken,
} from '../test-support/harness';
import type { PaymentLink } from './payment-link-types';

let emulators: Emulators;
let clock: ManualClock;
let call: ReturnType<typeof zohoClient>;

const ACCOUNT = `account_id=${ZOHO.accountId}`;
const links = (path = '') => `/payments/api/v1/paymentlinks${path}?${ACCOUNT}`;

beforeEach(async () => {
  // 2025-03-10 21:30 in India.
  clock = new ManualClock();
  emulators = await startEmulators({ clock: clock.read });
  call = zohoClient(emulators, await zohoToken(emulators, 'payments'));
});

afterEach(async () => {
  await emulators.app.close();
});

/** Moves the clock; the old token may have expired, so a new one is fetched as the server would. */
async function moveClockTo(iso: string) {
  clock.nowMs = Date.parse(iso);
  call = zohoClient(emulators, await zohoToken(emulators, 'payments'));
}

async function createLink(body: unknown = linkBody()): Promise<PaymentLink> {
  const response = await call({ url: links(), body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payment_links;
}

describe('Zoho Payments: authorization and account', () => {
  it('requires a live Payments token', async () => {
    for (const token of [undefined, '1000.made.up']) {
      const response = await zohoClient(emulators, token)({ url: links(), body: linkBody() });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'invalid_oauthtoken',
        message: 'Invalid OAuth token.',
      });
    }
  });

  it('requires the account id, and the right one', async () => {
    const missing = await call({ url: '/payments/api/v1/paymentlinks', body: linkBody() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'invalid_request',
      message: 'Invalid value passed for account_id.',
    });
    const wrong = await call({
      url: '/payments/api/v1/paymentlinks?account_id=99999999',
      body: linkBody(),
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ code: 'error', message: 'Not Authorised' });
    expect(emulators.zoho.links.all()).toEqual([]);
  });
});

describe('Zoho Payments: create and read a payment link', () => {
  it('answers 201 with the link, amounts as two-decimal strings', async () => {
    const response = await call({ url: links(), body: linkBody() });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      code: 0,
      message: 'success',
      payment_links: {
        payment_link_id: expect.stringMatching(/^\d{15}$/),
        url: expect.stringMatching(
          /^http:\/\/localhost:4000\/zoho\/payments\/paymentlink\/[0-9a-f]{44}$/,
        ),
        expires_at: '2025-03-13',
        amount: '41299.00',
        amount_paid: '0.00',
        currency: 'INR',
        status: 'active',
        email: 'asha@example.in',
        phone: '',
        phone_country_code: '',
        reference_id: 'ORD7K2M9Q4X1B8C3',
        description: 'Payment for Wi-Fi 7 Workshop',
        return_url: 'http://localhost:3000/checkout/zoho-payment-status',
        notify_customer: { email: true, sms: false },
        configurations: {},
        created_time: Math.floor(clock.nowMs / 1000),
        created_by_id: expect.any(String),
        created_by: expect.any(String),
        last_modified_by_id: expect.any(String),
        last_modified: expect.any(String),
        payments: [],
      },
    });
    const id = body.payment_links.payment_link_id;
    const fetched = await call({ url: links(`/${id}`) });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(body);
  });

  it('keeps paise exact and defaults the expiry to 30 days', async () => {
    const link = await createLink(
      linkBody({ amount: 1299.5, expires_at: undefined, notify_customer: undefined }),
    );
    expect(link.amount).toBe('1299.50');
    expect(link.expires_at).toBe('2025-04-09');
    expect(link.notify_customer).toEqual({ email: false, sms: false });
  });

  it('sends the payment request e-mail with the pay link', async () => {
    const link = await createLink(linkBody({ amount: 141299 }));
    const messages = emulators.inbox.list('asha@example.in');
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({
      kind: 'payment-link',
      to: 'asha@example.in',
      subject: 'Payment request from Wi-Fi 7 Workshop',
      links: [{ label: 'Pay Now', href: link.url }],
    });
    expect(message?.text).toContain('₹1,41,299.00');
    expect(message?.text).toContain('Payment for Wi-Fi 7 Workshop');
    expect(message?.text).toContain('Reference: ORD7K2M9Q4X1B8C3');
    expect(message?.text).toContain('13 Mar 2025');
  });

  it('sends no e-mail unless notify_customer.email is true', async () => {
    await createLink(linkBody({ notify_customer: { email: false, sms: false } }));
    await createLink(linkBody({ notify_customer: undefined, reference_id: 'B' }));
    expect(emulators.inbox.list()).toEqual([]);
  });

  it('uses the configured merchant name', async () => {
    await emulators.app.close();
    emulators = await startEmulators({
      clock: clock.read,
      zoho: { merchantName: 'Wireless Academy' },
    });
    call = zohoClient(emulators, await zohoToken(emulators, 'payments'));
    await createLink(linkBody({ amount: 41299 }));
    expect(emulators.inbox.list()[0]?.subject).toBe('Payment request from Wireless Academy');
    expect(emulators.inbox.list()[0]?.text).toContain(
      'Wireless Academy has requested a payment of ₹41,299.00.',
    );
  });

  it('refuses invalid fields with a code and a message, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: undefined }, 'invalid_amount', 'amount is required.'],
      [
        { amount: '41299.00' },
        'invalid_amount',
        'amount must be a positive number of rupees with at most two decimals.',
      ],
      [{ amount: 0 }, 'invalid_amount', expect.any(String)],
      [{ amount: -5 }, 'invalid_amount', expect.any(String)],
      [{ amount: 412.999 }, 'invalid_amount', expect.any(String)],
      [{ amount: 0.1 + 0.2 }, 'invalid_amount', expect.any(String)],
      [{ currency: undefined }, 'invalid_currency', 'currency is required.'],
      [{ currency: 'USD' }, 'invalid_currency', 'Only INR is supported for this account.'],
      [{ description: undefined }, 'invalid_description', 'description is required.'],
      [{ description: '  ' }, 'invalid_description', 'description is required.'],
      [
        { description: 'x'.repeat(501) },
        'invalid_description',
        'description can have at most 500 characters.',
      ],
      [{ email: 'asha-at-example' }, 'invalid_email', 'Invalid value passed for email.'],
      [
        { reference_id: 'R'.repeat(51) },
        'invalid_reference_id',
        'reference_id can have at most 50 characters.',
      ],
      [{ return_url: 'not a url' }, 'invalid_return_url', 'Invalid value passed for return_url.'],
      [{ return_url: 'ftp://x.in/' }, 'invalid_return_url', expect.any(String)],
      [
        { expires_at: '13-03-2025' },
        'invalid_expires_at',
        'expires_at must be a date in yyyy-MM-dd format.',
      ],
      [{ expires_at: '2025-02-30' }, 'invalid_expires_at', expect.any(String)],
      [
        { expires_at: '2025-03-09' },
        'invalid_expires_at',
        'expires_at cannot be a date in the past.',
      ],
      [{ notify_customer: { email: 'yes' } }, 'invalid_notify_customer', expect.any(String)],
      [
        { email: undefined },
        'invalid_email',
        'email is required to notify the customer by e-mail.',
      ],
      [
        { notify_customer: { email: false, sms: true } },
        'invalid_phone',
        'phone is required to notify the customer by SMS.',
      ],
      [
        { configurations: { allowed_payment_methods: [] } },
        'invalid_configurations',
        expect.any(String),
      ],
    ];
    for (const [overrides, code, message] of cases) {
      const response = await call({ url: links(), body: linkBody(overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ code, message });
    }
    const malformed = await emulators.app.inject({
      method: 'POST',
      url: `/zoho${links()}`,
      headers: {
        authorization: `Zoho-oauthtoken ${await zohoToken(emulators, 'payments')}`,
        'content-type': 'application/json',
      },
      payload: '{"amount": 1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: 'invalid_request',
      message: 'The request body is not valid JSON.',
    });
    expect(emulators.zoho.links.all()).toEqual([]);
    expect(emulators.inbox.list()).toEqual([]);
  });

  it('accepts today’s date in India as the expiry', async () => {
    // 2025-03-10T19:00Z is already 11 March in India.
    await moveClockTo('2025-03-10T19:00:00Z');
    const today = await call({ url: links(), body: linkBody({ expires_at: '2025-03-11' }) });
    expect(today.statusCode).toBe(201);
    const yesterday = await call({ url: links(), body: linkBody({ expires_at: '2025-03-10' }) });
    expect(yesterday.json().code).toBe('invalid_expires_at');
  });

  it('answers 404 for an unknown link and an unknown path', async () => {
    const unknown = await call({ url: links('/173000000000000') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'not_found',
      message: 'The payment link does not exist.',
    });
    const path = await call({ url: `/payments/api/v1/paymentlink?${ACCOUNT}` });
    expect(path.statusCode).toBe(404);
    expect(path.json().code).toBe('error');
  });
});

describe('Zoho Payments: cancel, update and expiry', () => {
  it('cancels an active link once; afterwards refuses with a code and a message', async () => {
    const link = await createLink();
    // As the server's adapter sends it: PUT without a body.
    const canceled = await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      code: 0,
      message: 'success',
      payment_links: { payment_link_id: link.payment_link_id, status: 'canceled' },
    });
    const again = await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'invalid_payment_link_status',
      message: 'Only an active payment link can be canceled. This link is canceled.',
    });
  });

  it('refuses to cancel a paid link', async () => {
    const link = await createLink();
    emulators.zoho.links.pay(link.payment_link_id);
    const response = await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Only an active payment link can be canceled. This link is paid.',
    );
  });

  it('updates the descriptive fields of an active link, never the amount', async () => {
    const link = await createLink(linkBody({ notify_customer: undefined }));
    const updated = await call({
      method: 'PUT',
      url: links(`/${link.payment_link_id}`),
      body: {
        description: 'Wi-Fi 7 Workshop, May batch',
        expires_at: '2025-03-20',
        amount: 41299,
        notify_customer: { email: true },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().payment_links).toMatchObject({
      description: 'Wi-Fi 7 Workshop, May batch',
      expires_at: '2025-03-20',
      amount: '41299.00',
      reference_id: 'ORD7K2M9Q4X1B8C3',
    });
    // Asked to notify: the customer gets the request (again).
    expect(emulators.inbox.list()).toHaveLength(1);

    const amount = await call({
      method: 'PUT',
      url: links(`/${link.payment_link_id}`),
      body: { amount: 100 },
    });
    expect(amount.statusCode).toBe(400);
    expect(amount.json()).toEqual({
      code: 'invalid_amount',
      message: 'The amount of a payment link cannot be changed.',
    });
    const bad = await call({
      method: 'PUT',
      url: links(`/${link.payment_link_id}`),
      body: { email: 'nope' },
    });
    expect(bad.json().code).toBe('invalid_email');

    await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    const closed = await call({
      method: 'PUT',
      url: links(`/${link.payment_link_id}`),
      body: { description: 'Too late' },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().code).toBe('invalid_payment_link_status');
  });

  it('turns a link expired after the end of its day in India', async () => {
    const link = await createLink(linkBody({ expires_at: '2025-03-13' }));
    // 13 March 23:59 in India is 18:29 UTC.
    await moveClockTo('2025-03-13T18:29:59Z');
    expect(
      (await call({ url: links(`/${link.payment_link_id}`) })).json().payment_links.status,
    ).toBe('active');
    await moveClockTo('2025-03-13T18:30:00Z');
    const expired = await call({ url: links(`/${link.payment_link_id}`) });
    expect(expired.json().payment_links.status).toBe('expired');
    const cancel = await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    expect(cancel.json().message).toBe(
      'Only an active payment link can be canceled. This link is expired.',
    );
    expect(emulators.zoho.webhooks.listEvents().map((event) => event.eventType)).toEqual([
      'payment_link.expired',
    ]);
  });

  it('records the requests with their query and whether a token came', async () => {
    const link = await createLink();
    await call({ method: 'PUT', url: links(`/${link.payment_link_id}/cancel`) });
    const recorded = emulators.zoho.requests.list({ service: 'payments' });
    expect(
      recorded.map((entry) => [entry.method, entry.path, entry.query, entry.statusCode]),
    ).toEqual([
      ['POST', '/payments/api/v1/paymentlinks', { account_id: ZOHO.accountId }, 201],
      [
        'PUT',
        `/payments/api/v1/paymentlinks/${link.payment_link_id}/cancel`,
        { account_id: ZOHO.accountId },
        200,
      ],
    ]);
    expect(recorded[0]?.body).toEqual(linkBody());
    expect(recorded[1]?.headers.authorization).toEqual({
      present: true,
      scheme: 'Zoho-oauthtoken',
    });
    const cleared = await emulators.app.inject({
      method: 'DELETE',
      url: '/zoho/_control/requests',
    });
    expect(cleared.statusCode).toBe(204);
    const listed = await emulators.app.inject({ method: 'GET', url: '/zoho/_control/requests' });
    expect(listed.json()).toEqual({ requests: [] });
  });
});
