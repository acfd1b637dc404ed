/**
 * The e-mails PayPal sends about an invoice, put in the local inbox: the
 * invoice itself (with the link to the hosted pay page), a reminder of it,
 * and the notice that the merchant cancelled it.
 */
import type { Inbox } from '../inbox/inbox';
import type { PaypalConfig } from './config';
import { displayMoney } from './money';
import type { Invoice, Item, NotificationRequest } from './types';

export const PAYPAL_SENDER = 'service@paypal.example';

/** The business name buyers see: the invoice's, else the account's. */
export function merchantName(invoice: Invoice, config: PaypalConfig): string {
  return invoice.invoicer?.business_name ?? config.merchantName ?? 'the merchant';
}

export function recipientEmail(invoice: Invoice): string | undefined {
  return invoice.primary_recipients?.[0]?.billing_info?.email_address;
}

function recipientName(invoice: Invoice): string | undefined {
  const name = invoice.primary_recipients?.[0]?.billing_info?.name;
  const full = name?.full_name ?? [name?.given_name, name?.surname].filter(Boolean).join(' ');
  return full || undefined;
}

function itemLine(item: Item): string {
  const discount = item.discount?.percent
    ? ` (${item.discount.percent}% off)`
    : item.discount?.amount
      ? ` (${displayMoney(item.discount.amount)} off)`
      : '';
  const lines = [
    `- ${item.name} × ${item.quantity} at ${displayMoney(item.unit_amount)}${discount}`,
  ];
  if (item.description) lines.push(`  ${item.description}`);
  return lines.join('\n');
}

function dueText(invoice: Invoice): string {
  const term = invoice.detail.payment_term;
  if (term?.due_date) return `Due date: ${term.due_date}`;
  if (term?.term_type === 'DUE_ON_RECEIPT' || !term?.term_type) return 'Due: on receipt';
  return `Payment terms: ${term.term_type.replaceAll('_', ' ').toLowerCase()}`;
}

export class InvoiceMail {
  constructor(
    private readonly inbox: Inbox,
    private readonly config: PaypalConfig,
  ) {}

  /** The invoice as the buyer receives it, plus copies the send request asked for. */
  invoiceSent(invoice: Invoice, notification: NotificationRequest): void {
    const merchant = merchantName(invoice, this.config);
    const total = `${displayMoney(invoice.amount)} ${invoice.amount.currency_code}`;
    const breakdown = invoice.amount.breakdown;
    const discount =
      breakdown.discount?.item_discount ?? breakdown.discount?.invoice_discount?.amount;
    const text = [
      `Hello${recipientName(invoice) ? ` ${recipientName(invoice)}` : ''},`,
      '',
      `${merchant} sent you an invoice for ${total}.`,
      '',
      `Invoice number: ${invoice.detail.invoice_number}`,
      `Invoice date: ${invoice.detail.invoice_date}`,
      dueText(invoice),
      `Amount due: ${displayMoney(invoice.due_amount)} ${invoice.due_amount.currency_code}`,
      '',
      'Items',
      ...invoice.items.map(itemLine),
      '',
      `Subtotal: ${displayMoney(breakdown.item_total)}`,
      ...(discount ? [`Discount: ${displayMoney(discount)}`] : []),
      ...(breakdown.tax_total ? [`Tax: ${displayMoney(breakdown.tax_total)}`] : []),
      `Total: ${total}`,
      ...(notification.note || invoice.detail.note
        ? ['', `Note from ${merchant}: ${notification.note ?? invoice.detail.note}`]
        : []),
      '',
      'View and pay the invoice with the button below. You can pay with PayPal or a card.',
    ].join('\n');
    const message = {
      kind: 'invoice' as const,
      from: PAYPAL_SENDER,
      subject: notification.subject ?? `Invoice ${invoice.detail.invoice_number} from ${merchant}`,
      text,
      links: [{ label: 'View and Pay Invoice', href: invoice.detail.metadata.recipient_view_url }],
    };
    const to = recipientEmail(invoice);
    if ((notification.send_to_recipient ?? true) && to) this.inbox.add({ ...message, to });
    if (notification.send_to_invoicer && invoice.invoicer?.email_address) {
      this.inbox.add({
        ...message,
        to: invoice.invoicer.email_address,
        subject: `Copy: ${message.subject}`,
      });
    }
  }

  /** The invoice again, as a reminder, to the buyer only. */
  invoiceReminder(invoice: Invoice, notification: NotificationRequest): void {
    const merchant = merchantName(invoice, this.config);
    this.invoiceSent(invoice, {
      ...notification,
      subject:
        notification.subject ??
        `Reminder: invoice ${invoice.detail.invoice_number} from ${merchant}`,
      send_to_invoicer: false,
    });
  }

  invoiceCancelled(invoice: Invoice, notification: NotificationRequest): void {
    const to = recipientEmail(invoice);
    if (!to || notification.send_to_recipient === false) return;
    const merchant = merchantName(invoice, this.config);
    this.inbox.add({
      kind: 'invoice',
      from: PAYPAL_SENDER,
      to,
      subject:
        notification.subject ??
        `Invoice ${invoice.detail.invoice_number} from ${merchant} was cancelled`,
      text: [
        `${merchant} cancelled invoice ${invoice.detail.invoice_number} for ${displayMoney(invoice.amount)} ${invoice.amount.currency_code}.`,
        'You do not need to pay it.',
        ...(notification.note ? ['', `Note from ${merchant}: ${notification.note}`] : []),
      ].join('\n'),
      links: [{ label: 'View Invoice', href: invoice.detail.metadata.recipient_view_url }],
    });
  }
}
