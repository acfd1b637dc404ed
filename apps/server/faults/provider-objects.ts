/**
 * What the providers hold for a buyer, read from the emulators' state: the
 * PayPal invoices numbered after the buyer's orders, the Zoho links whose
 * reference is one of the orders, the Books contacts for the e-mail and the
 * portal's enrolments for the orders. "Payable" is what the buyer could
 * still pay: an invoice sent and not (fully) paid, an active link.
 */
import type { InvoiceStatus, LinkStatus } from '@wifi7/emulators';
import type { OrderRow } from '../src/orders/repository';
import type { World } from './world';

export interface ProviderObject {
  /** The invoice's or link's id at the provider. */
  id: string;
  orderId: string;
  payable: boolean;
  /** The buyer's money reached the provider through it. */
  paid: boolean;
}

const PAYABLE_INVOICE: readonly InvoiceStatus[] = ['SENT', 'UNPAID', 'PARTIALLY_PAID'];
const PAID_INVOICE: readonly InvoiceStatus[] = ['PAID', 'PARTIALLY_PAID', 'MARKED_AS_PAID'];
const PAYABLE_LINK: readonly LinkStatus[] = ['active'];

export function paypalInvoicesOf(world: World, orders: OrderRow[]): ProviderObject[] {
  const byNumber = new Map(orders.map((order) => [order.invoiceNumber, order.id]));
  return world.stack.emulators.paypal.store.list().flatMap((invoice) => {
    const orderId = byNumber.get(invoice.detail.invoice_number);
    if (!orderId) return [];
    return [
      {
        id: invoice.id,
        orderId,
        payable: PAYABLE_INVOICE.includes(invoice.status),
        paid: PAID_INVOICE.includes(invoice.status),
      },
    ];
  });
}

export function zohoLinksOf(world: World, orders: OrderRow[]): ProviderObject[] {
  const ids = new Set(orders.map((order) => order.id));
  return world.stack.emulators.zoho.links
    .all()
    .filter((link) => ids.has(link.reference_id))
    .map((link) => ({
      id: link.payment_link_id,
      orderId: link.reference_id,
      payable: PAYABLE_LINK.includes(link.status),
      paid: link.status === 'paid',
    }));
}

export function booksContactsOf(world: World, email: string): number {
  return world.stack.emulators.zoho.contacts
    .all()
    .filter((contact) =>
      contact.contact_persons.some((person) => person.email.toLowerCase() === email.toLowerCase()),
    ).length;
}

export function enrolmentsOf(world: World, orderIds: string[]): number {
  return world.stack.emulators.portal.state
    .list()
    .filter((enrolment) => orderIds.includes(enrolment.order.id)).length;
}

/** The most payable objects any one order has. */
export function mostPayablePerOrder(objects: ProviderObject[]): number {
  const counts = new Map<string, number>();
  for (const object of objects) {
    if (object.payable) counts.set(object.orderId, (counts.get(object.orderId) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}
