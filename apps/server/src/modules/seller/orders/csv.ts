/**
 * The orders as a CSV file (RFC 4180: CRLF line ends, fields quoted when
 * they hold a comma, a quote or a line break, quotes doubled), in UTF-8
 * with a byte-order mark so spreadsheet programs read names like "Zoë"
 * right, with a header row and amounts in major units next to their
 * currency. Rows are streamed as they are read, a chunk at a time.
 */
import { Readable } from 'node:stream';
import { formatMinor } from '@wifi7/contract';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Db } from '../../../db/client';
import { eachOrder, type OrderFilter, type OrderRecord } from './queries';

const COLUMNS: [header: string, value: (order: OrderRecord) => string][] = [
  ['Order', (order) => order.id],
  ['Created (UTC)', (order) => order.createdAt.toISOString()],
  ['State', (order) => order.status],
  ['Paid (UTC)', (order) => order.paidAt?.toISOString() ?? ''],
  ['E-mail', (order) => order.email],
  ['First name', (order) => order.billing.firstName],
  ['Last name', (order) => order.billing.lastName],
  ['Country', (order) => order.billing.country],
  ['Workshop', (order) => order.workshopName],
  ['Batch', (order) => order.batchId],
  ['Batch dates', (order) => order.batchDescription],
  ['Rail', (order) => (order.rail === 'paypal_invoice' ? 'PayPal invoice' : 'Zoho link')],
  ['Currency', (order) => order.currency],
  ['Subtotal', (order) => formatMinor(order.subtotalMinor)],
  ['Discount', (order) => formatMinor(order.discountMinor)],
  ['Total', (order) => formatMinor(order.totalMinor)],
  ['Discount code', (order) => order.discountCode ?? ''],
  ['Payment references', (order) => order.paymentReferences.join(' ')],
  ['Needs attention', (order) => order.attention ?? ''],
];

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @,
 * a tab or a carriage return) gets a leading apostrophe: buyers type their
 * own names and addresses, and "=HYPERLINK(…)" must stay text when the
 * seller opens the file (CSV formula injection).
 */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvRecordOf(order: OrderRecord): string[] {
  return COLUMNS.map(([, value]) => defuseFormula(value(order)));
}

/** A stream of the CSV file of every order matching `filter`. */
export function ordersCsv(db: Db, filter: OrderFilter): Stringifier {
  const csv = stringify({
    header: true,
    columns: COLUMNS.map(([header]) => header),
    bom: true,
    record_delimiter: 'windows',
    // Records end in CRLF, so a bare line feed in a value (an address typed on two lines)
    // would go unquoted by default; RFC 4180 quotes any line break.
    quoted_match: /[\r\n]/,
  });
  const records = Readable.from(
    (async function* () {
      for await (const order of eachOrder(db, filter)) yield csvRecordOf(order);
    })(),
  );
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}
