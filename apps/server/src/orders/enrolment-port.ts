/**
 * What follows an order's payment, move or refund: the hand-off to the
 * courses portal and the buyer's enrolment e-mail. enrolment/ implements
 * these; an order writes their rows in its own transaction through them, so
 * each exists exactly when the state does, and orders/ never imports
 * enrolment/ (it sits above).
 */
import type { HandoffBatch } from '@wifi7/contract';
import type { Db } from '../db/client';
import type { OrderRow } from './repository';

export interface PortalHandoffs {
  /** Writes the message once per order and kind; answers its id, or nothing when it exists. */
  enqueue(
    tx: Db,
    order: OrderRow,
    kind: 'enrollment.created' | 'enrollment.revoked',
  ): Promise<string | undefined>;
  /** Tells the portal the student moved from `from`, once per `moveKey`. */
  enqueueMove(
    tx: Db,
    order: OrderRow,
    from: HandoffBatch,
    moveKey: string,
  ): Promise<string | undefined>;
  /** Makes the order's undelivered messages due at once; answers their ids, oldest first. */
  dueNow(tx: Db, orderId: string): Promise<string[]>;
  deliverNow(id: string): Promise<boolean>;
  deliverSoon(id: string): void;
}

export interface EnrolmentMails {
  /** Writes the order's enrolment e-mail; answers its id the first time. */
  enqueue(tx: Db, order: OrderRow): Promise<string | undefined>;
  deliverSoon(id: string): void;
}
