import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  basicAuth,
  invoiceBody,
  paypalClient,
  paypalToken,
  startEmulators,
} from '../test-support/harness';
import { openApiContracts } from './openapi-validation';
import type { Invoice } from './types';

let emulators: Emulators;
let call: ReturnType<typeof paypalClient>;

async function createInvoice(body: unknown = invoiceBody()): Promise<Invoice> {
  const response = await call({
    url: '/v2/invoicing/invoices',
    body,
    headers: { prefer: 'return=representation' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function sendInvoice(id: string, body: unknown = {}) {
  return call({ url: `/v2/invoicing/invoices/${id}/send`, body });
}

beforeEach(async () => {
  emulators = await startEmulators();
  call = paypalClient(emulators, await paypalToken(emulators));
});

afterEach(async () => {
  await emulators.app.close();
});

describe('OAuth token', () => {
  const tokenRequest = (
    authorization: string | undefined,
    payload = 'grant_type=client_credentials',
  ) =>
    emulators.app.inject({
      method: 'POST',
      url: '/paypal/v1/oauth2/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      payload,
    });

  it('issues a bearer token for the app credentials', async () => {
    const response = await tokenRequest(basicAuth());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'app_id', 'expires_in', 'nonce', 'scope', 'token_type'].sort(),
    );
    expect(body.scope).toContain('https://uri.paypal.com/services/invoicing');
  });

  it('refuses wrong or missing credentials with the OAuth error body', async () => {
    for (const authorization of [basicAuth('emulator-client-id', 'wrong'), undefined, 'Bearer x']) {
      const response = await tokenRequest(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
  });

  it('requires grant_type=client_credentials', async () => {
    expect((await tokenRequest(basicAuth(), '')).json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Grant Type is NULL',
    });
    expect((await tokenRequest(basicAuth(), 'grant_type=password')).statusCode).toBe(400);
  });

  it('rejects API calls without a live token with AUTHENTICATION_FAILURE', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token', basicAuth()]) {
      const response = await emulators.app.inject({
        method: 'GET',
        url: '/paypal/v2/invoicing/invoices/INV2-AAAA-BBBB-CCCC-DDDD',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to missing authorization header, or invalid authentication credentials.',
      });
      expect(response.json().debug_id).toMatch(/^[0-9a-f]{13}$/);
      expect(response.headers['paypal-debug-id']).toBe(response.json().debug_id);
    }
  });

  it('expires tokens after expires_in seconds', async () => {
    const clock = new ManualClock();
    const local = await startEmulators({ clock: clock.read, paypal: { tokenTtlSeconds: 60 } });
    try {
      const token = await paypalToken(local);
      const get = () => paypalClient(local, token)({ url: '/v2/invoicing/invoices' });
      expect((await get()).statusCode).toBe(200);
      clock.advance(59_000);
      expect((await get()).statusCode).toBe(200);
      clock.advance(1_000);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await local.app.close();
    }
  });
});

describe('create invoice', () => {
  it('returns the full draft with Prefer: return=representation', async () => {
    const invoice = await createInvoice();
    expect(invoice.id).toMatch(/^INV2-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(invoice.status).toBe('DRAFT');
    expect(invoice.detail.invoice_number).toBe('WS-0001');
    expect(invoice.detail.metadata.recipient_view_url).toBe(
      `http://localhost:4000/paypal/invoice/p/${invoice.id}`,
    );
    expect(invoice.detail.metadata.invoicer_view_url).toContain(invoice.id);
    expect(invoice.detail.metadata.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(invoice.amount).toEqual({
      currency_code: 'USD',
      value: '449.10',
      breakdown: {
        item_total: { currency_code: 'USD', value: '499.00' },
        discount: { item_discount: { currency_code: 'USD', value: '-49.90' } },
      },
    });
    expect(invoice.due_amount).toEqual({ currency_code: 'USD', value: '449.10' });
    expect(invoice.links).toContainEqual({
      href: `http://localhost:4000/paypal/v2/invoicing/invoices/${invoice.id}`,
      rel: 'self',
      method: 'GET',
    });
    // What the emulator answers is itself a valid `invoice` by PayPal's schema.
    expect(openApiContracts().validate('invoicing_v2', 'invoice', invoice)).toEqual({
      ok: true,
      value: invoice,
    });
  });

  it('returns a self link without Prefer', async () => {
    const response = await call({ url: '/v2/invoicing/invoices', body: invoiceBody() });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toEqual({
      href: expect.stringMatching(/\/paypal\/v2\/invoicing\/invoices\/INV2-[A-Z0-9-]+$/),
      rel: 'self',
      method: 'GET',
    });
    const id = String(link.href).split('/').at(-1);
    expect((await call({ url: `/v2/invoicing/invoices/${id}` })).json().status).toBe('DRAFT');
  });

  it('answers a repeated PayPal-Request-Id with the invoice it created', async () => {
    const headers = { 'paypal-request-id': 'order-0001-create', prefer: 'return=representation' };
    const first = await call({ url: '/v2/invoicing/invoices', body: invoiceBody(), headers });
    const again = await call({ url: '/v2/invoicing/invoices', body: invoiceBody(), headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(emulators.paypal.store.list()).toHaveLength(1);

    // A new id with the same invoice number is a new create, refused as a duplicate.
    const other = await call({
      url: '/v2/invoicing/invoices',
      body: invoiceBody(),
      headers: { 'paypal-request-id': 'order-0001-other' },
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses a duplicate invoice number with DUPLICATE_INVOICE_NUMBER', async () => {
    await createInvoice();
    const response = await call({ url: '/v2/invoicing/invoices', body: invoiceBody() });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [
        {
          field: '/detail/invoice_number',
          location: 'body',
          issue: 'DUPLICATE_INVOICE_NUMBER',
          description: expect.any(String),
        },
      ],
      links: [expect.objectContaining({ rel: 'information_link' })],
    });
  });

  it('numbers invoices that come without a number', async () => {
    const body = invoiceBody();
    const { invoice_number: _omitted, ...detail } = body.detail;
    const first = await createInvoice({ ...body, detail });
    const second = await createInvoice({ ...body, detail });
    expect([first.detail.invoice_number, second.detail.invoice_number]).toEqual(['0001', '0002']);
  });
});

describe('create invoice validation', () => {
  const rejected = async (body: unknown) => {
    const response = await call({ url: '/v2/invoicing/invoices', body });
    expect(response.statusCode, response.body).toBe(400);
    const json = response.json();
    expect(json.name).toBe('INVALID_REQUEST');
    expect(json.message).toBe(
      'Request is not well-formed, syntactically incorrect, or violates schema.',
    );
    return json.details as { field: string; issue: string; value?: string; location: string }[];
  };

  it('rejects a quantity sent as a number (the schema says string)', async () => {
    const body = invoiceBody();
    const details = await rejected({ ...body, items: [{ ...body.items[0], quantity: 1 }] });
    expect(details).toContainEqual(
      expect.objectContaining({
        field: '/items/0/quantity',
        issue: 'INVALID_PARAMETER_SYNTAX',
        value: '1',
      }),
    );
  });

  it('rejects a missing detail.currency_code', async () => {
    const body = invoiceBody();
    const { currency_code: _omitted, ...detail } = body.detail;
    const details = await rejected({ ...body, detail });
    expect(details).toEqual([
      expect.objectContaining({
        field: '/detail/currency_code',
        location: 'body',
        issue: 'MISSING_REQUIRED_PARAMETER',
      }),
    ]);
  });

  it('rejects bad money values, country codes and e-mail addresses by the schema patterns', async () => {
    const body = invoiceBody();
    const recipient = body.primary_recipients[0]!.billing_info;
    const details = await rejected({
      ...body,
      primary_recipients: [
        {
          billing_info: {
            ...recipient,
            email_address: 'not-an-address',
            address: { ...recipient.address, country_code: 'usa' },
          },
        },
      ],
      items: [{ ...body.items[0], unit_amount: { currency_code: 'USD', value: '4,99' } }],
    });
    expect(details.map((detail) => [detail.field, detail.issue])).toEqual(
      expect.arrayContaining([
        ['/items/0/unit_amount/value', 'INVALID_PARAMETER_SYNTAX'],
        ['/primary_recipients/0/billing_info/address/country_code', 'INVALID_STRING_MAX_LENGTH'],
        ['/primary_recipients/0/billing_info/address/country_code', 'INVALID_PARAMETER_SYNTAX'],
        ['/primary_recipients/0/billing_info/email_address', 'INVALID_PARAMETER_SYNTAX'],
      ]),
    );
  });

  it('enforces the documented rules the schema leaves out', async () => {
    const body = invoiceBody();
    expect(await rejected({ ...body, items: [] })).toEqual([
      expect.objectContaining({ field: '/items', issue: 'MISSING_REQUIRED_PARAMETER' }),
    ]);
    expect(
      await rejected({ ...body, detail: { ...body.detail, invoice_number: 'X'.repeat(26) } }),
    ).toEqual([
      expect.objectContaining({
        field: '/detail/invoice_number',
        issue: 'INVALID_STRING_MAX_LENGTH',
      }),
    ]);
    expect(await rejected({ ...body, detail: { ...body.detail, currency_code: 'XYZ' } })).toEqual([
      expect.objectContaining({ field: '/detail/currency_code', issue: 'NOT_SUPPORTED' }),
    ]);
    const item = body.items[0]!;
    expect(await rejected({ ...body, items: [{ ...item, quantity: 'one' }] })).toEqual([
      expect.objectContaining({ field: '/items/0/quantity', issue: 'INVALID_PARAMETER_SYNTAX' }),
    ]);
    expect(
      await rejected({
        ...body,
        items: [{ ...item, unit_amount: { currency_code: 'INR', value: '1' } }],
      }),
    ).toEqual([
      expect.objectContaining({
        field: '/items/0/unit_amount/currency_code',
        issue: 'CURRENCY_MISMATCH',
      }),
    ]);
    expect(
      await rejected({
        ...body,
        items: [{ ...item, unit_amount: { currency_code: 'USD', value: '1.999' } }],
      }),
    ).toEqual([
      expect.objectContaining({ field: '/items/0/unit_amount/value', issue: 'DECIMAL_PRECISION' }),
    ]);
    expect(
      await rejected({
        ...body,
        items: [{ ...item, discount: { amount: { currency_code: 'USD', value: '-10.00' } } }],
      }),
    ).toEqual([
      expect.objectContaining({
        field: '/items/0/discount/amount/value',
        issue: 'INVALID_PARAMETER_VALUE',
      }),
    ]);
    expect(await rejected({ ...body, items: [{ ...item, discount: { percent: '120' } }] })).toEqual(
      [
        expect.objectContaining({
          field: '/items/0/discount/percent',
          issue: 'INVALID_PARAMETER_VALUE',
        }),
      ],
    );
  });

  it("keeps a company recipient's business name and additional info, at most 40 characters", async () => {
    const body = invoiceBody();
    const recipient = body.primary_recipients[0]!.billing_info;
    const withInfo = (additional_info: string) => ({
      ...body,
      primary_recipients: [
        {
          billing_info: { ...recipient, business_name: 'Analytical Engines Ltd', additional_info },
        },
      ],
    });
    const invoice = await createInvoice(withInfo('Tax ID: GB123456789'));
    expect(invoice.primary_recipients?.[0]?.billing_info).toMatchObject({
      business_name: 'Analytical Engines Ltd',
      additional_info: 'Tax ID: GB123456789',
    });
    expect(await rejected(withInfo('X'.repeat(41)))).toEqual([
      expect.objectContaining({
        field: '/primary_recipients/0/billing_info/additional_info',
        issue: 'INVALID_STRING_MAX_LENGTH',
      }),
    ]);
  });

  it('accepts a 25-character invoice number', async () => {
    const body = invoiceBody({ number: 'W'.repeat(25) });
    expect((await createInvoice(body)).detail.invoice_number).toHaveLength(25);
  });

  it('answers malformed JSON with MALFORMED_REQUEST_JSON', async () => {
    const response = await emulators.app.inject({
      method: 'POST',
      url: '/paypal/v2/invoicing/invoices',
      headers: {
        authorization: `Bearer ${await paypalToken(emulators)}`,
        'content-type': 'application/json',
      },
      payload: '{"detail": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].issue).toBe('MALFORMED_REQUEST_JSON');
  });
});

describe('send, show, search and cancel', () => {
  it('sends a draft: UNPAID, payer-view link, and the invoice e-mail with the pay link', async () => {
    const invoice = await createInvoice();
    const response = await sendInvoice(invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      href: invoice.detail.metadata.recipient_view_url,
      rel: 'payer-view',
      method: 'GET',
    });
    const shown = (await call({ url: `/v2/invoicing/invoices/${invoice.id}` })).json();
    expect(shown.status).toBe('UNPAID');
    expect(shown.detail.metadata.first_sent_time).toMatch(/Z$/);

    const [mail, ...others] = emulators.inbox.list('ada@example.com');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'invoice',
      from: 'service@paypal.example',
      subject: 'Invoice WS-0001 from Wireless Academy',
      links: [{ label: 'View and Pay Invoice', href: invoice.detail.metadata.recipient_view_url }],
    });
    expect(mail?.text).toContain('$449.10');
    expect(mail?.text).toContain('Wi-Fi 7 Workshop');
  });

  it('resending has no effect and sends no second e-mail', async () => {
    const invoice = await createInvoice();
    await sendInvoice(invoice.id);
    const again = await sendInvoice(invoice.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().rel).toBe('payer-view');
    expect(emulators.inbox.list()).toHaveLength(1);
  });

  it('reminds the buyer of an unpaid invoice with the invoice again, and refuses a draft', async () => {
    const invoice = await createInvoice();
    const early = await call({ url: `/v2/invoicing/invoices/${invoice.id}/remind`, body: {} });
    expect(early.statusCode).toBe(422);
    expect(early.json().details[0].issue).toBe('INVOICE_NOT_REMINDABLE');
    await sendInvoice(invoice.id);
    const reminded = await call({ url: `/v2/invoicing/invoices/${invoice.id}/remind`, body: {} });
    expect(reminded.statusCode).toBe(204);
    const [first, reminder] = emulators.inbox.list().reverse();
    expect(reminder?.subject).toMatch(/^Reminder: invoice /);
    expect(reminder?.links).toEqual(first?.links);
  });

  it('sends no e-mail with send_to_recipient false, and names "the merchant" without a business name', async () => {
    const quiet = await createInvoice(invoiceBody({ number: 'WS-Q' }));
    await sendInvoice(quiet.id, { send_to_recipient: false });
    expect(emulators.inbox.list()).toEqual([]);

    const { invoicer: _none, ...anonymous } = invoiceBody({ number: 'WS-A' });
    const plain = await createInvoice(anonymous);
    const response = await call({ method: 'POST', url: `/v2/invoicing/invoices/${plain.id}/send` });
    expect(response.statusCode).toBe(200);
    expect(emulators.inbox.list()[0]?.subject).toBe('Invoice WS-A from the merchant');
  });

  it('answers unknown ids with RESOURCE_NOT_FOUND', async () => {
    for (const response of [
      await sendInvoice('INV2-NOPE-NOPE-NOPE-NOPE'),
      await call({ url: '/v2/invoicing/invoices/INV2-NOPE-NOPE-NOPE-NOPE' }),
      await call({ url: '/v2/invoicing/invoices/INV2-NOPE-NOPE-NOPE-NOPE/cancel', body: {} }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        details: [{ location: 'path', issue: 'INVALID_RESOURCE_ID' }],
      });
    }
  });

  it('shows payments after a payment', async () => {
    const invoice = await createInvoice();
    await sendInvoice(invoice.id);
    emulators.paypal.invoices.pay(invoice.id);
    const shown = (await call({ url: `/v2/invoicing/invoices/${invoice.id}` })).json();
    expect(shown.status).toBe('PAID');
    expect(shown.due_amount).toEqual({ currency_code: 'USD', value: '0.00' });
    expect(shown.payments.paid_amount).toEqual({ currency_code: 'USD', value: '449.10' });
    expect(shown.payments.transactions).toEqual([
      {
        type: 'PAYPAL',
        payment_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        payment_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        method: 'PAYPAL',
        amount: { currency_code: 'USD', value: '449.10' },
      },
    ]);
    expect(openApiContracts().validate('invoicing_v2', 'invoice', shown).ok).toBe(true);
  });

  it('searches by invoice number, recipient e-mail and status, with pages', async () => {
    const a = await createInvoice(invoiceBody({ number: 'WS-A', email: 'ada@example.com' }));
    await createInvoice(invoiceBody({ number: 'WS-B', email: 'bob@example.com' }));
    await createInvoice(invoiceBody({ number: 'WS-C', email: 'Ada@Example.com' }));
    await sendInvoice(a.id);

    const search = async (body: unknown, query = '') => {
      const response = await call({ url: `/v2/invoicing/search-invoices${query}`, body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const numbers = (result: { items: Invoice[] }) =>
      result.items.map((i) => i.detail.invoice_number);

    expect(numbers(await search({ invoice_number: 'WS-B' }))).toEqual(['WS-B']);
    expect(numbers(await search({ recipient_email: 'ada@example.com' }))).toEqual(['WS-C', 'WS-A']);
    expect(numbers(await search({ status: ['UNPAID'] }))).toEqual(['WS-A']);
    expect(numbers(await search({ invoice_number: 'WS-Z' }))).toEqual([]);

    const first = await search({}, '?page=1&page_size=2&total_required=true');
    expect(numbers(first)).toEqual(['WS-C', 'WS-B']);
    expect(first).toMatchObject({ total_items: 3, total_pages: 2 });
    expect(first.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'next']);
    const second = await search({}, '?page=2&page_size=2');
    expect(numbers(second)).toEqual(['WS-A']);
    expect(second.total_items).toBeUndefined();
  });

  it('refuses bad search paging and criteria', async () => {
    const big = await call({ url: '/v2/invoicing/search-invoices?page_size=101', body: {} });
    expect(big.statusCode).toBe(400);
    expect(big.json().details[0]).toMatchObject({
      field: 'page_size',
      location: 'query',
      issue: 'INVALID_INTEGER_MAX_VALUE',
    });
    const status = await call({ url: '/v2/invoicing/search-invoices', body: { status: ['LOST'] } });
    expect(status.statusCode).toBe(400);
    expect(status.json().details[0]).toMatchObject({
      field: '/status/0',
      issue: 'INVALID_PARAMETER_VALUE',
    });
  });

  it('cancels a sent invoice (204, CANCELLED, a webhook event) and refuses the wrong states', async () => {
    const cancel = (id: string) =>
      call({ url: `/v2/invoicing/invoices/${id}/cancel`, body: { send_to_recipient: true } });
    const issue = async (id: string) => {
      const response = await cancel(id);
      expect(response.statusCode).toBe(422);
      expect(response.json().name).toBe('UNPROCESSABLE_ENTITY');
      return response.json().details[0].issue;
    };

    const draft = await createInvoice(invoiceBody({ number: 'WS-D' }));
    expect(await issue(draft.id)).toBe('CANNOT_CANCEL_DRAFT_INVOICE');

    const sent = await createInvoice(invoiceBody({ number: 'WS-S' }));
    await sendInvoice(sent.id);
    const response = await cancel(sent.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const shown = (await call({ url: `/v2/invoicing/invoices/${sent.id}` })).json();
    expect(shown.status).toBe('CANCELLED');
    expect(shown.detail.metadata.cancel_time).toBeDefined();
    expect(emulators.paypal.webhooks.listEvents()[0]?.event_type).toBe(
      'INVOICING.INVOICE.CANCELLED',
    );
    expect(emulators.inbox.list()[0]?.subject).toBe(
      'Invoice WS-S from Wireless Academy was cancelled',
    );
    expect(await issue(sent.id)).toBe('INVOICE_CANCELED_ALREADY');

    const paid = await createInvoice(invoiceBody({ number: 'WS-P' }));
    await sendInvoice(paid.id);
    emulators.paypal.invoices.pay(paid.id);
    expect(await issue(paid.id)).toBe('CANNOT_CANCEL_PAID_INVOICE');
  });
});

describe('request recording', () => {
  it('records method, path, query, the relevant headers and the body, never credentials', async () => {
    emulators.paypal.requests.clear();
    await paypalToken(emulators);
    await call({
      url: '/v2/invoicing/invoices',
      body: invoiceBody(),
      headers: { 'paypal-request-id': 'req-1', prefer: 'return=minimal' },
    });
    await call({
      url: '/v2/invoicing/search-invoices?page=1',
      body: { invoice_number: 'WS-0001' },
    });

    const response = await emulators.app.inject({
      method: 'GET',
      url: '/paypal/_control/requests',
    });
    const { requests } = response.json();
    expect(requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/oauth2/token',
      'POST /v2/invoicing/invoices',
      'POST /v2/invoicing/search-invoices',
    ]);
    expect(requests[0]).toMatchObject({
      headers: { authorization: { present: true, scheme: 'Basic' } },
      body: { grant_type: 'client_credentials' },
      statusCode: 200,
    });
    expect(requests[1]).toMatchObject({
      headers: {
        paypalRequestId: 'req-1',
        prefer: 'return=minimal',
        contentType: 'application/json',
        authorization: { present: true, scheme: 'Bearer' },
      },
      body: invoiceBody(),
      statusCode: 201,
    });
    expect(requests[2].query).toEqual({ page: '1' });
    expect(response.body).not.toContain(
      Buffer.from('emulator-client-id:').toString('base64').slice(0, 12),
    );
    expect(response.body).not.toMatch(/A21AA/);

    const cleared = await emulators.app.inject({
      method: 'DELETE',
      url: '/paypal/_control/requests',
    });
    expect(cleared.statusCode).toBe(204);
    expect(emulators.paypal.requests.list()).toEqual([]);
  });
});
