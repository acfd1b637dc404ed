/**
 * The rows where a buyer acts on their own order from "My orders" (beyond
 * the spec): cancel an unpaid order (its invoice or link withdrawn), cancel
 * a paid one inside the refund window (refunded through its rail), move a
 * paid seat (the courses portal told). The page's actions as it makes them
 * (a fresh look at the order, one key per dialog, the amount it was shown),
 * what the providers and our tables hold for the order, and the invariants
 * of these rows: one refund at most, none without the order refunded or
 * flagged, the seat freed or moved exactly once, and no word to the buyer
 * of a success that did not happen (nor of nothing done when it was).
 */
import { randomUUID } from 'node:crypto';
import {
  buyerOrderPathOf,
  buyerOrderRoutes,
  type BuyerOrder,
  type BuyerOrdersResponse,
  type BuyerPolicy,
} from '@wifi7/contract';
import { eq, inArray } from 'drizzle-orm';
import { batches, orders } from '../src/db/schema';
import type { ObservedOrder, BuyerSession, World } from './world';

/** What the buyer does on the order. */
export type MyOrderAction = 'cancel-unpaid' | 'cancel-paid' | 'move';

/** The policy every row's order is placed under: refunds and moves open for weeks yet. */
export const MATRIX_POLICY: BuyerPolicy = {
  refundUntilDaysBefore: 7,
  keep: { kind: 'percent', percent: 10 },
  moveUntilDaysBefore: 2,
};

/** The order's batch, and where a move takes it. */
export const FROM_BATCH = 'B-JAN';
export const MOVE_TO_BATCH = 'B-APR';

/** One press of a button on My orders and what came back. */
interface Press {
  path: string;
  body: { idempotencyKey: string } & Record<string, unknown>;
  status: number;
  message: string | undefined;
}

/** A cell's order on My orders: prepared before the fault, and every press since. */
interface MyOrderCase {
  action: MyOrderAction;
  orderId: string;
  seatsBefore: Record<string, number>;
  presses: Press[];
}

const cases = new WeakMap<BuyerSession, MyOrderCase>();

function caseOf(session: BuyerSession): MyOrderCase {
  const found = cases.get(session);
  if (!found) throw new Error('The buyer has no order prepared for My orders');
  return found;
}

async function seatsTaken(world: World): Promise<Record<string, number>> {
  const rows = await world.database.handle.db
    .select({ id: batches.id, seatsTaken: batches.seatsTaken })
    .from(batches)
    .where(inArray(batches.id, [FROM_BATCH, MOVE_TO_BATCH]));
  return Object.fromEntries(rows.map((row) => [row.id, row.seatsTaken]));
}

/** Puts the buyer's one order under the matrix's policy (orders keep the policy they were placed under). */
export async function underPolicy(world: World, session: BuyerSession): Promise<string> {
  const [order, ...more] = await session.orders();
  if (!order || more.length > 0) throw new Error('Setting up, the buyer should have one order');
  await world.database.handle.db
    .update(orders)
    .set({ buyerPolicy: MATRIX_POLICY })
    .where(eq(orders.id, order.id));
  return order.id;
}

/** The order is ready for the action: its seats are counted from here. */
export async function myOrderPrepared(
  world: World,
  session: BuyerSession,
  action: MyOrderAction,
  orderId: string,
): Promise<void> {
  cases.set(session, { action, orderId, seatsBefore: await seatsTaken(world), presses: [] });
}

// ── The page ────────────────────────────────────────────────────────────────

/** The order as My orders shows it now; undefined when the list did not load. */
async function shownNow(session: BuyerSession, orderId: string): Promise<BuyerOrder | undefined> {
  const answer = await session.call('GET', buyerOrderRoutes.orders);
  if (answer.status !== 200) return undefined;
  return (answer.body as BuyerOrdersResponse).orders.find((order) => order.orderId === orderId);
}

const STATE_WORDS: Record<BuyerOrder['state'], string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  part_refunded: 'Paid, part refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired',
  failed: 'Payment failed',
};

/** Where the page offers no button for the action: what the card shows instead. */
function nothingToPress(shown: BuyerOrder | undefined): string {
  if (!shown) return '— (My orders did not load)';
  const why = shown.notOffered[0] ? `: ${shown.notOffered[0]}` : '';
  return `— (the card shows ${STATE_WORDS[shown.state]}, no button${why})`;
}

/**
 * What the card (or its dialog) shows for an answer: the server's sentence
 * on success and on a refusal that gave one, as the page's failure text
 * does; a failure without one is the page's own generic line.
 */
function pageSays(press: Press): string {
  if (press.status === 500) return '— (the page’s “something went wrong on our side”)';
  return press.message ?? `— (the page’s own line for ${press.status})`;
}

async function press(session: BuyerSession, path: string, body: Press['body']): Promise<string> {
  const answer = await session.call('POST', path, body);
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const pressed: Press = {
    path,
    body,
    status: answer.status,
    message: typeof message === 'string' ? message : undefined,
  };
  caseOf(session).presses.push(pressed);
  return pageSays(pressed);
}

/**
 * Opens the dialog from a fresh look at the order and confirms it: a new
 * key, and for a cancel the amount the card showed.
 */
export async function confirmOnMyOrders(session: BuyerSession): Promise<string> {
  const { action, orderId } = caseOf(session);
  const shown = await shownNow(session, orderId);
  const idempotencyKey = `matrix-${randomUUID()}`;
  if (action === 'move') {
    const offered = shown?.move?.batches.some((batch) => batch.batchId === MOVE_TO_BATCH);
    if (!offered) return nothingToPress(shown);
    return press(session, buyerOrderPathOf(buyerOrderRoutes.move, orderId), {
      idempotencyKey,
      batchId: MOVE_TO_BATCH,
    });
  }
  if (!shown?.cancel) return nothingToPress(shown);
  return press(session, buyerOrderPathOf(buyerOrderRoutes.cancel, orderId), {
    idempotencyKey,
    refundMinor: shown.cancel.refundMinor,
  });
}

/** The dialog stays open with its error, and the buyer confirms again: the same request, the same key. */
export async function confirmAgain(session: BuyerSession): Promise<string | undefined> {
  const last = caseOf(session).presses.at(-1);
  if (!last || (last.status >= 200 && last.status <= 299)) return undefined;
  return press(session, last.path, last.body);
}

// ── What there is to see ────────────────────────────────────────────────────

/** The order's side of things at one look. */
export interface MyOrderSeen {
  order: ObservedOrder | undefined;
  /** Refunds the provider made of the order's payment. */
  refunds: number;
  /** The order's invoice or link can still be paid; paid through it. */
  payable: boolean;
  paid: boolean;
  /** Seats taken now minus before the action, per batch. */
  seatChange: Record<string, number>;
  /** What the courses portal holds of the order: un-enrolments and moves (each to where). */
  revoked: number;
  movedTo: string[];
}

function refundsAtProvider(world: World, order: ObservedOrder): number {
  const { paypal, zoho } = world.stack.emulators;
  if (order.rail === 'paypal_invoice') {
    const invoice = paypal.store
      .list()
      .find((each) => each.detail.invoice_number === order.invoiceNumber);
    return invoice?.refunds?.transactions.length ?? 0;
  }
  if (!order.providerReference) return 0;
  // Every refund Zoho makes sends its one `refund.succeeded` event.
  return zoho.webhooks
    .listEvents({ paymentLinkId: order.providerReference })
    .filter((event) => event.eventType === 'refund.succeeded').length;
}

function payableAtProvider(world: World, order: ObservedOrder) {
  const { paypal, zoho } = world.stack.emulators;
  if (order.rail === 'paypal_invoice') {
    const invoice = paypal.store
      .list()
      .find((each) => each.detail.invoice_number === order.invoiceNumber);
    const status = invoice?.status;
    return {
      payable: status === 'SENT' || status === 'UNPAID' || status === 'PARTIALLY_PAID',
      paid: invoice?.payments !== undefined && invoice.payments.transactions.length > 0,
    };
  }
  const link = zoho.links.all().find((each) => each.reference_id === order.id);
  return {
    payable: link?.status === 'active',
    paid: link?.payments.some((payment) => payment.status !== 'failed') ?? false,
  };
}

export async function seeMyOrder(
  world: World,
  session: BuyerSession,
  buyerOrders: ObservedOrder[],
): Promise<MyOrderSeen> {
  const { orderId, seatsBefore } = caseOf(session);
  const order = buyerOrders.find((each) => each.id === orderId);
  const now = await seatsTaken(world);
  const portal = world.stack.emulators.portal.state
    .list()
    .filter((enrolment) => enrolment.order.id === orderId);
  return {
    order,
    refunds: order ? refundsAtProvider(world, order) : 0,
    ...(order ? payableAtProvider(world, order) : { payable: false, paid: false }),
    seatChange: Object.fromEntries(
      Object.entries(now).map(([batch, taken]) => [batch, taken - (seatsBefore[batch] ?? 0)]),
    ),
    revoked: portal.filter((each) => each.type === 'enrollment.revoked').length,
    movedTo: portal
      .filter((each) => each.type === 'enrollment.moved')
      .map((each) => each.workshop.batchId),
  };
}

// ── Judging ─────────────────────────────────────────────────────────────────

const CLOSED: readonly ObservedOrder['status'][] = ['cancelled', 'expired', 'refunded'];
const succeeded = (press: Press) => press.status >= 200 && press.status <= 299;
/** A refusal that tells the buyer nothing happened. */
const saysNothingDone = (press: Press) =>
  !succeeded(press) && /nothing was done|nothing changed/i.test(press.message ?? '');

/** The action done, everything it sets off delivered. */
export function myOrderFinished(session: BuyerSession, seen: MyOrderSeen): boolean {
  const { action } = caseOf(session);
  const status = seen.order?.status;
  switch (action) {
    case 'cancel-unpaid':
      return status === 'cancelled' && !seen.payable && seen.seatChange[FROM_BATCH] === -1;
    case 'cancel-paid':
      return (
        status === 'refunded' &&
        seen.refunds === 1 &&
        seen.revoked === 1 &&
        seen.seatChange[FROM_BATCH] === -1
      );
    case 'move':
      return seen.order?.batchId === MOVE_TO_BATCH && seen.movedTo.length === 1;
  }
}

/**
 * The row's invariants. `settled` is the look once the fault was over and
 * every slowed request had reached the provider, before the buyer did
 * anything more; `after` the last look.
 */
export function myOrderProblems(
  session: BuyerSession,
  settled: MyOrderSeen,
  after: MyOrderSeen,
): string[] {
  const { action, presses } = caseOf(session);
  const problems: string[] = [];
  const order = after.order;
  if (!order) return ['the order vanished'];
  const flagged = order.attention !== null;

  if (after.refunds > 1) problems.push(`${after.refunds} refunds at the provider for one order`);
  if (after.refunds > 0 && order.status !== 'refunded' && !flagged) {
    problems.push(`refunded at the provider, but the order is ${order.status} and nobody told`);
  }
  if (action !== 'cancel-paid' && after.refunds > 0) problems.push('refunded, though not asked to');

  const from = after.seatChange[FROM_BATCH] ?? 0;
  const to = after.seatChange[MOVE_TO_BATCH] ?? 0;
  if (action === 'move') {
    const moved = order.batchId === MOVE_TO_BATCH;
    if (from !== (moved ? -1 : 0) || to !== (moved ? 1 : 0)) {
      problems.push(`seats changed by ${from} in ${FROM_BATCH} and ${to} in ${MOVE_TO_BATCH}`);
    }
    if (after.movedTo.length > 1)
      problems.push(`moved ${after.movedTo.length} times at the portal`);
    if (after.movedTo.some((batch) => batch !== order.batchId)) {
      problems.push(`the portal has the student in ${after.movedTo.join(', ')}`);
    }
  } else {
    const freed = CLOSED.includes(order.status) ? -1 : 0;
    if (from !== freed || to !== 0)
      problems.push(`seats changed by ${from} for a ${order.status} order`);
    if (after.revoked > 1) problems.push(`un-enrolled ${after.revoked} times at the portal`);
  }

  // What the buyer was told, against what the provider and the order show.
  for (const press of presses) {
    if (succeeded(press)) {
      const untrue =
        action === 'cancel-paid'
          ? after.refunds === 0 || order.status !== 'refunded'
          : action === 'cancel-unpaid'
            ? after.payable || after.paid || order.status !== 'cancelled'
            : order.batchId !== MOVE_TO_BATCH;
      if (untrue) problems.push(`told “${press.message}”, which did not happen`);
    } else if (saysNothingDone(press)) {
      const done =
        action === 'cancel-paid'
          ? settled.refunds > 0
          : action === 'cancel-unpaid'
            ? !settled.payable && !settled.paid
            : settled.order?.batchId === MOVE_TO_BATCH;
      if (done) problems.push(`told “${press.message}”, but the provider had acted`);
    }
  }
  return problems;
}

/** Short words for the table. */
export function myOrderWords(seen: MyOrderSeen | undefined): string {
  if (!seen) return '';
  const seats = Object.entries(seen.seatChange)
    .filter(([, change]) => change !== 0)
    .map(([batch, change]) => `${batch} ${change > 0 ? '+' : ''}${change}`);
  const parts = [
    `refunds ${seen.refunds}`,
    `seats ${seats.length > 0 ? seats.join(', ') : '±0'}`,
    ...(seen.revoked > 0 ? [`un-enrolled ${seen.revoked}`] : []),
    ...(seen.movedTo.length > 0 ? [`moved ${seen.movedTo.length}`] : []),
  ];
  return parts.join(' · ');
}
