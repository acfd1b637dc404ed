/**
 * The sellers' daily digest as one e-mail: a table per figure in the HTML
 * part, and indented lines per figure in the text part.
 */
import { ORDER_STATUS_LABELS } from '@wifi7/contract';
import type { CSSProperties, ReactNode } from 'react';
import { Action, MailLayout, Note, styles, Subheading, Title } from '../core/mail/layout';
import { renderMailHtml } from '../core/mail/render';
import type { MailContent } from '../core/mail/transport';
import { SELLER_FOOTER } from './attention-message';
import type { DigestFigures } from './digest';
import { formatPaid } from './enrolment-message';

interface DigestProps {
  figures: DigestFigures;
  links: { siteUrl: string };
}

type OpenBatch = DigestFigures['openBatches'][number];

const ordersWord = (count: number) => (count === 1 ? 'order' : 'orders');
const seatsLeft = (batch: OpenBatch) =>
  `${batch.seatCapacity - batch.seatsTaken} of ${batch.seatCapacity}`;

/** What the subject, the text and the HTML part all say, worked out once. */
function factsOf({ figures, links }: DigestProps) {
  const placed = figures.ordersByStatus.reduce((total, line) => total + line.count, 0);
  const revenue =
    figures.revenue.length === 0
      ? 'nothing paid'
      : figures.revenue.map((line) => formatPaid(line.totalMinor, line.currency)).join(' + ');
  return {
    subject: `Daily digest for ${figures.day}: ${placed} ${ordersWord(placed)}, ${revenue}`,
    placed,
    revenue,
    ordersUrl: `${links.siteUrl}/seller/orders`,
  };
}

/** One of the digest's tables: what it names on the left, its figures on the right. */
function FigureTable({
  empty,
  headers,
  rows,
}: {
  empty: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  if (rows.length === 0) return <Note>{empty}</Note>;
  const align = (column: number): CSSProperties =>
    column > 0 ? { textAlign: 'right', whiteSpace: 'nowrap' } : {};
  return (
    <table style={styles.table}>
      <tbody>
        <tr>
          {headers.map((header, column) => (
            <th key={header} style={{ ...styles.headerCell, ...align(column) }}>
              {header}
            </th>
          ))}
        </tr>
        {rows.map((cells, row) => (
          <tr key={row}>
            {cells.map((cell, column) => (
              <td key={column} style={{ ...styles.cell, ...align(column) }}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A table cell's name in bold, with what it is below in grey. */
function Named({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <strong>{name}</strong>
      <br />
      <span style={styles.aside}>{detail}</span>
    </>
  );
}

export function DigestEmail(props: DigestProps) {
  const { figures } = props;
  const facts = factsOf(props);
  return (
    <MailLayout title={facts.subject} footer={SELLER_FOOTER}>
      <Title>Daily digest · {figures.day}</Title>
      <Subheading>Orders placed (Pacific Time): {facts.placed}</Subheading>
      <FigureTable
        empty="No orders that day."
        headers={['State now', 'Orders']}
        rows={figures.ordersByStatus.map((line) => [ORDER_STATUS_LABELS[line.status], line.count])}
      />
      <Subheading>Paid that day</Subheading>
      <FigureTable
        empty="Nothing paid that day."
        headers={['Currency', 'Amount', 'Orders']}
        rows={figures.revenue.map((line) => [
          line.currency,
          formatPaid(line.totalMinor, line.currency),
          line.orders,
        ])}
      />
      <Subheading>Seats left in open batches</Subheading>
      <FigureTable
        empty="No open batches."
        headers={['Batch', 'Seats left']}
        rows={figures.openBatches.map((batch) => [
          <Named key="batch" name={batch.id} detail={batch.description} />,
          seatsLeft(batch),
        ])}
      />
      <Subheading>Buyers’ own changes (My orders)</Subheading>
      <FigureTable
        empty="No buyer changed an order that day."
        headers={['Order', 'What the buyer was told']}
        rows={figures.buyerChanges.map((change) => [
          <Named key="order" name={change.orderId} detail={change.email} />,
          change.message,
        ])}
      />
      <Action href={facts.ordersUrl}>Open the orders</Action>
    </MailLayout>
  );
}

function digestText(props: DigestProps): string {
  const { figures } = props;
  const facts = factsOf(props);
  return [
    `Orders placed on ${figures.day} (Pacific Time): ${facts.placed}`,
    ...figures.ordersByStatus.map((line) => `  ${ORDER_STATUS_LABELS[line.status]}: ${line.count}`),
    '',
    `Paid on ${figures.day}: ${facts.revenue}`,
    ...figures.revenue.map(
      (line) =>
        `  ${line.currency}: ${formatPaid(line.totalMinor, line.currency)} from ${line.orders} ${ordersWord(line.orders)}`,
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
    `Orders: ${facts.ordersUrl}`,
    '',
    SELLER_FOOTER,
  ].join('\n');
}

export function renderDigestMail(figures: DigestFigures, links: { siteUrl: string }): MailContent {
  const props = { figures, links };
  return {
    subject: factsOf(props).subject,
    text: digestText(props),
    html: renderMailHtml(<DigestEmail {...props} />),
  };
}
