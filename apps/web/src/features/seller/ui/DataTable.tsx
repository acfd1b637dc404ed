/**
 * A table of records that reads well on a desktop and on a phone: a real
 * table with a caption and column headers from the `md` width up (or `lg`, for
 * many columns), and a
 * list of cards below it (a wide table cannot fit 375 px). Both come from
 * the same column definitions; only one is displayed at a time, so
 * assistive technology meets one of them.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  /** Tells apart two columns of one header (the table's and the card's); else the header. */
  key?: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts). */
  numeric?: boolean;
  /** Left out of the phone card (the card's title shows it already). */
  hideInCard?: boolean;
  /** Only in the phone card (the table shows it inside another column). */
  hideInTable?: boolean;
  /** The cell names its row (a table's first column): a row header. */
  rowHeader?: boolean;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  /** Shown to sighted users too (e.g. "1–50 of 1,234 orders"); else the caption is for screen readers. */
  captionVisible?: boolean;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** The top line of a row's phone card: its identity and main link. */
  cardTitle: (row: T) => ReactNode;
  /** The buttons at the foot of a row's phone card. */
  cardActions?: (row: T) => ReactNode;
  /** From which width the table shows instead of the cards. */
  wideFrom?: 'md' | 'lg';
  /** Cells aligned to the middle of their row (rows of buttons); else to the top (long texts). */
  alignMiddle?: boolean;
  /** Dims the rows while newer ones load. */
  busy?: boolean;
  empty?: ReactNode;
}

// Whole class names, for Tailwind to find.
const breakpoints = {
  md: { table: 'md:block', cards: 'md:hidden' },
  lg: { table: 'lg:block', cards: 'lg:hidden' },
} as const;

export function DataTable<T>({
  caption,
  captionVisible = false,
  rows,
  rowKey,
  columns,
  cardTitle,
  cardActions,
  wideFrom = 'md',
  alignMiddle = false,
  busy = false,
  empty,
}: DataTableProps<T>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  const dim = busy ? 'opacity-60 transition-opacity' : 'transition-opacity';
  const tableColumns = columns.filter((column) => !column.hideInTable);
  return (
    <div aria-busy={busy || undefined}>
      <div className={`hidden overflow-x-auto ${breakpoints[wideFrom].table}`}>
        <table className={`w-full text-left text-sm ${dim}`}>
          <caption
            className={
              captionVisible ? 'px-5 pt-4 pb-2 text-left text-sm text-slate-600' : 'sr-only'
            }
          >
            {caption}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50/80 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              {tableColumns.map((column) => (
                <th
                  key={column.key ?? column.header}
                  scope="col"
                  className={`px-4 py-2.5 font-semibold first:pl-5 last:pr-5 ${column.numeric ? 'text-right' : ''}`}
                >
                  {column.headerHidden ? (
                    <span className="sr-only">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={`hover:bg-slate-50/70 ${alignMiddle ? 'align-middle' : 'align-top'}`}
              >
                {tableColumns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.key ?? column.header}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={`px-4 py-3 font-normal first:pl-5 last:pr-5 ${column.numeric ? 'text-right' : ''} ${column.className ?? ''}`}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={`${breakpoints[wideFrom].cards} ${dim}`}>
        <p className={captionVisible ? 'px-4 pt-3 text-sm text-slate-600' : 'sr-only'}>{caption}</p>
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={rowKey(row)} className="flex flex-col gap-2 px-4 py-3.5">
              <div className="min-w-0">{cardTitle(row)}</div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {columns
                  .filter((column) => !column.hideInCard)
                  .map((column) => (
                    <div key={column.key ?? column.header} className="contents">
                      <dt className="text-slate-500">{column.header}</dt>
                      <dd className="min-w-0 [overflow-wrap:anywhere] text-navy-950">
                        {column.cell(row)}
                      </dd>
                    </div>
                  ))}
              </dl>
              {cardActions?.(row)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
