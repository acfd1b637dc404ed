/**
 * The orders as a CSV file (RFC 4180: CRLF line ends, every field quoted,
 * quotes doubled), in UTF-8 with a byte-order mark so spreadsheet programs
 * read names like "Zoë" right, with a header row and amounts in major units
 * next to their currency. Rows are streamed as they are read, a chunk at a
 * time. By default one row per order; `rows=seats` gives one per seat, the
 * order's columns and then the seat's (its attendee, or empty while open).
 */
import { Readable } from 'node:stream';
import { formatMinor, seatShareMinor } from '@wifi7/contract';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Db } from '../../../db/client';
import {
  eachOrder,
  eachSeat,
  type OrderFilter,
  type PaidOrderRecord,
  type SeatRecord,
} from './queries';

/** A column of the file: its header and how a row gives its value. */
type Column<Row> = [header: string, value: (row: Row) => string];

const COLUMNS: Column<PaidOrderRecord>[] = [
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

/** One seat with its order: a row of the per-seat export. */
export interface SeatWithOrder {
  order: PaidOrderRecord;
  seat: SeatRecord;
}

const SEAT_COLUMNS: Column<SeatWithOrder>[] = [
  ...COLUMNS.map(([header, value]): Column<SeatWithOrder> => [header, ({ order }) => value(order)]),
  ['Seat', ({ seat }) => String(seat.number)],
  // The order's total repeats on each of its rows: the share is what adds up.
  [
    'Seat share',
    ({ order, seat }) =>
      formatMinor(seatShareMinor(order.totalMinor, order.seatCount, seat.number)),
  ],
  ['Seat state', ({ seat }) => seat.state],
  [
    'Attendee name',
    ({ seat }) => [seat.attendeeFirstName, seat.attendeeLastName].filter(Boolean).join(' '),
  ],
  ['Attendee e-mail', ({ seat }) => seat.attendeeEmail ?? ''],
  ['Enrolled', ({ seat }) => (seat.enrolled ? 'yes' : 'no')],
];

/**
 * Where a spreadsheet may start a new cell inside a value: at a list
 * separator, whichever one it is set to (a comma, a semicolon — Excel's in
 * much of Europe — or a tab), and at a line break. Every field is quoted, so
 * a spreadsheet that reads the file as written never splits a value; these
 * are for one that reads it with another separator.
 */
const CELL_BREAK = /([,;\t\r\n])/u;
/**
 * A cell a spreadsheet would run as a formula: =, +, - or @, or their
 * fullwidth forms (which some spreadsheets take for them), also after
 * spaces or quotes an import may strip.
 */
const FORMULA = /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
/** A value starting with a tab or a line break (CR, and LF likewise) is a formula start too (OWASP). */
const BLANK_START = /^[\t\r\n]/u;

/**
 * Buyers type their own names and addresses, and "=HYPERLINK(…)" must stay
 * text when the seller opens the file (CSV formula injection, OWASP): every
 * part of the value that could start a cell under any common separator and
 * would run as a formula gets a leading apostrophe, so
 * "Lovelace;=cmd|…" becomes "Lovelace;'=cmd|…" and no cell it makes is live.
 */
export function defuseFormula(value: string): string {
  const defused = value
    .split(CELL_BREAK)
    .map((part) => (FORMULA.test(part) ? `'${part}` : part))
    .join('');
  return BLANK_START.test(defused) ? `'${defused}` : defused;
}

export function csvRecordOf(order: PaidOrderRecord): string[] {
  return recordOf(COLUMNS, order);
}

function recordOf<Row>(columns: Column<Row>[], row: Row): string[] {
  return columns.map(([, value]) => defuseFormula(value(row)));
}

/** A stream of the CSV file of every order matching `filter`. */
export function ordersCsv(db: Db, filter: OrderFilter): Stringifier {
  return csvOf(eachOrder(db, filter));
}

/** A stream of the CSV file of every seat of every order matching `filter`. */
export function seatsCsv(db: Db, filter: OrderFilter): Stringifier {
  return seatsCsvOf(eachSeat(db, filter));
}

/** A stream of the CSV file of `orders`, in their order. */
export function csvOf(
  orders: AsyncIterable<PaidOrderRecord> | Iterable<PaidOrderRecord>,
): Stringifier {
  return streamOf(COLUMNS, orders);
}

/** A stream of the per-seat CSV file of `seats`, in their order. */
export function seatsCsvOf(
  seats: AsyncIterable<SeatWithOrder> | Iterable<SeatWithOrder>,
): Stringifier {
  return streamOf(SEAT_COLUMNS, seats);
}

function streamOf<Row>(
  columns: Column<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Stringifier {
  const csv = stringify({
    header: true,
    columns: columns.map(([header]) => header),
    bom: true,
    record_delimiter: 'windows',
    // Every field, empty ones and the header included: a value is never split,
    // whatever separator the spreadsheet expects.
    quoted: true,
    quoted_empty: true,
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield recordOf(columns, row);
    })(),
  );
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}
