/**
 * One order's whole story, oldest first, merged from every table that
 * records a part of it: its state changes, the calls made to its payment
 * provider and their answers, the e-mails we queued and sent, the webhooks
 * received (each verified before it was stored; refused deliveries are
 * counted per hour, not per order, and show in "Needs attention"), the
 * payment, the hand-offs to the courses portal with every attempt, and the
 * seller's own actions.
 */
import type { OrderTimelineEntry } from '@wifi7/contract';
import { asc, eq, inArray, and } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { HandoffKind, HandoffPayload } from '../../../enrolment/portal-payload';
import { MAIL_JOB } from '../../../core/mail/outbox';
import {
  handoffAttempts,
  jobs,
  mailOutbox,
  orderEvents,
  paymentEvents,
  portalHandoffs,
  providerCalls,
  auditLog,
} from '../../../db/schema';
import { failedDetails, failedMailWords } from '../../../orders/notes';
import type { PaidOrderRecord } from './queries';
import {
  noteTitle,
  paymentWords,
  providerCallTitle,
  providerCallWords,
  reasonWords,
  stateWords,
  webhookWords,
} from './timeline-words';

/** A company order's hand-off names its person (a seat's holder); the buyer's needs no name. */
function personOf(handoff: typeof portalHandoffs.$inferSelect): string {
  const { student, seat } = handoff.payload as HandoffPayload;
  return seat ? ` ${student.email} (seat ${seat.number})` : '';
}

/** What each hand-off asks of the courses portal, in the seller's words. */
const HANDOFF_VERB: Record<HandoffKind, string> = {
  'enrollment.created': 'enrol',
  'enrollment.revoked': 'un-enrol',
  'enrollment.moved': 'move to another batch',
};

/** Enough for any real order; a runaway loop of retries cannot make the page unbounded. */
const PER_SOURCE = 500;

const SELLER_ACTIONS: Record<string, string> = {
  'order.resend': 'Sent the invoice or link again',
  'order.mark-paid': 'Marked paid outside the rails',
  'order.cancel': 'Cancelled the order',
  'order.refund': 'Refunded',
  'order.move-batch': 'Moved to another batch',
  'order.retry-handoff': 'Retried the hand-off',
  'order.dismiss-attention': 'Dismissed what the order asked',
  'order.attach': 'Attached the invoice or link found at the provider',
  'order.reissue': 'Asked for a new invoice or link',
  'order.resend-mail': 'Sent the failed e-mail again',
  'order.seat-refund': 'Refunded one seat',
  'order.seat-cancel': 'Cancelled one seat',
};

/** What the buyer did on their own order (My orders). */
const BUYER_ACTIONS: Record<string, string> = {
  'order.resend': 'The buyer had the invoice or link sent again',
  'order.cancel': 'The buyer cancelled the order',
  'order.refund': 'The buyer cancelled the order for a refund',
  'order.move-batch': 'The buyer moved to another batch',
  'order.seat-name': 'Who holds a seat changed',
};

/** An action logged as it started and refused once its outcome was known. */
const REFUSED_ACTIONS: Record<string, string> = {
  'order.move-batch': 'Not moved to another batch',
  'order.resend-mail': 'Sent the failed e-mail again: refused again',
};

export async function orderTimeline(db: Db, order: PaidOrderRecord): Promise<OrderTimelineEntry[]> {
  /** A table's rows of this order, oldest first (Drizzle types `from` for one table only). */
  const ofOrder = <T extends typeof orderEvents | typeof providerCalls | typeof paymentEvents>(
    table: T,
  ): Promise<T['$inferSelect'][]> =>
    db
      .select()
      .from(table as typeof orderEvents)
      .where(eq(table.orderId, order.id))
      .orderBy(asc(table.id))
      .limit(PER_SOURCE);
  const [events, calls, mails, webhooks, handoffs, audit] = await Promise.all([
    ofOrder(orderEvents),
    ofOrder(providerCalls),
    db
      .select({
        kind: mailOutbox.kind,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        sentAt: mailOutbox.sentAt,
        failedAt: mailOutbox.failedAt,
        failure: mailOutbox.failure,
        failureKind: mailOutbox.failureKind,
        createdAt: mailOutbox.createdAt,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
      })
      .from(mailOutbox)
      .leftJoin(jobs, and(eq(jobs.kind, MAIL_JOB), eq(jobs.key, mailOutbox.id)))
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(PER_SOURCE),
    ofOrder(paymentEvents),
    db.select().from(portalHandoffs).where(eq(portalHandoffs.orderId, order.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, order.id)))
      .orderBy(asc(auditLog.id))
      .limit(PER_SOURCE),
  ]);
  const handoffIds = handoffs.map((handoff) => handoff.id);
  const attempts =
    handoffIds.length === 0
      ? []
      : await db
          .select()
          .from(handoffAttempts)
          .where(inArray(handoffAttempts.handoffId, handoffIds))
          .orderBy(asc(handoffAttempts.id))
          .limit(PER_SOURCE);

  const entries: OrderTimelineEntry[] = [];
  const add = (
    entry: Omit<OrderTimelineEntry, 'actor' | 'at'> & { at: Date; actor?: string | null },
  ) =>
    entries.push({
      ...entry,
      at: entry.at.toISOString(),
      actor: entry.actor ?? null,
    });

  // The payment shows where the order became paid, just before that state change.
  const paidEvent = events.find((event) => event.toStatus === 'paid');
  if (order.paidAt && order.paymentReferences.length > 0) {
    add({
      at: paidEvent?.createdAt ?? order.paidAt,
      kind: 'payment',
      title: 'Payment received',
      detail: paymentWords(order),
      tone: 'ok',
    });
  }
  for (const event of events) {
    const changed = event.fromStatus !== event.toStatus;
    const placed = event.reason === 'order placed';
    add({
      at: event.createdAt,
      kind: 'state',
      title: placed
        ? 'Order placed'
        : changed
          ? stateWords(event.toStatus)
          : noteTitle(event.reason),
      detail: placed ? null : reasonWords(event.reason, event.toStatus, changed),
      tone: stateTone(event.toStatus, changed),
    });
  }
  for (const call of calls) {
    add({
      at: call.createdAt,
      kind: 'provider-call',
      title: providerCallTitle(call.rail, call.operation),
      detail: providerCallWords(call),
      tone: call.outcome === 'ok' ? 'ok' : call.outcome === 'paid-at-provider' ? 'info' : 'failed',
    });
  }
  for (const mail of mails) {
    const to = mail.to.join(', ');
    if (mail.failedAt) {
      // Never sent: in words, with the mail server's answer.
      add({
        at: mail.failedAt,
        kind: 'email',
        title: `E-mail not delivered: ${mail.subject}`,
        detail: failedMailWords(failedDetails(mail, mail.attempts ?? 1)),
        tone: 'failed',
      });
      continue;
    }
    add({
      at: mail.sentAt ?? mail.createdAt,
      kind: 'email',
      title: `E-mail: ${mail.subject}`,
      detail: mail.sentAt
        ? `Sent to ${to}`
        : mail.lastError
          ? `Not sent yet to ${to} (${mail.attempts} attempts): ${mail.lastError}`
          : `Queued for ${to}`,
      tone: mail.sentAt ? 'ok' : mail.lastError ? 'failed' : 'info',
    });
  }
  for (const webhook of webhooks) {
    add({
      at: webhook.receivedAt,
      kind: 'webhook',
      title: `Webhook from ${webhook.provider === 'paypal' ? 'PayPal' : 'Zoho'}: ${webhook.eventType}`,
      detail: webhookWords(webhook.outcome),
      tone: 'info',
    });
  }
  const kindOf = new Map(handoffs.map((handoff) => [handoff.id, handoff.kind]));
  for (const handoff of handoffs) {
    add({
      at: handoff.createdAt,
      kind: 'handoff',
      title: `Hand-off to the courses portal queued: ${HANDOFF_VERB[handoff.kind]}${personOf(handoff)}`,
      detail: handoff.deliveredAt
        ? null
        : `Not acknowledged yet${handoff.lastError ? `: ${handoff.lastError}` : ''}`,
      tone: 'info',
    });
  }
  for (const attempt of attempts) {
    const kind = HANDOFF_VERB[kindOf.get(attempt.handoffId) ?? 'enrollment.created'];
    const ok = attempt.error === null;
    add({
      at: attempt.attemptedAt,
      kind: 'handoff',
      title: ok
        ? `Courses portal acknowledged (${kind})`
        : `Courses portal did not acknowledge (${kind})`,
      detail: ok ? `The portal answered HTTP ${attempt.statusCode}.` : attempt.error,
      tone: ok ? 'ok' : 'failed',
    });
  }
  for (const action of audit) {
    const outcome = action.after as { message?: unknown; refusedWith?: unknown } | null;
    const refused = typeof outcome?.refusedWith === 'number';
    const words = action.actorRole === 'buyer' ? BUYER_ACTIONS : SELLER_ACTIONS;
    add({
      at: action.createdAt,
      kind: action.actorRole,
      title: refused
        ? (REFUSED_ACTIONS[action.action] ?? `Not done: ${words[action.action] ?? action.action}`)
        : (words[action.action] ?? action.action),
      detail:
        [typeof outcome?.message === 'string' ? outcome.message : null, action.note]
          .filter(Boolean)
          .join(' — ') || null,
      tone: refused ? 'warning' : 'info',
      actor: action.actorEmail,
    });
  }

  // The sort is stable: entries at the same instant keep the order they were added in.
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

function stateTone(status: string, changed: boolean): OrderTimelineEntry['tone'] {
  if (!changed) return 'info';
  if (status === 'paid') return 'ok';
  if (status === 'failed' || status === 'expired') return 'warning';
  return 'info';
}
