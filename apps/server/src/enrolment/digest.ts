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
import { and, asc, count, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, batches, orders, workshops } from '../db/schema';
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
  /** What buyers changed on their own orders that day (My orders), oldest first. */
  buyerChanges: { orderId: string; email: string; message: string }[];
}

/** The buyers' actions a seller reads about: a resend changes nothing. */
const BUYER_CHANGES = ['order.cancel', 'order.refund', 'order.move-batch'];

export async function collectDigest(db: Db, day: string): Promise<DigestFigures> {
  const { from, to } = pacificDayBounds(day);
  const [ordersByStatus, revenue, openBatches, changes] = await Promise.all([
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
    db
      .select({ orderId: auditLog.targetId, email: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorRole, 'buyer'),
          inArray(auditLog.action, BUYER_CHANGES),
          gte(auditLog.createdAt, from),
          lt(auditLog.createdAt, to),
        ),
      )
      .orderBy(asc(auditLog.id)),
  ]);
  const buyerChanges = changes.flatMap(({ orderId, email, after }) => {
    const outcome = after as { message?: unknown; refusedWith?: unknown } | null;
    if (typeof outcome?.message !== 'string' || outcome.refusedWith !== undefined) return [];
    return [{ orderId, email, message: outcome.message }];
  });
  return { day, ordersByStatus, revenue, openBatches, buyerChanges };
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
    `Buyers' own changes (My orders): ${figures.buyerChanges.length}`,
    ...figures.buyerChanges.map(
      (change) => `  ${change.orderId} (${change.email}): ${change.message}`,
    ),
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
    <h2 style="${styles.subheading}">Buyers’ own changes (My orders)</h2>
    ${figureTable(
      'No buyer changed an order that day.',
      ['Order', 'What the buyer was told'],
      figures.buyerChanges.map((change) => [
        html`<strong>${change.orderId}</strong><br /><span style="color:#475569"
            >${change.email}</span
          >`,
        change.message,
      ]),
    )}
    <p style="margin:20px 0 8px">
      <a href="${ordersUrl}" style="${styles.button}">Open the orders</a>
    </p>
  `;
  return { subject, text, html: layout(subject, body, footer) };
}
