/**
 * What every seller command on an order is made of, one file per command
 * beside this one: find the order, check it against the seller's rules
 * (rules.ts), answer a repeated request from its stored answer
 * (core/request-keys.ts) instead of acting again, hold the order's provider
 * lease while the provider is asked, and record the command in the audit log
 * in the transaction that changes the order. It also carries what the
 * commands are made with: the database, the rails and the order's parts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordBuyerAction, recordSellerAction } from '../../core/audit';
import { enqueueBuyerActionMail } from '../buyer-mail';
import {
  RequestAnsweredMeanwhile,
  storeAnswer,
  storedAnswer,
  updateAnswer,
  type KeyedRequest,
  type StoredAnswer,
} from '../../core/request-keys';
import type { EnrolmentMails, PortalHandoffs } from '../enrolment-port';
import type { OrderIssuing } from '../issuing';
import { acquireProviderLease, whileLeased } from '../leases';
import type { OrderPlacement } from '../placing';
import { RailRefusedError, RailUnavailableError, type PaymentRail } from '../rail-port';
import { findOrder, lockOrder, type OrderRow } from '../repository';
import { orderAttention } from '../attention';
import { orderFacts, sellerRules, type SellerActionName } from './rules';
import type { OrderSettlement } from '../settlement';

/** Who acts on the order: a seller (back office) or its buyer (My orders). */
export interface OrderActor {
  /** From the verified token, never from the request body. */
  email: string;
  role: 'seller' | 'buyer';
}

/** A seller, from the seller's verified token. */
export const sellerActor = (email: string): OrderActor => ({ email, role: 'seller' });

export interface ActionRequest {
  idempotencyKey: string;
  note?: string | undefined;
}

export interface ActionResult {
  /** One line for the seller: what happened. */
  message: string;
  /** The order to show the seller next, when it is another one (a replaced order's successor). */
  orderId?: string;
}

/** A seller's command on one order, as each file beside this one exports it. */
export type OrderAction<Request extends ActionRequest = ActionRequest> = (
  command: OrderCommand,
  orderId: string,
  actor: OrderActor,
  request: Request,
) => Promise<ActionResult>;

/** Refused for a reason the seller can act on; nothing changed. */
export class SellerActionError extends HttpError {}

export const conflict = (message: string) => new SellerActionError(409, message);

/** How long a second request waits for another action on the same order to finish. */
const LEASE_WAIT_MS = 30_000;

/** What a provider's failure means to the seller. */
export function providerFailure(error: unknown, what: string): never {
  if (error instanceof RailRefusedError) {
    throw new SellerActionError(422, `The payment provider refused to ${what}: ${error.code}.`);
  }
  if (error instanceof RailUnavailableError) {
    // "Nothing was done" only when the provider surely did not act: a late or garbled
    // answer may come from a provider that did (a withdrawal that went through after all).
    throw new SellerActionError(
      502,
      error.outcomeUnknown
        ? `The payment provider did not answer in time, so whether it was done is not known yet. Look at the order again in a minute before you try to ${what} again.`
        : `The payment provider is not answering, so nothing was done. Try to ${what} again in a minute.`,
    );
  }
  throw error;
}

/** An order as audited, with what it asks of the seller when the action changed that. */
type Audited = OrderRow & { attention?: string | null };

/** The order's state as the audit log keeps it before and after an action. */
export function auditView(order: Audited, attention: string | null) {
  return {
    status: order.status,
    batchId: order.batchId,
    totalMinor: order.totalMinor,
    currency: order.currency,
    providerReference: order.providerReference,
    attention: order.attention === undefined ? attention : order.attention,
  };
}

/**
 * What one request's key stands for: its order and its action. A seller's
 * and a buyer's keys share the scope: each is made at random per dialog,
 * and a key sent again for another action or order is refused.
 */
function keyed(orderId: string, action: string, request: ActionRequest): KeyedRequest {
  return { scope: 'order-action', key: request.idempotencyKey, action, targetId: orderId };
}

/** What a repeat of the request is answered: the outcome's message, and its refusal if it ended refused. */
function answerOf(outcome: Record<string, unknown> & { message: string }): StoredAnswer {
  const { message, refusedWith } = outcome;
  return typeof refusedWith === 'number' ? { message, refusedWith } : { message };
}

/** The order's parts the commands use. */
export interface CommandParts {
  placement: OrderPlacement;
  issuing: OrderIssuing;
  settlement: OrderSettlement;
  handoffs: PortalHandoffs;
  /** The buyer's enrolment e-mail, for an order the seller marks paid. */
  enrolmentMail?: EnrolmentMails | undefined;
  /** Attaches the invoice or link found at the provider after a lost create answer. */
  attach: (order: OrderRow, reference: string) => Promise<OrderRow>;
  /** Has an order whose create answer was lost issued again. */
  reissue: (order: OrderRow) => Promise<OrderRow>;
  /** Where the buyer's e-mails after their own actions send them. */
  myOrdersUrl: string;
}

/** The buyer's e-mail after their own action, by action; a resend's e-mail comes from the provider. */
const BUYER_MAIL_SUBJECTS: Record<string, string> = {
  'order.cancel': 'Your order is cancelled',
  'order.refund': 'Your order is cancelled and refunded',
  'order.move-batch': 'Your order moved to another batch',
};

/** The shared sequence, with what the commands run on; the order service makes the one instance. */
export class OrderCommand {
  constructor(
    readonly db: Database,
    readonly railFor: (order: Pick<OrderRow, 'rail'>) => PaymentRail,
    readonly parts: CommandParts,
    readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
  ) {}

  async find(orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.db, orderId);
    if (!order) throw new SellerActionError(404, 'No such order.');
    return order;
  }

  /** Runs `work` in one transaction that holds the order's row lock, with the order as locked. */
  locked<T>(orderId: string, work: (tx: Db, current: OrderRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(tx, (await lockOrder(tx, orderId))!));
  }

  /** Refuses with the rule's reason when the order does not allow the action now. */
  async check(name: SellerActionName, order: OrderRow, db: Db = this.db) {
    const facts = await orderFacts(db, order);
    const reason = sellerRules[name](order, facts);
    if (reason) throw conflict(reason);
    return facts;
  }

  /**
   * Runs an action that talks to the provider while holding the order's
   * provider lease: a second request for the same order waits for the first
   * and then finds its key in the log (a double click), or acts on the
   * order as the first left it.
   */
  async withProvider(
    orderId: string,
    action: string,
    actor: OrderActor,
    request: ActionRequest,
    work: (order: OrderRow) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return this.once(orderId, action, request, async (first) => {
      await this.acquireLease(first.id);
      return whileLeased(this.db, first.id, this.leaseSeconds, async () => {
        const again = await this.replayed(first.id, action, request);
        if (again) return again;
        const current = (await findOrder(this.db, first.id))!;
        this.log.info({ order: current.id, action, role: actor.role }, 'order action');
        return work(current);
      });
    });
  }

  /**
   * Runs an action on the order unless this request was answered already;
   * a twin that answered first while this one acted wins, and this one's
   * transaction is undone.
   */
  async once(
    orderId: string,
    action: string,
    request: ActionRequest,
    work: (order: OrderRow) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    const order = await this.find(orderId);
    try {
      return (await this.replayed(order.id, action, request)) ?? (await work(order));
    } catch (error) {
      if (!(error instanceof RequestAnsweredMeanwhile)) throw error;
      return (await this.replayed(order.id, action, request))!;
    }
  }

  private async acquireLease(orderId: string): Promise<void> {
    const deadline = Date.now() + LEASE_WAIT_MS;
    while (!(await acquireProviderLease(this.db, orderId, this.leaseSeconds))) {
      if (Date.now() > deadline) {
        throw conflict('Another action on this order is still under way. Try again in a minute.');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The answer to an earlier request with the same key for this order and action. */
  async replayed(
    orderId: string,
    action: string,
    request: ActionRequest,
    db: Db = this.db,
  ): Promise<ActionResult | undefined> {
    const answer = await storedAnswer(db, keyed(orderId, action, request));
    if (!answer) return undefined;
    // An action that ended refused answers its repeats as it answered the first request.
    if (answer.refusedWith !== undefined) {
      throw new SellerActionError(answer.refusedWith, answer.message);
    }
    return { message: answer.message };
  }

  /**
   * Rewrites what the audit log says came of a request, once its outcome is
   * known: an action whose row is written in the transaction that starts it
   * (before the provider or the portal answers) must not keep claiming what
   * did not happen, nor its stored answer. `dropped` names fields of the
   * first record that no longer hold.
   */
  async recordOutcome(
    orderId: string,
    action: string,
    request: ActionRequest,
    outcome: Record<string, unknown> & { message: string },
    dropped: string[] = [],
  ): Promise<void> {
    const kept = dropped.reduce(
      (after, field) => sql`(${after} - ${field}::text)`,
      sql`coalesce(${auditLog.after}, '{}'::jsonb)`,
    );
    const auditId = await updateAnswer(this.db, keyed(orderId, action, request), answerOf(outcome));
    if (!auditId) return;
    await this.db
      .update(auditLog)
      .set({ after: sql`${kept} || ${JSON.stringify(outcome)}::jsonb` })
      .where(eq(auditLog.id, auditId));
  }

  /** Records the action with the order before and after it; `db` is the transaction that changed it. */
  async audit(
    db: Db,
    actor: OrderActor,
    action: string,
    before: Audited,
    after: Audited | Record<string, unknown>,
    request: ActionRequest,
    outcome: Record<string, unknown> & { message: string },
  ): Promise<void> {
    const attention = await orderAttention(db, before.id);
    const afterView = 'firebaseUid' in after ? auditView(after as Audited, attention) : after;
    const entry = {
      action,
      targetId: before.id,
      before: auditView(before, attention),
      after: { ...afterView, ...outcome, requestKey: request.idempotencyKey },
      note: request.note || null,
    };
    const auditId =
      actor.role === 'buyer'
        ? await recordBuyerAction(db, { ...entry, buyerEmail: actor.email })
        : await recordSellerAction(db, { ...entry, sellerEmail: actor.email, targetType: 'order' });
    const subject = BUYER_MAIL_SUBJECTS[action];
    if (actor.role === 'buyer' && subject && outcome.refusedWith === undefined) {
      const order = 'firebaseUid' in after ? (after as OrderRow) : before;
      await enqueueBuyerActionMail(db, {
        order,
        subject,
        outcome: outcome.message,
        requestKey: request.idempotencyKey,
        myOrdersUrl: this.parts.myOrdersUrl,
      });
    }
    await storeAnswer(
      db,
      { ...keyed(before.id, action, request), actorEmail: actor.email },
      answerOf(outcome),
      auditId,
    );
  }
}
