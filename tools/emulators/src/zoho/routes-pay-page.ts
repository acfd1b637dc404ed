/**
 * The hosted pay page a payment link's `url` points to
 * (`/zoho/payments/paymentlink/<token>`): the merchant, what the payment
 * is for, the amount in rupees and the link's status. An active link has
 * two plain forms, so browser tests click them by name: "Pay" (the
 * payment succeeds) and "Fail" (it is declined). Either way the browser
 * then goes to the link's `return_url` with the signed result, as Zoho
 * sends it; without a return URL it comes back to this page.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { html, page } from '../pages/html';
import { PAY_PAGE_PATH, ZOHO_PREFIX, type ZohoConfig } from './config';
import { ZohoApiError } from './errors';
import { displayInr } from './money';
import type { LinkStatus, PaymentLink } from './payment-link-types';
import type { Attempt, PaymentLinkService } from './payment-links';
import { displayDate } from './time';

export interface PayPageOptions {
  links: PaymentLinkService;
  config: ZohoConfig;
}

type TokenParams = { Params: { token: string } };

export const payPagePath = (token: string) =>
  `${ZOHO_PREFIX}${PAY_PAGE_PATH}/${encodeURIComponent(token)}`;

const STATUS_LABELS: Record<LinkStatus, string> = {
  active: 'Active',
  paid: 'Paid',
  canceled: 'Canceled',
  expired: 'Expired',
};

const CLOSED_NOTICES: Record<Exclude<LinkStatus, 'active'>, string> = {
  paid: 'This payment link has been paid. Thank you!',
  canceled: 'This payment link was canceled by the merchant. There is nothing to pay.',
  expired: 'This payment link has expired. Please ask the merchant for a new one.',
};

export function linkStatusBadge(status: LinkStatus) {
  return html`<span class="kind">${STATUS_LABELS[status]}</span>`;
}

function sendPage(reply: FastifyReply, title: string, body: ReturnType<typeof html>, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(page(title, body, { nav: false }));
}

function lastAttemptFailed(link: PaymentLink): boolean {
  return link.payments.at(-1)?.status === 'failed';
}

export const payPageRoutes: FastifyPluginAsync<PayPageOptions> = async (app, { links, config }) => {
  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      'Payment link not found',
      html`<h1>Payment link not found</h1>
        <p class="muted">This payment link does not exist. Check the link in your e-mail.</p>`,
      404,
    );

  app.get<TokenParams>('/:token', async (request, reply) => {
    const found = links.byToken(request.params.token);
    if (!found) return notFound(reply);
    const { link, paise } = found;
    const action = payPagePath(request.params.token);
    const body = html`
      <p class="muted">Payment request from</p>
      <h1>${config.merchantName}</h1>
      <div class="card">
        <div class="meta">
          ${linkStatusBadge(link.status)}
          ${link.reference_id ? html`<span>Reference ${link.reference_id}</span>` : ''}
          <span>Expires ${displayDate(link.expires_at)}</span>
        </div>
        <p>${link.description}</p>
        <p>Amount: <strong>${displayInr(paise)}</strong></p>
      </div>
      ${
        link.status === 'active'
          ? html`<div class="card">
              ${
                lastAttemptFailed(link)
                  ? html`<p role="alert">Your last payment attempt failed. You can try again.</p>`
                  : ''
              }
              <form class="inline" method="post" action="${action}/pay">
                <button type="submit">Pay</button>
              </form>
              <form class="inline" method="post" action="${action}/fail">
                <button type="submit" class="secondary">Fail</button>
              </form>
              <p class="muted">Emulated checkout: "Pay" succeeds, "Fail" is declined.</p>
            </div>`
          : html`<p class="card" role="status">${CLOSED_NOTICES[link.status]}</p>`
      }
    `;
    return sendPage(reply, `Pay ${config.merchantName}`, body);
  });

  // A refused attempt (the link was paid in another tab, or expired) shows the page again.
  const attempt = (reply: FastifyReply, token: string, act: (id: string) => Attempt) => {
    const found = links.byToken(token);
    if (!found) return notFound(reply);
    let result: Attempt;
    try {
      result = act(found.link.payment_link_id);
    } catch (error) {
      if (!(error instanceof ZohoApiError)) throw error;
      return reply.redirect(payPagePath(token), 303);
    }
    return reply.redirect(result.redirectUrl ?? payPagePath(token), 303);
  };

  app.post<TokenParams>('/:token/pay', async (request, reply) =>
    attempt(reply, request.params.token, (id) => links.pay(id)),
  );

  app.post<TokenParams>('/:token/fail', async (request, reply) =>
    attempt(reply, request.params.token, (id) => links.fail(id)),
  );
};
