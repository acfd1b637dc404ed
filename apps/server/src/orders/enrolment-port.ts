/**
 * What follows an order's payment, move or refund: the hand-off to the
 * courses portal and the enrolment e-mails. enrolment/ implements these; an
 * order writes their rows in its own transaction through them, so each
 * exists exactly when the state does, and orders/ never imports
 * enrolment/ (it sits above).
 *
 * The portal hears of people: the buyer of a single-seat order, or each
 * named seat's holder of a company order, each once (decision 0009).
 */
import type { HandoffBatch } from '@wifi7/contract';
import type { Db } from '../db/client';
import type { OrderRow } from './repository';
import type { SeatRow } from './seats';

export interface PortalHandoffs {
  /**
   * The whole order's people: enrolled (every named, active seat's holder)
   * or taken back (everyone enrolled and not taken back yet), each once.
   * Answers the ids of the messages written now.
   */
  enqueue(
    tx: Db,
    order: OrderRow,
    kind: 'enrollment.created' | 'enrollment.revoked',
  ): Promise<string[]>;
  /** A company order's seat's holder as the row now says is enrolled, once per holder. */
  enqueueSeat(tx: Db, order: OrderRow, seat: SeatRow): Promise<string[]>;
  /** Whoever the portal holds for the seat (enrolled and not taken back) is taken back. */
  revokeSeat(tx: Db, order: OrderRow, seatNumber: number): Promise<string[]>;
  /** Tells the portal its people moved from `from`, once per `moveKey`. */
  enqueueMove(tx: Db, order: OrderRow, from: HandoffBatch, moveKey: string): Promise<string[]>;
  /** Makes the order's undelivered messages due at once; answers their ids, oldest first. */
  dueNow(tx: Db, orderId: string): Promise<string[]>;
  deliverNow(id: string): Promise<boolean>;
  deliverSoon(id: string): void;
}

export interface EnrolmentMails {
  /**
   * The order's enrolment e-mails once paid: the buyer's of a single-seat
   * order; each named attendee's of a company order, and its buyer's
   * summary. Answers the ids written now.
   */
  enqueue(tx: Db, order: OrderRow): Promise<string[]>;
  /** One seat's attendee, named after payment, gets their own confirmation. */
  enqueueSeat(tx: Db, order: OrderRow, seat: SeatRow): Promise<string[]>;
  /** Sends one of the order's messages now; answers whether the mail server took it. */
  deliverNow(id: string): Promise<boolean>;
  deliverSoon(id: string): void;
}
