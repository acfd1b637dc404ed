/**
 * The buyer's enrolment e-mail, written into the outbox by the transaction
 * that marks the order paid (so it exists exactly when the payment does,
 * once per order) and sent right after the commit; the outbox worker
 * retries if that send fails.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { batches, workshops } from '../db/schema';
import type { EnrolmentMails } from '../orders/enrolment-port';
import { policyOf } from '../orders/buyer-rules';
import type { OrderRow } from '../orders/repository';
import { renderEnrolmentMail } from './enrolment-message';
import { enqueueMail, type MailDeliverer } from '../core/mail/outbox';
import { type Session, sessionsOf } from '../core/time/pacific-time';

export interface EnrolmentMailSettings {
  coursesPortalUrl: string;
  siteUrl: string;
}

export const enrolmentKey = (orderId: string) => `enrolment:${orderId}`;

export class EnrolmentMail implements EnrolmentMails {
  constructor(
    private readonly settings: EnrolmentMailSettings,
    private readonly deliverer: MailDeliverer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the order's enrolment e-mail in the caller's transaction; answers its id the first time. */
  async enqueue(tx: Db, order: OrderRow): Promise<string | undefined> {
    const [catalog] = await tx
      .select({
        productName: workshops.name,
        description: batches.description,
        sessionStarts: batches.sessionStarts,
        sessionMinutes: batches.sessionMinutes,
      })
      .from(batches)
      .innerJoin(workshops, eq(workshops.sku, batches.workshopSku))
      .where(eq(batches.id, order.batchId));
    return enqueueMail(tx, {
      kind: 'enrolment-confirmed',
      dedupeKey: enrolmentKey(order.id),
      to: [order.email],
      orderId: order.id,
      ...renderEnrolmentMail({
        orderId: order.id,
        email: order.email,
        firstName: order.billing.firstName,
        productName: catalog?.productName ?? order.workshopName,
        batch: { id: order.batchId, description: catalog?.description ?? order.batchDescription },
        sessions: this.sessionsOrNone(order, catalog?.sessionStarts ?? [], catalog?.sessionMinutes),
        amount: { minor: order.totalMinor, currency: order.currency },
        // The order's own copy: a later change of the policy does not apply to it.
        policy: policyOf(order),
        coursesPortalUrl: this.settings.coursesPortalUrl,
        siteUrl: this.settings.siteUrl,
        paidAt: order.paidAt ?? new Date(),
      }),
    });
  }

  /** Sends it now for a quick confirmation; a failure is left to the queue. */
  deliverSoon(id: string): void {
    this.deliverer.deliverSoon(id);
  }

  /** A session time that cannot be read must never keep a payment from settling. */
  private sessionsOrNone(order: OrderRow, starts: string[], minutes = 120): Session[] {
    try {
      return sessionsOf(starts, minutes);
    } catch (error) {
      this.log.error(
        { order: order.id, batch: order.batchId, err: error },
        'the batch has a session time that cannot be read; the enrolment e-mail lists none',
      );
      return [];
    }
  }
}
