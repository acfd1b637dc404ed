/**
 * `GET /zoho`: the Zoho side for people trying things by hand — where the
 * server must point, the Books contacts, the payment links with their pay
 * pages and buttons for the control actions, and the latest webhook
 * deliveries with a button to send one again.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notice, postButton, tableCard } from '../pages/fragments';
import { html, page } from '../pages/html';
import { deliveriesTable } from '../pages/webhook-deliveries';
import { ZOHO_PREFIX } from './config';
import type { ZohoEmulator } from './emulator';
import { displayInr, paiseOfText } from './money';
import { linkStatusBadge } from './routes-pay-page';

const control = `${ZOHO_PREFIX}/_control`;
const RECENT_DELIVERIES = 20;

export const zohoPages: FastifyPluginAsync<{ zoho: ZohoEmulator }> = async (app, { zoho }) => {
  const { config, contacts, links, webhooks } = zoho;

  app.get<{ Querystring: { notice?: string } }>('/', async (request, reply) => {
    const allContacts = contacts.all();
    const allLinks = links.all();
    const deliveries = webhooks.listAttempts().reverse().slice(0, RECENT_DELIVERIES);
    const body = html`
      <h1>Zoho (emulated)</h1>
      ${notice(request.query.notice)}
      <p class="muted">
        Accounts <code>${config.accountsUrl}</code>, Books
        <code>${config.booksApiUrl}</code> (organization <code>${config.organizationId}</code>),
        Payments <code>${config.paymentsApiUrl}</code> (account <code>${config.accountId}</code>),
        client id <code>${config.clientId}</code>. Webhooks go to
        <code>${config.webhookTargetUrl ?? 'nowhere (delivery off)'}</code>. Test hooks:
        <code>${control}/…</code>.
      </p>

      <h2 style="font-size:1.1rem">Books contacts</h2>
      ${tableCard(
        ['Name', 'E-mail', 'Place', 'Contact id'],
        allContacts.map(
          (contact) =>
            html`<tr>
              <td>${contact.contact_name}</td>
              <td>${contact.email}</td>
              <td>${contact.place_of_contact ?? ''}</td>
              <td>${contact.contact_id}</td>
            </tr>`,
        ),
        'No contacts yet.',
      )}

      <h2 style="font-size:1.1rem">Payment links</h2>
      ${tableCard(
        ['Link', 'Customer', 'Amount', 'Status', 'Actions'],
        allLinks.map((link) => {
          const base = `${control}/payment-links/${encodeURIComponent(link.payment_link_id)}`;
          return html`<tr>
            <td>
              <a href="${link.url}">Pay page</a>
              <div class="muted">${link.payment_link_id}</div>
              ${link.reference_id ? html`<div class="muted">Ref ${link.reference_id}</div>` : ''}
            </td>
            <td>${link.email}</td>
            <td>${displayInr(paiseOfText(link.amount))}</td>
            <td>${linkStatusBadge(link.status)}</td>
            <td>
              ${
                link.status === 'active'
                  ? [
                      postButton(`${base}/pay`, 'Mark paid'),
                      postButton(`${base}/fail`, 'Mark failed', { secondary: true }),
                      postButton(`${base}/expire`, 'Expire', { secondary: true }),
                      postButton(`${base}/cancel`, 'Cancel link', { secondary: true }),
                    ]
                  : ''
              }
            </td>
          </tr>`;
        }),
        'No payment links yet.',
      )}

      <h2 style="font-size:1.1rem">Latest webhook deliveries</h2>
      ${deliveriesTable(
        deliveries,
        control,
        (attempt) => `${attempt.eventId} · link ${attempt.paymentLinkId}`,
      )}
    `;
    return reply.type('text/html; charset=utf-8').send(page('Zoho', body));
  });
};
