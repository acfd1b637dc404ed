/**
 * The enrolment e-mails, written into the outbox by the transaction that
 * marks the order paid (so they exist exactly when the payment does, once
 * per person) and sent right after the commit; the outbox worker retries
 * if a send fails. A company order's attendees each get their own, and its
 * buyer a summary of who is enrolled and which seats are open.
 */
import { MY_ORDERS_PAGE } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { batches, workshops } from '../db/schema';
import type { EnrolmentMails } from '../orders/enrolment-port';
import { policyOf } from '../orders/buyer-rules';
import type { OrderRow } from '../orders/repository';
import { attends, findSeats, seatHandoffKey, type SeatRow } from '../orders/seats';
import { type EnrolmentDetails, renderEnrolmentMail } from './enrolment-message';
import { renderSeatsSummaryMail } from './seats-message';
import { enqueueMail, type MailDeliverer } from '../core/mail/outbox';
import { type Session, sessionsOf } from '../core/time/pacific-time';

export interface EnrolmentMailSettings {
  coursesPortalUrl: string;
  siteUrl: string;
}

export const enrolmentKey = (orderId: string) => `enrolment:${orderId}`;
/** A company order's attendee: once per seat and holder. */
export const seatEnrolmentKey = (orderId: string, seat: SeatRow) =>
  `enrolment:${orderId}:${seatHandoffKey(seat)}`;
/** A company order's buyer: once, when it is paid. */
export const seatsSummaryKey = (orderId: string) => `enrolment:${orderId}:seats`;

type Catalog = {
  productName: string;
  description: string;
  sessionStarts: string[];
  sessionMinutes: number;
};

export class EnrolmentMail implements EnrolmentMails {
  constructor(
    private readonly settings: EnrolmentMailSettings,
    private readonly deliverer: MailDeliverer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Writes the order's enrolment e-mails in the caller's transaction: the
   * buyer's of a single-seat order; each attendee's of a company order and
   * its buyer's summary. Answers the ids written now.
   */
  async enqueue(tx: Db, order: OrderRow): Promise<string[]> {
    const catalog = await this.catalogOf(tx, order);
    if (!order.groupOrder) {
      const id = await enqueueMail(tx, {
        kind: 'enrolment-confirmed',
        dedupeKey: enrolmentKey(order.id),
        to: [order.email],
        orderId: order.id,
        ...renderEnrolmentMail(this.details(order, catalog, order.email, order.billing.firstName)),
      });
      return id ? [id] : [];
    }
    const seats = await findSeats(tx, order.id);
    const ids = [];
    for (const seat of seats.filter(attends))
      ids.push(...(await this.seatMail(tx, order, seat, catalog)));
    const summary = await enqueueMail(tx, {
      kind: 'enrolment-confirmed',
      dedupeKey: seatsSummaryKey(order.id),
      to: [order.email],
      orderId: order.id,
      ...renderSeatsSummaryMail({
        orderId: order.id,
        firstName: order.billing.firstName,
        productName: catalog?.productName ?? order.workshopName,
        batchDescription: catalog?.description ?? order.batchDescription,
        enrolled: seats.filter(attends).map((seat) => ({
          name: `${seat.attendeeFirstName} ${seat.attendeeLastName}`,
          email: seat.attendeeEmail!,
        })),
        openSeats: seats.filter((seat) => seat.state === 'active' && !seat.attendeeEmail).length,
        myOrdersUrl: `${this.settings.siteUrl}${MY_ORDERS_PAGE}`,
      }),
    });
    return summary ? [...ids, summary] : ids;
  }

  /** A company order's attendee named after payment: their own confirmation, once per holder. */
  async enqueueSeat(tx: Db, order: OrderRow, seat: SeatRow): Promise<string[]> {
    return this.seatMail(tx, order, seat, await this.catalogOf(tx, order));
  }

  private async seatMail(
    tx: Db,
    order: OrderRow,
    seat: SeatRow,
    catalog: Catalog | undefined,
  ): Promise<string[]> {
    if (!attends(seat)) return [];
    const id = await enqueueMail(tx, {
      kind: 'enrolment-confirmed',
      dedupeKey: seatEnrolmentKey(order.id, seat),
      to: [seat.attendeeEmail!],
      orderId: order.id,
      ...renderEnrolmentMail({
        ...this.details(order, catalog, seat.attendeeEmail!, seat.attendeeFirstName!),
        purchaser: order.email,
      }),
    });
    return id ? [id] : [];
  }

  private async catalogOf(tx: Db, order: OrderRow): Promise<Catalog | undefined> {
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
    return catalog;
  }

  private details(
    order: OrderRow,
    catalog: Catalog | undefined,
    email: string,
    firstName: string,
  ): EnrolmentDetails {
    return {
      orderId: order.id,
      email,
      firstName,
      productName: catalog?.productName ?? order.workshopName,
      batch: { id: order.batchId, description: catalog?.description ?? order.batchDescription },
      sessions: this.sessionsOrNone(order, catalog?.sessionStarts ?? [], catalog?.sessionMinutes),
      amount: { minor: order.totalMinor, currency: order.currency },
      // The order's own copy: a later change of the policy does not apply to it.
      policy: policyOf(order),
      coursesPortalUrl: this.settings.coursesPortalUrl,
      siteUrl: this.settings.siteUrl,
      paidAt: order.paidAt ?? new Date(),
    };
  }

  /** Sends it now and waits for the mail server's answer; a failure is left to the queue. */
  deliverNow(id: string): Promise<boolean> {
    return this.deliverer.deliverNow(id);
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
