import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import { invoiceBody, paypalClient, paypalToken, startEmulators } from '../test-support/harness';
import type { Invoice } from './types';

let emulators: Emulators;

beforeEach(async () => {
  emulators = await startEmulators({ paypal: { merchantName: 'Wireless Academy LLC' } });
});

afterEach(async () => {
  await emulators.app.close();
});

async function invoice(send = true, number = 'WS-0001'): Promise<Invoice> {
  const call = paypalClient(emulators, await paypalToken(emulators));
  const created = (
    await call({
      url: '/v2/invoicing/invoices',
      body: invoiceBody({ number }),
      headers: { prefer: 'return=representation' },
    })
  ).json() as Invoice;
  if (send) await call({ url: `/v2/invoicing/invoices/${created.id}/send`, body: {} });
  return created;
}

const get = (url: string) => emulators.app.inject({ method: 'GET', url });
const post = (url: string) => emulators.app.inject({ method: 'POST', url });
const buttons = (body: string) =>
  [...body.matchAll(/<button[^>]*>\s*([^<]*?)\s*<\/button>/g)].map((m) => m[1]);

describe('hosted pay page', () => {
  it('is the page the invoice e-mail links to, with the invoice and the Pay and Decline forms', async () => {
    const sent = await invoice();
    const link = emulators.inbox.list()[0]?.links[0]?.href ?? '';
    const page = await get(new URL(link).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Wireless Academy');
    expect(page.body).toContain('WS-0001');
    expect(page.body).toContain('Wi-Fi 7 Workshop');
    expect(page.body).toContain('$449.10');
    expect(buttons(page.body)).toEqual(['Pay', 'Decline']);
    expect(page.body).toContain(`method="post" action="/paypal/invoice/p/${sent.id}/pay"`);
    expect(page.body).toContain(`method="post" action="/paypal/invoice/p/${sent.id}/decline"`);
  });

  it('pays the amount due and shows the result; afterwards only the status', async () => {
    const sent = await invoice();
    const paid = await post(`/paypal/invoice/p/${sent.id}/pay`);
    expect(paid.statusCode).toBe(303);
    const result = await get(paid.headers.location as string);
    expect(result.body).toContain('Payment complete — $449.10 paid to Wireless Academy');
    expect(emulators.paypal.store.get(sent.id)?.status).toBe('PAID');

    const later = await get(`/paypal/invoice/p/${sent.id}`);
    expect(buttons(later.body)).toEqual([]);
    expect(later.body).toContain('This invoice is paid');

    // Paying twice (another tab) changes nothing.
    const again = await post(`/paypal/invoice/p/${sent.id}/pay`);
    expect(again.headers.location).toBe(`/paypal/invoice/p/${sent.id}`);
    expect(emulators.paypal.store.get(sent.id)?.payments?.transactions).toHaveLength(1);
  });

  it('declines: the invoice is cancelled and the page says so', async () => {
    const sent = await invoice();
    const declined = await post(`/paypal/invoice/p/${sent.id}/decline`);
    const result = await get(declined.headers.location as string);
    expect(result.body).toContain('Invoice declined');
    expect(emulators.paypal.store.get(sent.id)?.status).toBe('CANCELLED');
    expect(buttons((await get(`/paypal/invoice/p/${sent.id}`)).body)).toEqual([]);
  });

  it('offers no buttons for a draft and answers 404 for an unknown invoice', async () => {
    const draft = await invoice(false);
    const page = await get(`/paypal/invoice/p/${draft.id}`);
    expect(buttons(page.body)).toEqual([]);
    expect(page.body).toContain('not been sent yet');
    expect((await post(`/paypal/invoice/p/${draft.id}/pay`)).headers.location).toBe(
      `/paypal/invoice/p/${draft.id}`,
    );
    expect((await get('/paypal/invoice/p/INV2-NOPE-NOPE-NOPE-NOPE')).statusCode).toBe(404);
  });

  it('escapes what the invoice says', async () => {
    const call = paypalClient(emulators, await paypalToken(emulators));
    const body = invoiceBody({ number: 'WS-X' });
    body.items[0]!.name = '<script>alert(1)</script>';
    const created = (
      await call({
        url: '/v2/invoicing/invoices',
        body,
        headers: { prefer: 'return=representation' },
      })
    ).json() as Invoice;
    const page = await get(`/paypal/invoice/p/${created.id}`);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('merchant pages', () => {
  it('lists invoices with links to their pay pages, and is in the navigation', async () => {
    const sent = await invoice();
    const page = await get('/paypal');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('WS-0001');
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain(sent.detail.metadata.recipient_view_url);
    expect(page.body).toContain('<a href="/paypal">PayPal</a>');
  });

  it('shows an invoice with its deliveries, and its forms act and come back', async () => {
    const sent = await invoice();
    const details = await get(`/paypal/invoice/details/${sent.id}`);
    expect(buttons(details.body)).toEqual(['Mark paid', 'Refund', 'Cancel invoice']);
    expect(details.body).toContain('<button type="submit" class="secondary">Refund</button>');
    const paid = await emulators.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${sent.id}/pay`,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paypal/invoice/details/${sent.id}`);
    const refusal = await emulators.app.inject({
      method: 'POST',
      url: `/paypal/_control/invoices/${sent.id}/cancel`,
      headers: { accept: 'text/html' },
    });
    expect(refusal.headers.location).toContain('notice=');
    expect((await get(refusal.headers.location as string)).body).toContain(
      'A paid invoice cannot be cancelled.',
    );
  });
});
