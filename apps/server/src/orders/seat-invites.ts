/**
 * An open seat's invite link: its code finds the seat; whoever is signed in
 * sees what it is for and takes it, through the same command as a buyer
 * naming the seat (commands/name-seat.ts), with themselves as the actor.
 */
import type { SeatInviteClaimRequest, SeatInviteResponse } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { findBatch } from '../catalog/repository';
import { currentGroupSales } from '../catalog/group-sales';
import type { Db } from '../db/client';
import { orderSeats } from '../db/schema';
import { SellerActionError, type ActionResult, type OrderCommand } from './commands/command';
import { nameSeat } from './commands/name-seat';
import { findOrder } from './repository';
import { namesUntil, seatNamingRefusal } from './seat-rules';

const unknownInvite = () =>
  new SellerActionError(
    404,
    'No such invite: the link may be mistyped, or its seat was taken or given to someone else.',
  );

async function seatOfInvite(db: Db, code: string) {
  const [seat] = await db.select().from(orderSeats).where(eq(orderSeats.inviteCode, code));
  return seat;
}

/** What the invite is for, and whether it can be taken now. */
export async function describeInvite(db: Db, code: string, now: Date): Promise<SeatInviteResponse> {
  const seat = await seatOfInvite(db, code);
  const order = seat && (await findOrder(db, seat.orderId));
  const batch = order && (await findBatch(db, order.batchId));
  if (!seat || !order || !batch) throw unknownInvite();
  const until = namesUntil(batch, await currentGroupSales(db));
  const state = seat.attendeeEmail
    ? 'taken'
    : seatNamingRefusal(order, seat, until, now)
      ? 'closed'
      : 'open';
  return {
    workshopName: order.workshopName,
    batchDescription: order.batchDescription,
    from: order.billing.company || `${order.billing.firstName} ${order.billing.lastName}`,
    state,
  };
}

/** The invite's seat is named for the signed-in address; the code is then used up. */
export async function claimInvite(
  command: OrderCommand,
  code: string,
  email: string,
  request: SeatInviteClaimRequest,
): Promise<ActionResult> {
  const seat = await seatOfInvite(command.db, code);
  if (!seat) throw unknownInvite();
  return nameSeat(
    command,
    seat.orderId,
    seat.id,
    { email, role: 'buyer' },
    {
      attendee: { email, firstName: request.firstName, lastName: request.lastName },
      // One claim per invite: a repeat of it finds the first answer.
      idempotencyKey: `invite-${code}`,
    },
    code,
  );
}
