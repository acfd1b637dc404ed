/**
 * The e-mail Zoho Payments sends when a link is created (or updated) with
 * `notify_customer.email`: a payment request from the merchant with the
 * amount, what it is for and a "Pay Now" button to the hosted page.
 */
import type { Inbox } from '../inbox/inbox';
import type { ZohoConfig } from './config';
import { displayInr } from './money';
import type { PaymentLink } from './payment-link-types';
import { displayDate } from './time';

export const ZOHO_PAYMENTS_SENDER = 'noreply@zohopayments.example';

export class LinkMail {
  constructor(
    private readonly inbox: Inbox,
    private readonly config: ZohoConfig,
  ) {}

  paymentRequested(link: PaymentLink, paise: number): void {
    if (!link.email) return;
    const merchant = this.config.merchantName;
    this.inbox.add({
      kind: 'payment-link',
      from: ZOHO_PAYMENTS_SENDER,
      to: link.email,
      subject: `Payment request from ${merchant}`,
      text: [
        'Hello,',
        '',
        `${merchant} has requested a payment of ${displayInr(paise)}.`,
        '',
        `Description: ${link.description}`,
        ...(link.reference_id ? [`Reference: ${link.reference_id}`] : []),
        `Amount: ${displayInr(paise)}`,
        `This link expires on ${displayDate(link.expires_at)}.`,
        '',
        'Pay securely with the button below.',
      ].join('\n'),
      links: [{ label: 'Pay Now', href: link.url }],
    });
  }
}
