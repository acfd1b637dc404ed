import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Inbox } from './inbox';
import { inboxRoutes } from './routes';

describe('the inbox page', () => {
  it('lets long addresses and links break anywhere, so a card fits a phone', async () => {
    const inbox = new Inbox();
    const address = 'a-very-long-seller-address+needs-attention@example-company.com';
    inbox.add({
      kind: 'smtp',
      from: 'workshop@example.com',
      to: address,
      subject: `Needs attention: ${address}`,
      text: 'Open the order: http://localhost:3000/seller/orders/ABCDEFGHJKMNPQRS',
      links: [],
    });
    const app = Fastify();
    await app.register(inboxRoutes, { inbox, refresh: async () => {} });
    const page = await app.inject({ method: 'GET', url: `/?to=${encodeURIComponent(address)}` });
    await app.close();
    const card = /<article [^>]*>/.exec(page.body)?.[0];
    expect(card).toContain('overflow-wrap:anywhere');
    expect(page.body).toMatch(/<p class="muted" style="overflow-wrap:anywhere">\s+Every e-mail/);
  });
});
