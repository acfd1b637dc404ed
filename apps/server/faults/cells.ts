/**
 * One cell of the matrix: a new buyer takes one journey while its provider
 * has one fault. Everything reported is measured: what the pages showed,
 * the orders and the provider objects right after, and again once the
 * fault is lifted, reconciliation has run and the buyer did what the
 * journey still asks (paid from the e-mail). Then the invariants are
 * judged: no lost order, at most one payable object per order at every
 * look, and finished after the fault — or deliberately flagged for the
 * seller.
 */
import { eq, inArray } from 'drizzle-orm';
import { batches, orders } from '../src/db/schema';
import type { OrderRow } from '../src/orders/repository';
import { signedInBuyer } from '../test/support/auth-emulator';
import { reconcileNow } from '../test/support/stack';
import {
  faultFor,
  slowAnswersWaitedFor,
  slowedRequestsLetThrough,
  slowerThanTimeout,
  type FaultName,
} from './faults';
import { payFromInbox, type Journey } from './journeys';
import { myOrderFinished, myOrderProblems, seeMyOrder, type MyOrderSeen } from './my-orders';
import {
  booksContactsOf,
  enrolmentsOf,
  mostPayablePerOrder,
  paypalInvoicesOf,
  zohoLinksOf,
  type ProviderObject,
} from './provider-objects';
import { contactFoundSays, contactFormSays } from './user-saw';
import {
  armFault,
  BuyerSession,
  deliverHandoffsNow,
  handoffsAttempted,
  handoffsDeliveredOf,
  liftFaults,
  putAside,
  webhooksDelivered,
  type ObservedOrder,
  type World,
} from './world';

/** What was there at one look. */
export interface Observation {
  orders: ObservedOrder[];
  objects: ProviderObject[];
  contacts: number;
  /** What the portal received for the orders. */
  enrolments: number;
  /** What our side counts as delivered to the portal. */
  handoffsDelivered: number;
  /** A My orders row: the order's refunds, seats and portal messages. */
  myOrder?: MyOrderSeen;
  /** A company order's row: the seats taken in its batch since the cell began. */
  seatChange?: number;
}

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** `flagged`: not finished, but the server handed the order to the seller on purpose. */
export type Outcome = 'finished' | 'flagged' | 'not finished';

export interface CellResult {
  journey: Journey;
  fault: FaultName;
  /** The page's text for each try while the fault lasted. */
  saw: string[];
  /** The page's text for the buyer's first try once it was over. */
  sawAfter: string | undefined;
  rightAfter: Observation;
  after: Observation;
  outcome: Outcome;
  /** Broken invariants, in words; empty when the cell passes. */
  problems: string[];
}

/** How many passes of reconciliation (and payment, and hand-off) a cell gets after the fault. */
const ROUNDS_AFTER_THE_FAULT = 4;

const CLOSED: readonly OrderRow['status'][] = ['cancelled', 'expired', 'failed'];

/** Looks at a cell's buyer, and keeps what every look saw. */
class Watch {
  readonly orderIds = new Set<string>();
  mostPayable = 0;
  /** Looks at which the batch's seats taken were not the seats the orders hold. */
  readonly seatMismatches: string[] = [];

  constructor(
    private readonly world: World,
    private readonly journey: Journey,
    private readonly session: BuyerSession,
    /** The batch's seats taken before the fault (a company order's row). */
    private readonly seatsBefore: number,
  ) {}

  async observe(): Promise<Observation> {
    const { world, journey, session } = this;
    const buyerOrders = await session.orders();
    const objects =
      journey.objects === 'invoices'
        ? paypalInvoicesOf(world, buyerOrders)
        : journey.objects === 'links'
          ? zohoLinksOf(world, buyerOrders)
          : [];
    const ids = buyerOrders.map((order) => order.id);
    for (const id of ids) this.orderIds.add(id);
    this.mostPayable = Math.max(this.mostPayable, mostPayablePerOrder(objects));
    let seatChange: number | undefined;
    if (journey.seats) {
      seatChange = (await seatsTakenIn(world, COMPANY_BATCH)) - this.seatsBefore;
      const held = seatsHeldBy(buyerOrders);
      if (seatChange !== held) {
        this.seatMismatches.push(`${seatChange} seats taken for the ${held} the orders hold`);
      }
    }
    return {
      orders: buyerOrders,
      objects,
      contacts: booksContactsOf(world, session.email),
      enrolments: enrolmentsOf(world, ids),
      handoffsDelivered: await handoffsDeliveredOf(world, ids),
      ...(journey.myOrder ? { myOrder: await seeMyOrder(world, session, buyerOrders) } : {}),
      ...(seatChange === undefined ? {} : { seatChange }),
    };
  }
}

/** The batch a company order's row buys seats of (the checkout bodies' batch). */
const COMPANY_BATCH = 'B-JAN';

async function seatsTakenIn(world: World, batchId: string): Promise<number> {
  const [batch] = await world.database.handle.db
    .select({ seatsTaken: batches.seatsTaken })
    .from(batches)
    .where(eq(batches.id, batchId));
  return batch?.seatsTaken ?? 0;
}

/** The seats the orders hold by their own record: every seat of each order that keeps its holds. */
function seatsHeldBy(buyerOrders: readonly ObservedOrder[]): number {
  return buyerOrders.reduce((sum, order) => sum + (order.holdsReserved ? order.seatCount : 0), 0);
}

export async function runCell(
  world: World,
  journey: Journey,
  fault: FaultName,
): Promise<CellResult> {
  await webhooksDelivered(world);
  const session = new BuyerSession(world, await signedInBuyer('faults'));
  await journey.prepare(world, session);
  const watch = new Watch(world, journey, session, await seatsTakenIn(world, COMPANY_BATCH));

  const faultStarted = Date.now();
  await armFault(world, journey.provider, faultFor(fault, journey));
  let saw: string[];
  let rightAfter: Observation;
  try {
    const first = await journey.act(world, session);
    await watch.observe();
    const second = await journey.again?.(world, session, first);
    saw = second === undefined ? [first] : [first, second];
    rightAfter = await watch.observe();
  } finally {
    await liftFaults(world);
  }
  let waitedPastTimeout = 0;
  if (fault === 'slow') {
    const delay = slowerThanTimeout();
    await slowedRequestsLetThrough(world, journey.provider, faultStarted, delay);
    waitedPastTimeout = slowAnswersWaitedFor(world, journey.provider, faultStarted);
  }
  // Over, and every slowed request has reached the provider: what the buyer was told is held to this.
  const settled = journey.myOrder ? await watch.observe() : undefined;

  const sawAfter = await journey.retry?.(world, session);
  const after = journey.myOrder
    ? await finishMyOrder(world, session, watch)
    : journey.purchase
      ? await finishPurchase(world, journey, session, watch)
      : await watch.observe();
  await putAside(world, [...watch.orderIds]);
  const verdict = judge(world, {
    journey,
    session,
    watch,
    settled,
    after,
    sawAfter,
    waitedPastTimeout,
  });
  return { journey, fault, saw, sawAfter, rightAfter, after, ...verdict };
}

/**
 * After the fault: reconciliation passes, as its timer would make them, the
 * buyer paying from the e-mail if they have not paid yet, and the portal
 * hand-offs sent when due; until the purchase is finished, a few rounds at most.
 */
async function finishPurchase(
  world: World,
  journey: Journey,
  session: BuyerSession,
  watch: Watch,
): Promise<Observation> {
  let paid = journey.paysInAction;
  let seen = await watch.observe();
  for (
    let round = 0;
    round < ROUNDS_AFTER_THE_FAULT && !purchaseFinished(seen, journey);
    round += 1
  ) {
    const ids = seen.orders.map((order) => order.id);
    if (ids.length > 0) await reconcileNow(world, inArray(orders.id, ids));
    if (!paid) {
      paid = await payFromInbox(world, session);
      await webhooksDelivered(world);
    }
    const now = (await session.orders()).map((order) => order.id);
    await handoffsAttempted(world, now);
    await deliverHandoffsNow(world, now);
    seen = await watch.observe();
  }
  return seen;
}

/**
 * After the fault, for a My orders row: reconciliation passes, the
 * provider's webhooks and the portal messages the action set off, until the
 * action is done and delivered; a few rounds at most.
 */
async function finishMyOrder(
  world: World,
  session: BuyerSession,
  watch: Watch,
): Promise<Observation> {
  let seen = await watch.observe();
  for (
    let round = 0;
    round < ROUNDS_AFTER_THE_FAULT && !myOrderFinished(session, seen.myOrder!);
    round += 1
  ) {
    const ids = seen.orders.map((order) => order.id);
    await reconcileNow(world, inArray(orders.id, ids));
    await webhooksDelivered(world);
    await handoffsAttempted(world, ids);
    await deliverHandoffsNow(world, ids);
    seen = await watch.observe();
  }
  return seen;
}

function paidOrders(seen: Observation): ObservedOrder[] {
  return seen.orders.filter((order) => order.status === 'paid');
}

/**
 * Paid once, handed to the portal once; a company's order paid once with
 * all its seats held, and its attendees handed off (each on their own).
 */
function purchaseFinished(seen: Observation, journey: Journey): boolean {
  const paid = paidOrders(seen);
  if (paid.length !== 1) return false;
  if (!journey.seats) return seen.enrolments === 1;
  return (
    paid[0]!.seatCount === journey.seats &&
    seen.seatChange === journey.seats &&
    seen.enrolments >= 1
  );
}

/** What a cell measured, for its verdict. */
interface Measured {
  journey: Journey;
  session: BuyerSession;
  watch: Watch;
  /** A My orders row: the look once the fault was over, before the buyer's retry. */
  settled: Observation | undefined;
  after: Observation;
  sawAfter: string | undefined;
  /** Answers slower than the time-out that our side still waited for. */
  waitedPastTimeout: number;
}

function judge(
  world: World,
  { journey, session, watch, settled, after, sawAfter, waitedPastTimeout }: Measured,
): { outcome: Outcome; problems: string[] } {
  const problems: string[] = [];
  const what = journey.objects;
  if (watch.mostPayable > 1) problems.push(`${watch.mostPayable} payable ${what} for one order`);

  const kept = new Set(after.orders.map((order) => order.id));
  for (const id of watch.orderIds) if (!kept.has(id)) problems.push(`order ${id} vanished`);
  for (const order of after.orders) {
    const buyerPaid = after.objects.some((object) => object.orderId === order.id && object.paid);
    if (buyerPaid && CLOSED.includes(order.status) && !order.attention) {
      problems.push(`order ${order.status} although the buyer paid, and nobody told`);
    }
  }

  if (waitedPastTimeout > 0) {
    // The provider was slower than the time-out, and our side waited for it anyway.
    problems.push(`waited past the time-out for ${countOf(waitedPastTimeout, 'answer')}`);
  }
  for (const answer of session.answers.filter((each) => each.status === 500)) {
    problems.push(`our server answered 500 to ${answer.call}`);
  }
  for (const attempt of webhookAttemptsAnswered500(world, after)) {
    problems.push(`our server answered 500 to a webhook (${attempt})`);
  }

  let finished: boolean;
  if (journey.myOrder) {
    problems.push(...myOrderProblems(session, settled!.myOrder!, after.myOrder!));
    finished = myOrderFinished(session, after.myOrder!);
  } else if (journey.purchase) {
    if (paidOrders(after).length > 1) problems.push(`${paidOrders(after).length} orders paid`);
    // One hand-off per seat's holder at most: one for the spec's seat.
    if (after.enrolments > (journey.seats ?? 1)) {
      problems.push(`handed off ${after.enrolments} times`);
    }
    problems.push(...new Set(watch.seatMismatches));
    if (after.handoffsDelivered > after.enrolments) {
      problems.push('hand-off counted as delivered, but the portal never received it');
    }
    finished = purchaseFinished(after, journey);
  } else {
    if (after.contacts > 1) problems.push(`${after.contacts} contacts for one buyer`);
    const retried = sawAfter === contactFoundSays || sawAfter === contactFormSays(200);
    finished = retried && after.contacts === 1;
  }

  // A finished journey may still leave the seller a note; the order's state shows it.
  const flagged = after.orders.some((order) => order.attention !== null);
  const outcome: Outcome = finished ? 'finished' : flagged ? 'flagged' : 'not finished';
  if (outcome === 'not finished') problems.push('not finished after the fault lifted');
  return { outcome, problems };
}

/** The webhook deliveries about the cell's invoices and links that our server answered with 500. */
function webhookAttemptsAnswered500(world: World, after: Observation): string[] {
  const { paypal, zoho } = world.stack.emulators;
  return after.objects.flatMap((object) =>
    [
      ...paypal.webhooks.listAttempts({ invoiceId: object.id }),
      ...zoho.webhooks.listAttempts({ paymentLinkId: object.id }),
    ]
      .filter((attempt) => attempt.statusCode === 500)
      .map((attempt) => `attempt ${attempt.attempt} about ${object.id}`),
  );
}

const NOTHING_SEEN: Observation = {
  orders: [],
  objects: [],
  contacts: 0,
  enrolments: 0,
  handoffsDelivered: 0,
};

/** A cell that could not be run to its end (a set-up step failed, a wait timed out). */
export function brokenCell(journey: Journey, fault: FaultName, error: unknown): CellResult {
  return {
    journey,
    fault,
    saw: [],
    sawAfter: undefined,
    rightAfter: NOTHING_SEEN,
    after: NOTHING_SEEN,
    outcome: 'not finished',
    problems: [`the cell broke off: ${(error as Error).message}`],
  };
}
