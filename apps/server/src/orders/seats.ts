/**
 * An order's seats as rows: who attends each, or its invite code while it
 * is open. Written when the order is placed; the people on an unpaid order
 * may be rewritten by a repeated checkout. Changes after that (a buyer
 * naming or swapping an attendee, a seller giving one seat back) go
 * through their commands, which hand each holder to the portal.
 */
import { randomBytes } from 'node:crypto';
import type { Attendee, GroupCheckout } from '@wifi7/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderSeats, orders, portalHandoffs } from '../db/schema';

export type SeatRow = typeof orderSeats.$inferSelect;

/** A seat's id: its order's and its number, so it reads as what it is. */
export const seatIdOf = (orderId: string, number: number) => `${orderId}-${number}`;

/** An invite link's secret: 128 random bits, URL-safe. */
export const newInviteCode = () => randomBytes(16).toString('base64url');

function holderOf(attendee: Attendee | null) {
  return attendee
    ? {
        attendeeEmail: attendee.email,
        attendeeFirstName: attendee.firstName,
        attendeeLastName: attendee.lastName,
        holder: 1,
        inviteCode: null,
      }
    : {
        attendeeEmail: null,
        attendeeFirstName: null,
        attendeeLastName: null,
        holder: 0,
        inviteCode: newInviteCode(),
      };
}

/** One row per seat of a new order, in the checkout's order: a person, or open with an invite. */
export async function insertSeats(
  db: Db,
  orderId: string,
  attendees: readonly (Attendee | null)[],
): Promise<void> {
  await db.insert(orderSeats).values(
    attendees.map((attendee, index) => ({
      id: seatIdOf(orderId, index + 1),
      orderId,
      number: index + 1,
      ...holderOf(attendee),
    })),
  );
}

/**
 * A repeated checkout of an unpaid order with other people: its seats say
 * who now. Nobody was handed off yet, so nothing else changes; a seat that
 * keeps its person keeps its row as it was.
 */
export async function renameUnpaidSeats(
  db: Db,
  orderId: string,
  attendees: readonly (Attendee | null)[],
): Promise<void> {
  const seats = await findSeats(db, orderId);
  for (const seat of seats) {
    const attendee = attendees[seat.number - 1] ?? null;
    if (sameHolder(seat, attendee)) continue;
    await db
      .update(orderSeats)
      .set({ ...holderOf(attendee), updatedAt: sql`now()` })
      .where(eq(orderSeats.id, seat.id));
  }
}

export function sameHolder(seat: SeatRow, attendee: Attendee | null): boolean {
  if (!attendee) return seat.attendeeEmail === null;
  return (
    seat.attendeeEmail === attendee.email &&
    seat.attendeeFirstName === attendee.firstName &&
    seat.attendeeLastName === attendee.lastName
  );
}

export function findSeats(db: Db, orderId: string): Promise<SeatRow[]> {
  return db
    .select()
    .from(orderSeats)
    .where(eq(orderSeats.orderId, orderId))
    .orderBy(asc(orderSeats.number));
}

/**
 * Which of these addresses already hold a paid seat of the workshop: their
 * own paid order, or a named, active seat of a paid company order.
 */
export async function paidSeatHolders(
  db: Db,
  workshopSku: string,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: orderSeats.attendeeEmail })
    .from(orderSeats)
    .innerJoin(orders, eq(orders.id, orderSeats.orderId))
    .where(
      and(
        eq(orders.workshopSku, workshopSku),
        eq(orders.status, 'paid'),
        eq(orderSeats.state, 'active'),
        isNotNull(orderSeats.attendeeEmail),
        inArray(orderSeats.attendeeEmail, [...emails]),
      ),
    );
  return [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))];
}

/** A company order's checkout as it stands: what a move places again in the new batch. */
export async function groupCheckoutOf(
  db: Db,
  order: { id: string; seatCount: number; invoiceEmail: string | null },
): Promise<GroupCheckout> {
  const seats = await findSeats(db, order.id);
  return {
    seats: order.seatCount,
    attendees: seats.map((seat) =>
      seat.attendeeEmail
        ? {
            email: seat.attendeeEmail,
            firstName: seat.attendeeFirstName!,
            lastName: seat.attendeeLastName!,
          }
        : null,
    ),
    ...(order.invoiceEmail ? { invoiceEmail: order.invoiceEmail } : {}),
  };
}

/**
 * A company order's hand-off for one seat's holder: the seat and how many
 * people held it before, so each person is enrolled and revoked once.
 */
export const seatHandoffKey = (seat: Pick<SeatRow, 'number' | 'holder'>) =>
  `seat-${seat.number}-${seat.holder}`;

/** The seat a hand-off key names, e.g. 2 for `seat-2-1`. */
export const seatNumberOfKey = (key: string) => Number(/^seat-(\d+)-\d+$/.exec(key)?.[1] ?? NaN);

/** A named, active seat: its holder attends. */
export const attends = (seat: SeatRow) => seat.state === 'active' && seat.attendeeEmail !== null;

/** A seat's attendee in the contract's words, or null while it is open. */
export function attendeeOf(seat: SeatRow): Attendee | null {
  return seat.attendeeEmail
    ? {
        email: seat.attendeeEmail,
        firstName: seat.attendeeFirstName!,
        lastName: seat.attendeeLastName!,
      }
    : null;
}

/**
 * The order's hand-offs of people: each key (`seat-<n>-<holder>`, or '' for
 * a single-seat order's buyer) with whether the portal was told to enrol
 * them and whether it was told to take them back since.
 */
export async function handedOff(
  db: Db,
  orderId: string,
): Promise<
  Map<string, { created: boolean; revoked: boolean; delivered: boolean; failing: boolean }>
> {
  const rows = await db
    .select({
      kind: portalHandoffs.kind,
      key: portalHandoffs.dedupeKey,
      deliveredAt: portalHandoffs.deliveredAt,
      attempts: portalHandoffs.attempts,
    })
    .from(portalHandoffs)
    .where(
      and(
        eq(portalHandoffs.orderId, orderId),
        inArray(portalHandoffs.kind, ['enrollment.created', 'enrollment.revoked']),
      ),
    );
  const people = new Map<
    string,
    { created: boolean; revoked: boolean; delivered: boolean; failing: boolean }
  >();
  for (const row of rows) {
    const person = people.get(row.key) ?? {
      created: false,
      revoked: false,
      delivered: true,
      failing: false,
    };
    if (row.kind === 'enrollment.created') person.created = true;
    else person.revoked = true;
    if (!row.deliveredAt) person.delivered = false;
    if (!row.deliveredAt && row.attempts > 0) person.failing = true;
    people.set(row.key, person);
  }
  return people;
}
