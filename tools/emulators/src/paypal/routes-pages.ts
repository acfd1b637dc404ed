/**
 * The merchant's side, for people trying things by hand: `/paypal` lists
 * the invoices and how to reach the emulator, and each invoice's page (its
 * `invoicer_view_url`) shows payments, refunds and webhook deliveries with
 * buttons for the control actions (mark paid, refund, cancel, redeliver).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notice, postButton, tableCard } from '../pages/fragments';
import { html, page } from '../pages/html';
import { deliveriesTable } from '../pages/webhook-deliveries';
import type { PaypalConfig } from './config';
import { PAYPAL_PREFIX } from './config';
import { billedTo, itemsTable, statusBadge } from './invoice-view';
import { displayMoney } from './money';
import type { InvoiceStore } from './state';
import type { WebhookDispatcher } from './webhooks';

export interface MerchantPagesOptions {
  store: InvoiceStore;
  webhooks: WebhookDispatcher;
  config: PaypalConfig;
}

const control = `${PAYPAL_PREFIX}/_control`;

export const merchantPages: FastifyPluginAsync<MerchantPagesOptions> = async (
  app,
  { store, webhooks, config },
) => {
  app.get('/', async (_request, reply) => {
    const all = store.list();
    const body = html`
      <h1>PayPal (emulated)</h1>
      <p class="muted">
        The server talks to <code>${config.apiBaseUrl}</code> as it would to
        <code>https://api-m.sandbox.paypal.com</code>, with client id
        <code>${config.clientId}</code>. Webhooks go to
        <code>${config.webhookTargetUrl ?? 'nowhere (delivery off)'}</code> for webhook id
        <code>${config.webhookId}</code>. Test hooks: <code>${control}/…</code>.
      </p>
      ${tableCard(
        ['Number', 'Recipient', 'Amount', 'Status', 'Links'],
        all.map(
          (invoice) =>
            html`<tr>
              <td>${invoice.detail.invoice_number}</td>
              <td>${billedTo(invoice)}</td>
              <td>${displayMoney(invoice.amount)} ${invoice.amount.currency_code}</td>
              <td>${statusBadge(invoice.status)}</td>
              <td>
                <a href="${invoice.detail.metadata.recipient_view_url}">Pay page</a> ·
                <a href="${invoice.detail.metadata.invoicer_view_url}">Details</a>
              </td>
            </tr>`,
        ),
        'No invoices yet.',
      )}
    `;
    return reply.type('text/html; charset=utf-8').send(page('PayPal', body));
  });

  app.get<{ Params: { id: string }; Querystring: { notice?: string } }>(
    '/invoice/details/:id',
    async (request, reply) => {
      const invoice = store.get(request.params.id);
      if (!invoice) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('Invoice not found', html`<h1>Invoice not found</h1>`));
      }
      const base = `${control}/invoices/${encodeURIComponent(invoice.id)}`;
      const deliveries = webhooks.listAttempts({ invoiceId: invoice.id }).reverse();
      const body = html`
        <p><a href="${PAYPAL_PREFIX}">← All invoices</a></p>
        <h1>Invoice ${invoice.detail.invoice_number} ${statusBadge(invoice.status)}</h1>
        ${notice(request.query.notice)}
        <div class="card">
          <div class="meta">
            <span>${invoice.id}</span><span>Billed to ${billedTo(invoice)}</span>
            <span>Created ${invoice.detail.metadata.create_time}</span>
          </div>
          ${itemsTable(invoice)}
        </div>
        <div class="card">
          ${postButton(`${base}/pay`, 'Mark paid')}
          ${postButton(`${base}/refund`, 'Refund', { secondary: true })}
          ${postButton(`${base}/cancel`, 'Cancel invoice', { secondary: true })}
          <a class="button secondary" href="${invoice.detail.metadata.recipient_view_url}"
            >Pay page</a
          >
        </div>
        <h2 style="font-size:1.1rem">Webhook deliveries</h2>
        ${deliveriesTable(deliveries, control)}
      `;
      return reply
        .type('text/html; charset=utf-8')
        .send(page(`Invoice ${invoice.detail.invoice_number}`, body));
    },
  );
};
