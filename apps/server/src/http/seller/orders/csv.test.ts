import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvOf, defuseFormula } from './csv';
import type { PaidOrderRecord } from './queries';

/** What opens a formula, ASCII and fullwidth, and the blanks OWASP lists before one. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠'];
/** Where a spreadsheet set to another list separator (or none) may start a cell. */
const CELL_BREAKS = [',', ';', '\t', '\r\n', '\r', '\n'];
/** A cell a spreadsheet runs: a formula start, after any spaces or quotes an import strips. */
const LIVE_CELL = /^[\s"]*[=+\-@＝＋－＠]/u;

const PAYLOAD = "cmd|' /C calc'!A0";
/** Every formula start at the value's start and after each cell break, bare, spaced and quoted. */
const hostileValues = FORMULA_STARTS.flatMap((start) => [
  `${start}${PAYLOAD}`,
  ` ${start}${PAYLOAD}`,
  ...CELL_BREAKS.flatMap((cellBreak) => [
    `Lovelace${cellBreak}${start}${PAYLOAD}${cellBreak}`,
    `Lovelace${cellBreak} ${start}${PAYLOAD}`,
    `Lovelace${cellBreak}"${start}${PAYLOAD}`,
  ]),
]);

function orderNamed(lastName: string, index: number): PaidOrderRecord {
  return {
    id: `ORDER${String(index).padStart(11, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    status: 'awaiting_payment',
    paidAt: null,
    email: `buyer.${index}@example.com`,
    billing: {
      firstName: '=HYPERLINK("https://evil.example","click")',
      lastName,
      country: 'United States',
      isoCode: 'US',
      state: 'New York',
      city: 'New York',
      zipcode: '10001',
    },
    workshopName: 'Wi-Fi 7 Live Online Workshop',
    batchId: 'B-JAN',
    batchDescription: 'Jan 12 - Mar 4, 2027',
    rail: 'paypal_invoice',
    currency: 'USD',
    subtotalMinor: 49_900,
    discountMinor: 0,
    totalMinor: 49_900,
    discountCode: null,
    paymentReferences: [],
    attention: null,
  } as unknown as PaidOrderRecord;
}

async function csvText(orders: PaidOrderRecord[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvOf(orders)) chunks.push(Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

describe('the orders CSV', () => {
  it('defuses every formula start, at the start of a value and after any cell break', () => {
    expect(defuseFormula("Lovelace;=cmd|' /C calc'!A0;")).toBe("Lovelace;'=cmd|' /C calc'!A0;");
    expect(defuseFormula('＝1+1')).toBe("'＝1+1");
    expect(defuseFormula('\tTab')).toBe("'\tTab");
    expect(defuseFormula('\t=1+1')).toBe("'\t'=1+1");
    expect(defuseFormula('Ørsted\nSecond line')).toBe('Ørsted\nSecond line');
    // Ordinary names, dates and amounts stay as they are.
    for (const plain of ['Smith-Jones', 'Zoë, "the" first', 'Jan 12 - Mar 4, 2027', '449.10', '']) {
      expect(defuseFormula(plain)).toBe(plain);
    }
    for (const value of hostileValues) {
      const defused = defuseFormula(value);
      expect(defused.replaceAll("'", ''), JSON.stringify(value)).toBe(value.replaceAll("'", ''));
      for (const cellBreak of CELL_BREAKS) {
        for (const cell of defused.split(cellBreak)) {
          expect(
            cell,
            `${JSON.stringify(value)} split at ${JSON.stringify(cellBreak)}`,
          ).not.toMatch(LIVE_CELL);
        }
      }
      expect(defused, JSON.stringify(value)).not.toMatch(/^[\t\r\n]/u);
    }
  });

  it('quotes every field in UTF-8 with a BOM and CRLF, and no separator makes a live cell', async () => {
    const orders = hostileValues.map(orderNamed);
    const raw = await csvText(orders);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);

    // RFC 4180, every field quoted (the header and empty ones too), records ended by CRLF.
    expect(text).toMatch(/^(?:"(?:[^"]|"")*"(?:,|\r\n))+$/u);
    expect(text.startsWith('"Order","Created (UTC)","State",')).toBe(true);
    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(records.map((record) => record['Last name'])).toEqual(hostileValues.map(defuseFormula));
    expect(records[0]).toMatchObject({
      'First name': `'=HYPERLINK("https://evil.example","click")`,
      'Discount code': '',
      Total: '499.00',
    });

    // Opened with any list separator, quotes honoured or not, no cell runs.
    for (const separator of CELL_BREAKS) {
      for (const cell of text.split(separator)) {
        expect(cell, `split at ${JSON.stringify(separator)}`).not.toMatch(LIVE_CELL);
      }
    }
  });
});
