/**
 * Who holds one seat of a company order: the buyer names, renames or opens
 * it (My orders), or a person takes it through its invite link. One path
 * for both, under the order's lock, idempotent by the request's key and
 * audited with whoever acted. On a paid order the portal hears of the
 * people: the seat's old holder is taken back, the new one enrolled with
 * their own confirmation; on an unpaid one only the row changes (everyone
 * is handed off when it is paid).
 */
import type { Attendee } from '@wifi7/contract';
import { and, eq, sql } from 'drizzle-orm';
import { findBatch } from '../../catalog/repository';
import { currentGroupSales } from '../../catalog/group-sales';
import type { Db } from '../../db/client';
import { orderSeats } from '../../db/schema';
import { recordOrderEvent, type OrderRow } from '../repository';
import { namesUntil, seatNamingRefusal } from '../seat-rules';
import { findSeats, newInviteCode, paidSeatHolders, type SeatRow } from '../seats';
import {
  conflict,
  SellerActionError,
  type ActionResult,
  type OrderActor,
  type OrderCommand,
} from './command';

export interface SeatNaming {
  /** The person who holds the seat from now on, or null to open it. */
  attendee: Attendee | null;
  idempotencyKey: string;
}

export const SEAT_NAME_ACTION = 'order.seat-name';

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/**
 * Names or opens the seat. `inviteCode`: the person took it through this
 * invite, which must still be the seat's (a used one is refused).
 */
export async function nameSeat(
  command: OrderCommand,
  orderId: string,
  seatId: string,
  actor: OrderActor,
  request: SeatNaming,
  inviteCode?: string,
): Promise<ActionResult> {
  let handoffIds: string[] = [];
  let mailIds: string[] = [];
  const result = await command.once(orderId, SEAT_NAME_ACTION, request, () =>
    command.locked(orderId, async (tx, current) => {
      const replay = await command.replayed(orderId, SEAT_NAME_ACTION, request, tx);
      if (replay) return replay;
      const seats = await findSeats(tx, current.id);
      const seat = seats.find((each) => each.id === seatId);
      if (!seat) throw new SellerActionError(404, 'No such seat.');
      if (inviteCode !== undefined && seat.inviteCode !== inviteCode)
        throw conflict('This invite was used already: ask whoever sent it for a new one.');
      const batch = await findBatch(tx, current.batchId);
      const until = namesUntil(batch!, await currentGroupSales(tx));
      const refusal = seatNamingRefusal(current, seat, until, new Date());
      if (refusal) throw conflict(refusal);
      const { attendee } = request;
      if (attendee) await checkNamable(tx, current, seats, seat, attendee);

      // A new person is the seat's next holder; the same address with a corrected name is not.
      const newPerson = attendee !== null && attendee.email !== seat.attendeeEmail;
      const [named] = await tx
        .update(orderSeats)
        .set(
          attendee
            ? {
                attendeeEmail: attendee.email,
                attendeeFirstName: attendee.firstName,
                attendeeLastName: attendee.lastName,
                holder: newPerson ? seat.holder + 1 : seat.holder,
                inviteCode: null,
                updatedAt: sql`now()`,
              }
            : {
                attendeeEmail: null,
                attendeeFirstName: null,
                attendeeLastName: null,
                inviteCode: newInviteCode(),
                updatedAt: sql`now()`,
              },
        )
        .where(and(eq(orderSeats.id, seat.id), eq(orderSeats.orderId, current.id)))
        .returning();

      const paid = current.status === 'paid';
      const handOff = paid && (newPerson || attendee === null);
      if (handOff) {
        handoffIds = await command.parts.handoffs.revokeSeat(tx, current, seat.number);
        if (attendee) {
          handoffIds.push(...(await command.parts.handoffs.enqueueSeat(tx, current, named!)));
          mailIds = (await command.parts.enrolmentMail?.enqueueSeat(tx, current, named!)) ?? [];
        }
      }
      await recordOrderEvent(
        tx,
        current,
        attendee ? `seat ${seat.number} named for ${attendee.email}` : `seat ${seat.number} opened`,
      );
      const message = messageOf(seat, attendee, paid, inviteCode !== undefined, current);
      await command.audit(
        tx,
        actor,
        SEAT_NAME_ACTION,
        current,
        { seat: seat.number, attendee: attendee?.email ?? null, holder: named!.holder },
        request,
        { message, before: seat.attendeeEmail },
      );
      return { message };
    }),
  );
  for (const id of handoffIds) command.parts.handoffs.deliverSoon(id);
  for (const id of mailIds) command.parts.enrolmentMail?.deliverSoon(id);
  return result;
}

/** One person holds one seat of a workshop: refused with who, when they already do. */
async function checkNamable(
  tx: Db,
  order: OrderRow,
  seats: SeatRow[],
  seat: SeatRow,
  attendee: Attendee,
): Promise<void> {
  const elsewhere = seats.find(
    (each) =>
      each.id !== seat.id && each.state === 'active' && each.attendeeEmail === attendee.email,
  );
  if (elsewhere)
    throw conflict(`${attendee.email} already holds seat ${elsewhere.number} of this order.`);
  if (attendee.email === seat.attendeeEmail) return;
  const [holds] = await paidSeatHolders(tx, order.workshopSku, [attendee.email]);
  if (holds)
    throw conflict(`${attendee.email} already holds a paid seat of ${order.workshopName}.`);
}

function messageOf(
  seat: SeatRow,
  attendee: Attendee | null,
  paid: boolean,
  byInvite: boolean,
  order: OrderRow,
): string {
  if (!attendee) {
    const before = seat.attendeeEmail
      ? ` ${seat.attendeeFirstName} ${seat.attendeeLastName} no longer holds it${paid ? ' and is taken off the course' : ''}.`
      : '';
    return `Seat ${seat.number} is open: send its invite link to whoever attends.${before}`;
  }
  if (byInvite)
    return paid
      ? `The seat in ${order.workshopName} is yours: you are being enrolled at the courses portal, and your confirmation is on its way.`
      : `The seat in ${order.workshopName} is yours: you are enrolled once the order is paid.`;
  if (attendee.email === seat.attendeeEmail)
    return `Seat ${seat.number} is held by ${nameOf(attendee)}.`;
  const replaced = seat.attendeeEmail
    ? ` in place of ${seat.attendeeFirstName} ${seat.attendeeLastName}${paid ? ', who is taken off the course' : ''}`
    : '';
  return paid
    ? `${nameOf(attendee)} holds seat ${seat.number}${replaced}, is being enrolled at the courses portal and gets their own confirmation.`
    : `${nameOf(attendee)} holds seat ${seat.number}${replaced}; they are enrolled once the order is paid.`;
}
