/**
 * The sellers' daily digest: yesterday's orders (Pacific calendar day) by
 * state, the money paid that day per currency, and the seats left in every
 * open batch. Collected from the database and rendered as one e-mail.
 */
import {
  ORDER_STATUS_LABELS,
  pacificDayBounds,
  type Currency,
  type OrderStatus,
} from '@wifi7/contract';
import { and, asc, count, eq, gte, lt, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches, orders, workshops } from '../db/schema';
import { formatPaid } from './enrolment-message';
import { html, layout, styles, type SafeHtml } from '../core/mail/html';

export interface DigestFigures {
  /** The Pacific calendar date the order figures cover, `YYYY-MM-DD`. */
  day: string;
  /** Orders placed that day, by the state they are in now. */
  ordersByStatus: { status: OrderStatus; count: number }[];
  /** Orders paid that day (and not refunded since), per currency. */
  revenue: { currency: Currency; totalMinor: number; orders: number }[];
  openBatches: {
    id: string;
    description: string;
    seatCapacity: number;
    seatsTaken: number;
  }[];
}

export async function collectDigest(db: Db, day: string): Promise<DigestFigures> {
  const { from, to } = pacificDayBounds(day);
  const [ordersByStatus, revenue, openBatches] = await Promise.all([
    db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
      .groupBy(orders.status)
      .orderBy(orders.status),
    db
      .select({
        currency: orders.currency,
        totalMinor: sum(orders.totalMinor).mapWith(Number),
        orders: count(),
      })
      .from(orders)
      .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
      .groupBy(orders.currency)
      .orderBy(orders.currency),
    db
      .select({
        id: batches.id,
        description: batches.description,
        seatCapacity: batches.seatCapacity,
        seatsTaken: batches.seatsTaken,
      })
      .from(batches)
      .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
      .where(and(eq(batches.status, 'open'), eq(workshops.active, true)))
      .orderBy(asc(batches.startsOn), asc(batches.id)),
  ]);
  return { day, ordersByStatus, revenue, openBatches };
}

function revenueText(revenue: DigestFigures['revenue']): string {
  return revenue.length === 0
    ? 'nothing paid'
    : revenue.map((line) => formatPaid(line.totalMinor, line.currency)).join(' + ');
}

/** One of the digest's tables: what it names on the left, its figures on the right. */
function figureTable(empty: string, headers: string[], rows: unknown[][]): SafeHtml {
  if (rows.length === 0) return html`<p style="${styles.muted}">${empty}</p>`;
  const align = (column: number) => (column > 0 ? ';text-align:right;white-space:nowrap' : '');
  return html`<table style="${styles.table}">
    <tr>
      ${headers.map((header, i) => html`<th style="${styles.headerCell}${align(i)}">${header}</th>`)}
    </tr>
    ${rows.map(
      (cells) =>
        html`<tr>
          ${cells.map((cell, i) => html`<td style="${styles.cell}${align(i)}">${cell}</td>`)}
        </tr>`,
    )}
  </table>`;
}

export function renderDigestMail(
  figures: DigestFigures,
  links: { siteUrl: string },
): { subject: string; text: string; html: string } {
  const placed = figures.ordersByStatus.reduce((total, line) => total + line.count, 0);
  const subject = `Daily digest for ${figures.day}: ${placed} ${placed === 1 ? 'order' : 'orders'}, ${revenueText(figures.revenue)}`;
  const seatsLeft = (batch: DigestFigures['openBatches'][number]) =>
    `${batch.seatCapacity - batch.seatsTaken} of ${batch.seatCapacity}`;
  const ordersUrl = `${links.siteUrl}/seller/orders`;
  const footer = 'You receive this because your address is one of the site’s sellers.';

  const text = [
    `Orders placed on ${figures.day} (Pacific Time): ${placed}`,
    ...figures.ordersByStatus.map((line) => `  ${ORDER_STATUS_LABELS[line.status]}: ${line.count}`),
    '',
    `Paid on ${figures.day}: ${revenueText(figures.revenue)}`,
    ...figures.revenue.map(
      (line) =>
        `  ${line.currency}: ${formatPaid(line.totalMinor, line.currency)} from ${line.orders} ${line.orders === 1 ? 'order' : 'orders'}`,
    ),
    '',
    'Seats left in open batches:',
    ...(figures.openBatches.length === 0
      ? ['  No open batches.']
      : figures.openBatches.map(
          (batch) => `  ${batch.id} — ${batch.description}: ${seatsLeft(batch)}`,
        )),
    '',
    `Orders: ${ordersUrl}`,
    '',
    footer,
  ].join('\n');

  const body = html`
    <h1 style="${styles.heading}">Daily digest · ${figures.day}</h1>
    <h2 style="${styles.subheading}">Orders placed (Pacific Time): ${placed}</h2>
    ${figureTable(
      'No orders that day.',
      ['State now', 'Orders'],
      figures.ordersByStatus.map((line) => [ORDER_STATUS_LABELS[line.status], line.count]),
    )}
    <h2 style="${styles.subheading}">Paid that day</h2>
    ${figureTable(
      'Nothing paid that day.',
      ['Currency', 'Amount', 'Orders'],
      figures.revenue.map((line) => [
        line.currency,
        formatPaid(line.totalMinor, line.currency),
        line.orders,
      ]),
    )}
    <h2 style="${styles.subheading}">Seats left in open batches</h2>
    ${figureTable(
      'No open batches.',
      ['Batch', 'Seats left'],
      figures.openBatches.map((batch) => [
        html`<strong>${batch.id}</strong><br /><span style="color:#475569"
            >${batch.description}</span
          >`,
        seatsLeft(batch),
      ]),
    )}
    <p style="margin:20px 0 8px">
      <a href="${ordersUrl}" style="${styles.button}">Open the orders</a>
    </p>
  `;
  return { subject, text, html: layout(subject, body, footer) };
}
