/**
 * Placing an order: one transaction that reuses the buyer's open order when
 * nothing changed (double click, retry) or replaces it when something did;
 * a new order takes its seat and code use and is priced on the server, in
 * its rail's currency, before any provider is called.
 */
import {
  groupPrice,
  volumePercentFor,
  type Attendee,
  type BillingSnapshot,
  type GroupCheckout,
} from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import type { DiscountCode } from '../catalog/discounts';
import { currentBuyerPolicy } from '../catalog/buyer-policy';
import { currentGroupSales } from '../catalog/group-sales';
import { quote } from '../catalog/pricing';
import { findBatch } from '../catalog/repository';
import {
  AlreadyPurchasedError,
  AttendeeHoldsSeatError,
  BatchUnavailableError,
  DiscountNotApplicableError,
  TooManySeatsError,
} from './errors';
import { isUniqueViolation } from '../db/unique-violation';
import { checkUnpaidHolds, holdEndFor, type ClientOrigin } from './hold-rules';
import { releaseHolds, takeDiscountUse, takeSeat } from '../inventory/holds';
import { convertPlace, lockLiveOffer } from '../inventory/waitlist/places';
import { invoiceNumberFor, newOrderId } from './ids';
import { insertSeats, paidSeatHolders, renameUnpaidSeats } from './seats';
import { RAIL_CURRENCY, type RailName } from './rail-port';
import {
  findPaidOrder,
  insertOrder,
  lockOpenOrder,
  recordOrderEvent,
  scheduleCheck,
  transition,
  type OrderRow,
} from './repository';

export interface PlaceOrderInput {
  uid: string;
  email: string;
  rail: RailName;
  workshopSku: string;
  batchId: string;
  /** Normalised where the request came in. */
  discountCode: DiscountCode | null;
  billing: BillingSnapshot;
  /** A company purchase: its seats and who holds them. Without it, one seat for the buyer. */
  group?: GroupCheckout | undefined;
  /** Where the checkout came from; none when a seller moves an order (it keeps the replaced one's). */
  client?: ClientOrigin | undefined;
}

export interface PlacedOrder {
  order: OrderRow;
  reused: boolean;
}

/** How a placement that replaces an open order is told apart (a seller moving it, say). */
export interface PlacementOptions {
  /** Why the open order it replaces is closed. */
  replaceReason?: string;
  /**
   * The new order keeps the buyer policy of the open order it replaces
   * instead of taking the current one: moving an order (by the seller or
   * its buyer) does not change the terms the buyer accepted.
   */
  keepReplacedPolicy?: boolean;
  /** Runs in the placement's transaction once the order is placed (an audit record). */
  within?: (tx: Db, placed: PlacedOrder, replaced: OrderRow | undefined) => Promise<void>;
}

/**
 * If the request dies before or while issuing, the reconciler picks the
 * order up after this (a live request holds the provider lease, so the
 * reconciler leaves it alone).
 */
const FIRST_CHECK_MS = 15_000;

export class OrderPlacement {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /** Unpaid seats of one batch that one client network may hold. */
    private readonly unpaidHoldsPerNetwork: number,
  ) {}

  async place(input: PlaceOrderInput, options: PlacementOptions = {}): Promise<PlacedOrder> {
    // A company buys again for others; one's own seat is bought once.
    if (!input.group && (await findPaidOrder(this.db, input.email, input.workshopSku)))
      throw new AlreadyPurchasedError();
    try {
      return await this.placeOnce(input, options);
    } catch (error) {
      // Two requests raced to create the open order: the loser reuses the winner's.
      if (isUniqueViolation(error, 'orders_one_open_per_buyer'))
        return this.placeOnce(input, options);
      if (isUniqueViolation(error, 'orders_one_paid_per_buyer')) throw new AlreadyPurchasedError();
      throw error;
    }
  }

  private placeOnce(input: PlaceOrderInput, options: PlacementOptions): Promise<PlacedOrder> {
    return this.db.transaction(async (tx) => {
      await queueBuyersPlacements(tx, input);
      // Then the network's count: always in this order, so placements never deadlock.
      const { client } = input;
      if (client) {
        await checkUnpaidHolds(tx, { ...input, client }, this.unpaidHoldsPerNetwork);
      }
      const open = await lockOpenOrder(tx, input.email, input.workshopSku, isGroup(input));
      if (open && sameRequest(open, input)) {
        // Who attends is not on the invoice: an unpaid order takes the new names as they are.
        await renameUnpaidSeats(tx, open.id, attendeesOf(input));
        const reused = { order: open, reused: true };
        await options.within?.(tx, reused, undefined);
        return reused;
      }
      if (open) {
        // A changed batch, code or billing: withdraw the old invoice or link, then start afresh.
        await transition(
          tx,
          open,
          'cancelled',
          options.replaceReason ?? 'replaced by a changed checkout',
          { providerCancelPending: open.providerReference !== null, nextCheckAt: new Date() },
        );
        await releaseHolds(tx, open);
      }
      const order = await this.insertNew(tx, input, open, options);
      this.log.info(
        { order: order.id, rail: input.rail, totalMinor: order.totalMinor },
        'order placed',
      );
      const placed = { order, reused: false };
      await options.within?.(tx, placed, open);
      return placed;
    });
  }

  private async insertNew(
    tx: Db,
    input: PlaceOrderInput,
    replaced: OrderRow | undefined,
    options: PlacementOptions,
  ): Promise<OrderRow> {
    const batch = await findBatch(tx, input.batchId);
    if (!batch || batch.workshopSku !== input.workshopSku) throw new BatchUnavailableError();

    const priced = await quote(tx, {
      productSkus: [input.workshopSku],
      currency: RAIL_CURRENCY[input.rail],
      discountCode: input.discountCode,
    });
    if (priced.discount && !priced.discount.applies) {
      throw new DiscountNotApplicableError(priced.discount.message);
    }
    const line = priced.lines[0]!;
    const code = priced.discount?.applies && line.discountPercent > 0 ? priced.discount.code : null;
    const attendees = attendeesOf(input);
    const seats = attendees.length;
    const settings = await currentGroupSales(tx);
    if (input.group && seats > settings.maxSeatsPerOrder)
      throw new TooManySeatsError(settings.maxSeatsPerOrder);
    const named = attendees.flatMap((attendee) => (attendee ? [attendee.email] : []));
    const holders = input.group ? await paidSeatHolders(tx, input.workshopSku, named) : [];
    if (holders.length > 0) throw new AttendeeHoldsSeatError(holders);
    const price = groupPrice({
      unitMinor: line.listPriceMinor,
      seats,
      codePercent: line.discountPercent,
      volumePercent: input.group ? volumePercentFor(settings.volumeTiers, seats) : 0,
    });

    // A seat the batch's waitlist holds for this buyer is theirs: no second one is taken for it.
    const held =
      batch.status === 'open' ? await lockLiveOffer(tx, input.email, batch.id) : undefined;
    if (!(await takeSeat(tx, input.batchId, { count: held ? seats - 1 : seats })))
      throw new BatchUnavailableError();
    if (code && !(await takeDiscountUse(tx, code))) {
      throw new DiscountNotApplicableError(
        'This discount code has already been used the maximum number of times.',
      );
    }

    const id = newOrderId();
    const now = Date.now();
    const order = await insertOrder(tx, {
      id,
      email: input.email,
      firebaseUid: input.uid,
      rail: input.rail,
      status: 'pending',
      workshopSku: input.workshopSku,
      workshopName: line.productName,
      batchId: batch.id,
      batchDescription: batch.description,
      currency: line.currency,
      groupOrder: isGroup(input),
      seatCount: seats,
      unitPriceMinor: line.listPriceMinor,
      volumeDiscountPercent: price.volumePercent,
      invoiceEmail: input.group?.invoiceEmail ?? null,
      subtotalMinor: price.subtotalMinor,
      discountMinor: price.discountMinor,
      totalMinor: price.totalMinor,
      discountCode: code,
      discountPercent: line.discountPercent,
      billing: input.billing,
      holdExpiresAt: await holdEndFor(tx, input.workshopSku, replaced, now),
      clientAddress: input.client?.address ?? replaced?.clientAddress ?? null,
      clientNetwork: input.client?.network ?? replaced?.clientNetwork ?? null,
      invoiceNumber: input.rail === 'paypal_invoice' ? invoiceNumberFor(id) : null,
      // The terms the checkout page showed, read in this transaction: a later change leaves them.
      buyerPolicy:
        options.keepReplacedPolicy && replaced
          ? replaced.buyerPolicy
          : await currentBuyerPolicy(tx),
    });
    await insertSeats(tx, order.id, attendees);
    await scheduleCheck(tx, order.id, new Date(now + FIRST_CHECK_MS));
    await recordOrderEvent(tx, order, 'order placed');
    // The buyer's place in this batch's line (offered or still waiting) is done with.
    await convertPlace(tx, input.email, batch.id, order.id);
    return order;
  }
}

/**
 * One buyer's placements for one workshop wait for each other (until the
 * transaction ends): racing requests (two tabs, a resubmit with changed
 * details) would otherwise lock the open order, the seat and the code in
 * different orders and deadlock, or race to insert the one open order.
 */
async function queueBuyersPlacements(
  tx: Db,
  input: Pick<PlaceOrderInput, 'email' | 'workshopSku' | 'group'>,
): Promise<void> {
  const key = `order:${input.email}:${input.workshopSku}${isGroup(input) ? ':group' : ''}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const isGroup = (input: Pick<PlaceOrderInput, 'group'>) => input.group !== undefined;

/** Who holds each seat: the checkout's list, or the buyer alone (the spec's one seat). */
function attendeesOf(input: PlaceOrderInput): (Attendee | null)[] {
  if (input.group) return input.group.attendees;
  const { firstName, lastName } = input.billing;
  return [{ email: input.email, firstName, lastName }];
}

function sameRequest(order: OrderRow, input: PlaceOrderInput): boolean {
  return (
    order.rail === input.rail &&
    order.groupOrder === isGroup(input) &&
    order.seatCount === (input.group?.seats ?? 1) &&
    (order.invoiceEmail ?? null) === (input.group?.invoiceEmail ?? null) &&
    order.batchId === input.batchId &&
    (order.discountCode ?? null) === input.discountCode &&
    sameBilling(order.billing, input.billing)
  );
}

function sameBilling(a: BillingSnapshot, b: BillingSnapshot): boolean {
  const keys: (keyof BillingSnapshot)[] = [
    'firstName',
    'lastName',
    'country',
    'isoCode',
    'state',
    'city',
    'zipcode',
    'address',
    // The invoice's business name and tax id: a change makes a new invoice.
    'company',
    'taxId',
  ];
  return keys.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
