/**
 * The buyer's side of an invoice: the hosted page the invoice e-mail links
 * to (`detail.metadata.recipient_view_url`), where the buyer pays the whole
 * amount due or declines the invoice. Both buttons are plain forms, so
 * browser tests click them by their names "Pay" and "Decline".
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { html, page } from '../pages/html';
import type { PaypalConfig } from './config';
import { PAYPAL_PREFIX } from './config';
import { PaypalError } from './errors';
import { merchantName } from './invoice-mail';
import { billedTo, itemsTable, statusBadge, statusLabel } from './invoice-view';
import { type InvoiceService, PAYABLE } from './invoices';
import { displayMoney } from './money';
import type { Invoice } from './types';

export interface PayPageOptions {
  invoices: InvoiceService;
  config: PaypalConfig;
}

type IdParams = { Params: { id: string } };

const payPath = (id: string) => `${PAYPAL_PREFIX}/invoice/p/${encodeURIComponent(id)}`;

function sendPage(reply: FastifyReply, title: string, body: ReturnType<typeof html>, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(page(title, body, { nav: false }));
}

function notFoundPage(reply: FastifyReply) {
  return sendPage(
    reply,
    'Invoice not found',
    html`<h1>Invoice not found</h1>
      <p class="muted">This invoice does not exist or was deleted.</p>`,
    404,
  );
}

export const payPageRoutes: FastifyPluginAsync<PayPageOptions> = async (
  app,
  { invoices, config },
) => {
  const find = (id: string): Invoice | undefined => {
    try {
      return invoices.get(id);
    } catch {
      return undefined;
    }
  };

  app.get<IdParams>('/invoice/p/:id', async (request, reply) => {
    const invoice = find(request.params.id);
    if (!invoice) return notFoundPage(reply);
    const merchant = merchantName(invoice, config);
    const payable = PAYABLE.includes(invoice.status);
    const body = html`
      <p class="muted">Invoice from</p>
      <h1>${merchant}</h1>
      <div class="card">
        <div class="meta">
          <span>Invoice number <strong>${invoice.detail.invoice_number}</strong></span>
          <span>Invoice date ${invoice.detail.invoice_date}</span>
          <span>Billed to ${billedTo(invoice)}</span>
          ${statusBadge(invoice.status)}
        </div>
        ${itemsTable(invoice)}
        ${invoice.detail.note ? html`<p><strong>Note:</strong> ${invoice.detail.note}</p>` : ''}
      </div>
      ${
        payable
          ? html`<div class="card">
              <p>
                Amount due:
                <strong
                  >${displayMoney(invoice.due_amount)} ${invoice.due_amount.currency_code}</strong
                >
              </p>
              <form class="inline" method="post" action="${payPath(invoice.id)}/pay">
                <button type="submit">Pay</button>
              </form>
              <form class="inline" method="post" action="${payPath(invoice.id)}/decline">
                <button type="submit" class="secondary">Decline</button>
              </form>
            </div>`
          : html`<p class="card" role="status">
              ${
                invoice.status === 'DRAFT'
                  ? 'This invoice has not been sent yet.'
                  : `This invoice is ${statusLabel(invoice.status).toLowerCase()}. There is nothing to pay.`
              }
            </p>`
      }
    `;
    return sendPage(reply, `Invoice ${invoice.detail.invoice_number} from ${merchant}`, body);
  });

  // A refused action (e.g. the invoice was paid in another tab) just shows the page again.
  const act = async (reply: FastifyReply, id: string, action: () => unknown) => {
    if (!find(id)) return notFoundPage(reply);
    try {
      action();
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      return reply.redirect(payPath(id), 303);
    }
    return reply.redirect(`${payPath(id)}/done`, 303);
  };

  app.post<IdParams>('/invoice/p/:id/pay', async (request, reply) =>
    act(reply, request.params.id, () => invoices.pay(request.params.id)),
  );

  app.post<IdParams>('/invoice/p/:id/decline', async (request, reply) =>
    act(reply, request.params.id, () => invoices.cancel(request.params.id, undefined, 'payer')),
  );

  app.get<IdParams>('/invoice/p/:id/done', async (request, reply) => {
    const invoice = find(request.params.id);
    if (!invoice) return notFoundPage(reply);
    const merchant = merchantName(invoice, config);
    const lastPayment = invoice.payments?.transactions.at(-1);
    if ((invoice.status === 'PAID' || invoice.status === 'PARTIALLY_PAID') && lastPayment) {
      const headline = `Payment complete — ${displayMoney(lastPayment.amount)} paid to ${merchant}`;
      return sendPage(
        reply,
        'Payment complete',
        html`<h1 role="status">${headline}</h1>
          <div class="card">
            <p>Invoice ${invoice.detail.invoice_number} · transaction ${lastPayment.payment_id}</p>
            <p class="muted">
              ${
                invoice.status === 'PAID'
                  ? 'The invoice is paid in full. A receipt is on its way by e-mail.'
                  : `Still due: ${displayMoney(invoice.due_amount)}.`
              }
            </p>
            <a class="button secondary" href="${payPath(invoice.id)}">View invoice</a>
          </div>`,
      );
    }
    if (invoice.status === 'CANCELLED') {
      return sendPage(
        reply,
        'Invoice declined',
        html`<h1 role="status">Invoice declined</h1>
          <div class="card">
            <p>
              You declined invoice ${invoice.detail.invoice_number} from ${merchant}. Nothing was
              charged.
            </p>
            <a class="button secondary" href="${payPath(invoice.id)}">View invoice</a>
          </div>`,
      );
    }
    return reply.redirect(payPath(invoice.id), 303);
  });
};
