/**
 * The PayPal account's invoices, in memory: by id, by invoice number (which
 * must be unique) and by the `PayPal-Request-Id` that created them, so a
 * retried create finds the invoice it already made.
 */
import type { Invoice } from './types';

export class InvoiceStore {
  /** In creation order. */
  private readonly invoices = new Map<string, Invoice>();
  private readonly idsByNumber = new Map<string, string>();
  private readonly idsByRequestId = new Map<string, string>();
  private lastNumber = 0;

  add(invoice: Invoice, requestId?: string): void {
    this.invoices.set(invoice.id, invoice);
    this.idsByNumber.set(invoice.detail.invoice_number, invoice.id);
    if (requestId) this.idsByRequestId.set(requestId, invoice.id);
  }

  get(id: string): Invoice | undefined {
    return this.invoices.get(id);
  }

  byNumber(invoiceNumber: string): Invoice | undefined {
    const id = this.idsByNumber.get(invoiceNumber);
    return id ? this.invoices.get(id) : undefined;
  }

  byRequestId(requestId: string): Invoice | undefined {
    const id = this.idsByRequestId.get(requestId);
    return id ? this.invoices.get(id) : undefined;
  }

  /** Newest first, as PayPal lists them. */
  list(): Invoice[] {
    return [...this.invoices.values()].reverse();
  }

  /** PayPal numbers invoices that come without one: 0001, 0002, … skipping numbers in use. */
  nextInvoiceNumber(): string {
    let candidate: string;
    do {
      this.lastNumber += 1;
      candidate = String(this.lastNumber).padStart(4, '0');
    } while (this.idsByNumber.has(candidate));
    return candidate;
  }

  clear(): void {
    this.invoices.clear();
    this.idsByNumber.clear();
    this.idsByRequestId.clear();
    this.lastNumber = 0;
  }
}
