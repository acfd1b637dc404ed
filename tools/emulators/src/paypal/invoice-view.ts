/** HTML fragments of an invoice shared by the buyer's pay page and the merchant's pages. */
import { table } from '../pages/fragments';
import { html } from '../pages/html';
import { displayMoney } from './money';
import type { Invoice, InvoiceStatus, Money } from './types';

const STATUS_LABELS: Partial<Record<InvoiceStatus, string>> = {
  DRAFT: 'Draft',
  UNPAID: 'Unpaid',
  SENT: 'Unpaid',
  SCHEDULED: 'Scheduled',
  PAID: 'Paid',
  PARTIALLY_PAID: 'Partially paid',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partially refunded',
  PAYMENT_PENDING: 'Payment pending',
};

export function statusLabel(status: InvoiceStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export function statusBadge(status: InvoiceStatus) {
  return html`<span class="kind" data-status="${status}">${statusLabel(status)}</span>`;
}

function negative(money: Money): Money {
  return money.value.startsWith('-') ? money : { ...money, value: `-${money.value}` };
}

export function billedTo(invoice: Invoice): string {
  const info = invoice.primary_recipients?.[0]?.billing_info;
  const name = [info?.name?.given_name, info?.name?.surname].filter(Boolean).join(' ');
  // A company buyer: the business name, and what PayPal prints under it (a tax id, say).
  return (
    [name, info?.business_name, info?.additional_info, info?.email_address]
      .filter(Boolean)
      .join(' · ') || 'No recipient'
  );
}

export function itemsTable(invoice: Invoice) {
  const breakdown = invoice.amount.breakdown;
  const discounts = [
    breakdown.discount?.item_discount,
    breakdown.discount?.invoice_discount?.amount,
  ]
    .filter((money): money is Money => money !== undefined)
    .map(negative);
  return html`
    ${table(
      ['Item', 'Qty', 'Price', 'Discount'],
      invoice.items.map(
        (item) =>
          html`<tr>
            <td>
              ${item.name}${item.description ? html`<div class="muted">${item.description}</div>` : ''}
            </td>
            <td>${item.quantity}</td>
            <td>${displayMoney(item.unit_amount)}</td>
            <td>
              ${
                item.discount?.percent
                  ? `${item.discount.percent}%`
                  : item.discount?.amount
                    ? displayMoney(item.discount.amount)
                    : '—'
              }
            </td>
          </tr>`,
      ),
    )}
    <table aria-label="Totals" style="margin-top:10px">
      <tr>
        <th scope="row">Subtotal</th>
        <td>${displayMoney(breakdown.item_total)}</td>
      </tr>
      ${discounts.map(
        (money) =>
          html`<tr>
            <th scope="row">Discount</th>
            <td>${displayMoney(money)}</td>
          </tr>`,
      )}
      ${
        breakdown.tax_total
          ? html`<tr>
              <th scope="row">Tax</th>
              <td>${displayMoney(breakdown.tax_total)}</td>
            </tr>`
          : ''
      }
      ${
        breakdown.shipping?.amount
          ? html`<tr>
              <th scope="row">Shipping</th>
              <td>${displayMoney(breakdown.shipping.amount)}</td>
            </tr>`
          : ''
      }
      ${
        breakdown.custom?.amount
          ? html`<tr>
              <th scope="row">${breakdown.custom.label}</th>
              <td>${displayMoney(breakdown.custom.amount)}</td>
            </tr>`
          : ''
      }
      <tr>
        <th scope="row">Total</th>
        <td><strong>${displayMoney(invoice.amount)} ${invoice.amount.currency_code}</strong></td>
      </tr>
      ${
        invoice.payments
          ? html`<tr>
              <th scope="row">Paid</th>
              <td>${displayMoney(invoice.payments.paid_amount)}</td>
            </tr>`
          : ''
      }
      ${
        invoice.refunds
          ? html`<tr>
              <th scope="row">Refunded</th>
              <td>${displayMoney(invoice.refunds.refund_amount)}</td>
            </tr>`
          : ''
      }
      <tr>
        <th scope="row">Amount due</th>
        <td>${displayMoney(invoice.due_amount)}</td>
      </tr>
    </table>
  `;
}
