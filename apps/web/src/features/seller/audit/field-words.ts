/**
 * The audit log's fields in the seller's words: a label for each field the
 * server records ("amountMinor" reads "Amount") and its value as the rest
 * of the back office shows it (money with its currency, order states by
 * name, lists joined, moments in the seller's zone). A field this list does
 * not know is still shown, its name spelled out from camel case.
 */
import { formatDateTime, formatMoney, ORDER_STATUS_LABELS } from '../shell/format';
import { WAITLIST_STATE_LABELS } from '../shell/waitlist-words';

const LABELS: Record<string, string> = {
  status: 'State',
  amountMinor: 'Amount',
  totalMinor: 'Total',
  subtotalMinor: 'Subtotal',
  discountMinor: 'Discount',
  priceMinor: 'Price',
  batchId: 'Batch',
  attention: 'Needs attention',
  paymentReferences: 'Payments',
  refundReference: 'Refund id',
  refundId: 'Refund id',
  refundState: 'Refund state',
  handoffs: 'Hand-offs',
  maxUses: 'Maximum uses',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  percentOff: 'Percent off',
  isOpen: 'Open',
  byteSize: 'Size (bytes)',
  contentType: 'Type',
  email: 'E-mail',
  requestKey: 'Idempotency key',
  holdHours: 'Unpaid hold (hours)',
  refundUntilDaysBefore: 'Refund until (days before)',
  moveUntilDaysBefore: 'Move until (days before)',
  keep: 'Kept of a refund',
};

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A short value as the seller reads it, or null when it is not short and
 * plain (an object or a list of objects): the caller shows those folded.
 */
export function fieldText(field: string, value: unknown, currency?: string): string | null {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (field.endsWith('Minor') && currency) return formatMoney(value, currency);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'status' && value in ORDER_STATUS_LABELS) {
      return ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS];
    }
    // A waitlist place's state (the audit of a removal).
    if (field === 'state' && value in WAITLIST_STATE_LABELS) {
      return WAITLIST_STATE_LABELS[value as keyof typeof WAITLIST_STATE_LABELS];
    }
    if (field === 'reason' || field === 'refundState') return value.replaceAll('-', ' ');
    if (ISO_MOMENT.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value) && value.every((each) => typeof each !== 'object' || each === null)) {
    return value.length === 0 ? '—' : value.map(String).join(', ');
  }
  return null;
}
