/**
 * What a seller can do to an order from the back office, one place for the
 * routes to call. Each family of actions lives in its own module:
 *
 *   seller-rail-actions.ts         — resend, cancel, refund: a request to the order's rail.
 *   seller-seat-actions.ts         — mark paid, move to another batch: the order's seat.
 *   seller-attention-actions.ts    — retry the hand-off, dismiss a note.
 *   seller-lost-answer-actions.ts  — attach or reissue after a lost create answer.
 *   seller-action-steps.ts         — what they share: rules, replays, the lease, the audit.
 *
 * Each action goes through the order's rail (never around it), is checked
 * against the same rules the order page shows (seller-rules.ts), and is
 * recorded in the audit log in the transaction that changes the order. Each
 * carries a key the browser made for its confirmation: a request whose key
 * the log already holds for this order is answered without acting again,
 * and actions that talk to a provider hold the order's provider lease, so
 * two tabs clicking "Refund" at once refund once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PortalHandoffs, EnrolmentMails } from '../enrolment-port';
import type { Database } from '../../db/client';
import type { OrderIssuing } from '../issuing';
import type { OrderPlacement } from '../placing';
import type { PaymentRail } from '../rail-port';
import type { OrderRow } from '../repository';
import { SellerActionSteps } from './steps';
import { SellerAttentionActions } from './attention-actions';
import { SellerLostAnswerActions, type LostAnswerParts } from './lost-answer-actions';
import { SellerRailActions } from './rail-actions';
import { SellerSeatActions } from './seat-actions';
import type { OrderSettlement } from '../settlement';

export {
  SellerActionError,
  type ActionRequest,
  type ActionResult,
  type SellerActor,
} from './steps';

export class SellerOrderActions {
  readonly resend: SellerRailActions['resend'];
  readonly cancel: SellerRailActions['cancel'];
  readonly refund: SellerRailActions['refund'];
  readonly markPaid: SellerSeatActions['markPaid'];
  readonly moveBatch: SellerSeatActions['moveBatch'];
  readonly retryHandoff: SellerAttentionActions['retryHandoff'];
  readonly dismissAttention: SellerAttentionActions['dismissAttention'];
  readonly attach: SellerLostAnswerActions['attach'];
  readonly reissue: SellerLostAnswerActions['reissue'];

  constructor(
    db: Database,
    railFor: (order: Pick<OrderRow, 'rail'>) => PaymentRail,
    parts: LostAnswerParts & {
      placement: OrderPlacement;
      issuing: OrderIssuing;
      settlement: OrderSettlement;
      handoffs: PortalHandoffs;
      /** The buyer's enrolment e-mail, for an order the seller marks paid. */
      enrolmentMail?: EnrolmentMails | undefined;
    },
    log: FastifyBaseLogger,
    leaseSeconds: number,
  ) {
    const steps = new SellerActionSteps(db, railFor, parts.settlement, log, leaseSeconds);
    const rail = new SellerRailActions(steps, parts.handoffs);
    const seat = new SellerSeatActions(steps, parts);
    const attention = new SellerAttentionActions(steps, parts.handoffs);
    const lostAnswer = new SellerLostAnswerActions(steps, parts);
    this.resend = rail.resend.bind(rail);
    this.cancel = rail.cancel.bind(rail);
    this.refund = rail.refund.bind(rail);
    this.markPaid = seat.markPaid.bind(seat);
    this.moveBatch = seat.moveBatch.bind(seat);
    this.retryHandoff = attention.retryHandoff.bind(attention);
    this.dismissAttention = attention.dismissAttention.bind(attention);
    this.attach = lostAnswer.attach.bind(lostAnswer);
    this.reissue = lostAnswer.reissue.bind(lostAnswer);
  }
}
