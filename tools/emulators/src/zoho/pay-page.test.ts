import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  ZOHO,
  contactBody,
  linkBody,
  startEmulators,
  zohoClient,
  zohoToken,
} from '../test-support/harness';
import type { PaymentLink } from './payment-link-types';

let emulators: Emulators;

beforeEach(async () => {
  emulators = await startEmulators({ clock: new ManualClock().read });
});

afterEach(async () => {
  await emulators.app.close();
});

async function createLink(overrides: Record<string, unknown> = {}): Promise<PaymentLink> {
  const call = zohoClient(emulators, await zohoToken(emulators, 'payments'));
  const response = await call({
    url: `/payments/api/v1/paymentlinks?account_id=${ZOHO.accountId}`,
    body: linkBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payment_links;
}

const get = (url: string) => emulators.app.inject({ method: 'GET', url });
const post = (url: string) => emulators.app.inject({ method: 'POST', url });
const pathOf = (url: string) => new URL(url).pathname;
/** The accessible names of the page's buttons. */
const buttons = (body: string) =>
  [...body.matchAll(/<button[^>]*>\s*([^<]*?)\s*<\/button>/g)].map((match) => match[1]);

/** The return-URL signature, computed independently of the emulator. */
function expectedSignature(params: URLSearchParams): string {
  const message = [
    params.get('payment_link_id'),
    params.get('payment_id'),
    params.get('amount'),
    params.get('status'),
    params.get('payment_link_reference') ?? '',
  ].join('.');
  return createHmac('sha256', ZOHO.signingKey).update(message).digest('hex');
}

describe('hosted pay page', () => {
  it('is where the e-mail’s "Pay Now" leads: merchant, description, amount and the two forms', async () => {
    const link = await createLink();
    const href = emulators.inbox.list()[0]?.links[0]?.href ?? '';
    expect(href).toBe(link.url);
    const page = await get(pathOf(href));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Wi-Fi 7 Workshop');
    expect(page.body).toContain('Payment for Wi-Fi 7 Workshop');
    expect(page.body).toContain('₹41,299.00');
    expect(page.body).toContain('Active');
    expect(buttons(page.body)).toEqual(['Pay', 'Fail']);
    const path = pathOf(link.url);
    expect(page.body).toContain(`method="post" action="${path}/pay"`);
    expect(page.body).toContain(`method="post" action="${path}/fail"`);
  });

  it('Pay: the link is paid and the browser goes to return_url with the signed result', async () => {
    const link = await createLink();
    const paid = await post(`${pathOf(link.url)}/pay`);
    expect(paid.statusCode).toBe(303);
    const location = new URL(paid.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(link.return_url);
    const params = location.searchParams;
    expect([...params.keys()]).toEqual([
      'payment_link_id',
      'payment_id',
      'amount',
      'status',
      'payment_link_reference',
      'signature',
    ]);
    expect(params.get('payment_link_id')).toBe(link.payment_link_id);
    expect(params.get('payment_id')).toMatch(/^\d{16}$/);
    expect(params.get('amount')).toBe('41299.00');
    expect(params.get('status')).toBe('paid');
    expect(params.get('payment_link_reference')).toBe('ORD7K2M9Q4X1B8C3');
    expect(params.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(params.get('signature')).toBe(expectedSignature(params));

    const stored = emulators.zoho.links.get(link.payment_link_id);
    expect(stored).toMatchObject({
      status: 'paid',
      amount_paid: '41299.00',
      payments: [
        {
          payment_id: params.get('payment_id'),
          amount: '41299.00',
          status: 'succeeded',
          date: expect.any(Number),
        },
      ],
    });

    // Afterwards only the status; paying again (another tab) changes nothing.
    const later = await get(pathOf(link.url));
    expect(buttons(later.body)).toEqual([]);
    expect(later.body).toContain('This payment link has been paid.');
    const again = await post(`${pathOf(link.url)}/pay`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(pathOf(link.url));
    expect(emulators.zoho.links.get(link.payment_link_id).payments).toHaveLength(1);
  });

  it('Fail: a failed payment is recorded, the link stays active, the browser returns with status=failed', async () => {
    const link = await createLink();
    const failed = await post(`${pathOf(link.url)}/fail`);
    expect(failed.statusCode).toBe(303);
    const params = new URL(failed.headers.location as string).searchParams;
    expect(params.get('status')).toBe('failed');
    expect(params.get('amount')).toBe('41299.00');
    expect(params.get('payment_link_id')).toBe(link.payment_link_id);
    expect(params.get('signature')).toBe(expectedSignature(params));

    const stored = emulators.zoho.links.get(link.payment_link_id);
    expect(stored.status).toBe('active');
    expect(stored.amount_paid).toBe('0.00');
    expect(stored.payments).toEqual([
      expect.objectContaining({ payment_id: params.get('payment_id'), status: 'failed' }),
    ]);

    // The buyer may try again, and this time pay.
    const page = await get(pathOf(link.url));
    expect(page.body).toContain('Your last payment attempt failed.');
    expect(buttons(page.body)).toEqual(['Pay', 'Fail']);
    expect((await post(`${pathOf(link.url)}/pay`)).statusCode).toBe(303);
    expect(emulators.zoho.links.get(link.payment_link_id).payments.map((p) => p.status)).toEqual([
      'failed',
      'succeeded',
    ]);
  });

  it('leaves payment_link_reference out without a reference, signing an empty one', async () => {
    const link = await createLink({ reference_id: undefined });
    const paid = await post(`${pathOf(link.url)}/pay`);
    const params = new URL(paid.headers.location as string).searchParams;
    expect(params.has('payment_link_reference')).toBe(false);
    const message = `${link.payment_link_id}.${params.get('payment_id')}.41299.00.paid.`;
    expect(params.get('signature')).toBe(
      createHmac('sha256', ZOHO.signingKey).update(message).digest('hex'),
    );
  });

  it('keeps the return URL’s own query, and comes back to the page without a return URL', async () => {
    const withQuery = await createLink({ return_url: 'https://shop.example/back?lang=en' });
    const paid = await post(`${pathOf(withQuery.url)}/pay`);
    const location = new URL(paid.headers.location as string);
    expect(location.searchParams.get('lang')).toBe('en');
    expect(location.searchParams.get('status')).toBe('paid');

    const without = await createLink({ return_url: undefined, reference_id: 'R2' });
    const result = await post(`${pathOf(without.url)}/pay`);
    expect(result.headers.location).toBe(pathOf(without.url));
    expect((await get(pathOf(without.url))).body).toContain('This payment link has been paid.');
  });

  it('shows a canceled or expired link without buttons, and refuses to take money for it', async () => {
    const canceled = await createLink();
    emulators.zoho.links.cancel(canceled.payment_link_id);
    const canceledPage = await get(pathOf(canceled.url));
    expect(buttons(canceledPage.body)).toEqual([]);
    expect(canceledPage.body).toContain('This payment link was canceled by the merchant.');
    expect((await post(`${pathOf(canceled.url)}/pay`)).headers.location).toBe(pathOf(canceled.url));
    expect(emulators.zoho.links.get(canceled.payment_link_id).payments).toEqual([]);

    const expired = await createLink({ reference_id: 'R3' });
    emulators.zoho.links.expire(expired.payment_link_id);
    const expiredPage = await get(pathOf(expired.url));
    expect(buttons(expiredPage.body)).toEqual([]);
    expect(expiredPage.body).toContain('This payment link has expired.');
    expect((await post(`${pathOf(expired.url)}/fail`)).headers.location).toBe(pathOf(expired.url));
  });

  it('answers 404 for an unknown token and escapes what the link says', async () => {
    expect((await get('/zoho/payments/paymentlink/0000')).statusCode).toBe(404);
    expect((await post('/zoho/payments/paymentlink/0000/pay')).statusCode).toBe(404);
    const link = await createLink({ description: '<script>alert(1)</script>' });
    const page = await get(pathOf(link.url));
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('control API: the buyer’s actions and expiry', () => {
  const control = (path: string, headers: Record<string, string> = {}) =>
    emulators.app.inject({ method: 'POST', url: `/zoho/_control${path}`, headers });

  it('pays and fails like the buttons, answering the signed return URL', async () => {
    const link = await createLink();
    const failed = await control(`/payment-links/${link.payment_link_id}/fail`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      payment_link: { status: 'active' },
      payment: { status: 'failed' },
      redirectUrl: expect.stringContaining('status=failed'),
    });
    const paid = await control(`/payment-links/${link.payment_link_id}/pay`);
    expect(paid.json()).toMatchObject({
      payment_link: { status: 'paid', amount_paid: '41299.00' },
      payment: { status: 'succeeded', amount: '41299.00' },
    });
    const params = new URL(paid.json().redirectUrl).searchParams;
    expect(params.get('signature')).toBe(expectedSignature(params));
    const refused = await control(`/payment-links/${link.payment_link_id}/pay`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Only an active payment link can be paid. This link is paid.',
      code: 'invalid_payment_link_status',
    });
  });

  it('expires and cancels; lists links and answers 404 for an unknown one', async () => {
    const a = await createLink();
    const b = await createLink({ reference_id: 'R2' });
    expect((await control(`/payment-links/${a.payment_link_id}/expire`)).json()).toMatchObject({
      payment_link: { status: 'expired' },
    });
    expect((await control(`/payment-links/${b.payment_link_id}/cancel`)).json()).toMatchObject({
      payment_link: { status: 'canceled' },
    });
    const listed = await get('/zoho/_control/payment-links');
    expect(listed.json().payment_links.map((link: PaymentLink) => link.status)).toEqual([
      'canceled',
      'expired',
    ]);
    const one = await get(`/zoho/_control/payment-links/${a.payment_link_id}`);
    expect(one.json().payment_link.payment_link_id).toBe(a.payment_link_id);
    const unknown = await control('/payment-links/1/pay');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });

  it('resets everything', async () => {
    await createLink();
    await emulators.app.inject({
      method: 'POST',
      url: '/zoho/_control/contacts',
      payload: contactBody(),
    });
    const reset = await control('/reset');
    expect(reset.statusCode).toBe(204);
    expect(emulators.zoho.links.all()).toEqual([]);
    expect(emulators.zoho.contacts.all()).toEqual([]);
    expect(emulators.zoho.requests.list()).toEqual([]);
    expect(emulators.zoho.tokens.counts().map((count) => count.issued)).toEqual([0, 0]);
  });
});

describe('the /zoho page', () => {
  it('lists contacts and links with their pay pages, and is in the navigation', async () => {
    const link = await createLink();
    await emulators.app.inject({
      method: 'POST',
      url: '/zoho/_control/contacts',
      payload: contactBody(),
    });
    const page = await get('/zoho');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/zoho">Zoho</a>');
    expect(page.body).toContain('Asha Rao');
    expect(page.body).toContain(`href="${link.url}"`);
    expect(page.body).toContain('₹41,299.00');
    expect(buttons(page.body)).toEqual(['Mark paid', 'Mark failed', 'Expire', 'Cancel link']);
    expect((await get('/')).body).toContain('<a href="/zoho">Zoho</a>');
  });

  it('its forms act through the control API and come back, with a notice when refused', async () => {
    const link = await createLink();
    const html = { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' };
    const paid = await emulators.app.inject({
      method: 'POST',
      url: `/zoho/_control/payment-links/${link.payment_link_id}/pay`,
      headers: html,
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/zoho');
    const refused = await emulators.app.inject({
      method: 'POST',
      url: `/zoho/_control/payment-links/${link.payment_link_id}/cancel`,
      headers: html,
      payload: '',
    });
    expect(refused.headers.location).toContain('/zoho?notice=');
    expect((await get(refused.headers.location as string)).body).toContain(
      'Only an active payment link can be canceled. This link is paid.',
    );
  });
});
