/**
 * The matrix as a markdown table, one row per cell, in short words: what
 * the buyer saw (the spec's texts), the order and the provider objects
 * right after the fault, the same once it was lifted, and the verdict.
 * Written to the test run's output and to faults/last-run.md.
 */
import { writeFileSync } from 'node:fs';
import type { CellResult, Observation } from './cells';
import type { ObservedOrder } from './world';
import { FAULT_TITLES } from './faults';
import { myOrderWords } from './my-orders';

const HEADER = [
  'Provider · action',
  'Fault',
  'User saw',
  'Order right after',
  'Objects (payable/total) right after',
  'After the fault lifted',
  'Objects after',
  'Verdict',
];

function quoted(text: string): string {
  return text.startsWith('—') ? text : `“${text}”`;
}

function userSaw(cell: CellResult): string {
  const [first, second] = cell.saw;
  let during = first === undefined ? '—' : quoted(first);
  if (second !== undefined) during += second === first ? ' ×2' : `, then ${quoted(second)}`;
  return cell.sawAfter === undefined ? during : `${during}; after: ${quoted(cell.sawAfter)}`;
}

function orderWord(order: ObservedOrder): string {
  let word = order.status.replace('_', ' ');
  if (!order.providerReference && order.createAttemptedAt) word += ' (create unknown)';
  if (order.attention) word += ' · flagged';
  return word;
}

function ordersWord(seen: Observation): string {
  return seen.orders.length === 0 ? '—' : seen.orders.map(orderWord).join(' / ');
}

function objectsWord(cell: CellResult, seen: Observation): string {
  const { objects, showsEnrolments } = cell.journey;
  if (objects === 'contacts') return `contacts ${seen.contacts}`;
  const payable = seen.objects.filter((object) => object.payable).length;
  const counted = `${objects} ${payable}/${seen.objects.length}`;
  const enrolled = showsEnrolments ? `${counted} · enrolled ${seen.enrolments}` : counted;
  const seated =
    seen.seatChange === undefined ? enrolled : `${enrolled} · seats taken +${seen.seatChange}`;
  return seen.myOrder ? `${seated} · ${myOrderWords(seen.myOrder)}` : seated;
}

function afterWord(cell: CellResult): string {
  if (cell.journey.myOrder) return ordersWord(cell.after);
  if (!cell.journey.purchase) return cell.after.contacts > 0 ? 'contact ready' : 'no contact';
  return `${ordersWord(cell.after)} · handed off ${cell.after.enrolments}×`;
}

function verdictWord(cell: CellResult): string {
  if (cell.problems.length > 0) return `✗ ${cell.problems.join('; ')}`;
  return cell.outcome === 'flagged' ? '✓ flagged for the seller' : '✓ finished';
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

function matrixTable(results: readonly CellResult[]): string {
  const lines = [row(HEADER), row(HEADER.map(() => '---'))];
  for (const cell of results) {
    lines.push(
      row([
        cell.journey.title,
        FAULT_TITLES[cell.fault],
        userSaw(cell),
        ordersWord(cell.rightAfter),
        objectsWord(cell, cell.rightAfter),
        afterWord(cell),
        objectsWord(cell, cell.after),
        verdictWord(cell),
      ]),
    );
  }
  const failed = results.filter((cell) => cell.problems.length > 0).length;
  const flagged = results.filter(
    (cell) => cell.outcome === 'flagged' && cell.problems.length === 0,
  );
  const summary =
    `${results.length} cells: ${results.length - failed - flagged.length} finished, ` +
    `${flagged.length} flagged for the seller, ${failed} failed.`;
  return `${lines.join('\n')}\n\n${summary}\n`;
}

/** Shows the table in the run's output and keeps it in `file` (git-ignored). */
export function publishTable(results: readonly CellResult[], file: URL): void {
  const text = `# Fault matrix\n\n${matrixTable(results)}`;
  writeFileSync(file, text);
  process.stdout.write(`\n${text}\n`);
}
