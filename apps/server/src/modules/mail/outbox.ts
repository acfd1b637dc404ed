/**
 * Our own e-mail, through an outbox. A message is written as a row in the
 * same transaction as its cause (an order paid, an item needing the
 * seller), under a key that names that cause, so a cause mails once however
 * often it is seen. `MailDeliverer` sends due rows over SMTP and records the
 * message id, or the error and when to try again: a mail server that is
 * down loses nothing, and the message goes out when it is back.
 *
 * Claims use SKIP LOCKED and a lease that outlasts the SMTP time-outs, so
 * several instances share the work and never send the same row at once.
 * Every attempt carries the same Message-ID, so in the one case left — the
 * server took the message but its answer never reached us — the copy sent
 * on the retry is recognisably the same message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailTransport } from './transport';

export type MailKind =
  'enrolment-confirmed' | 'seller-attention' | 'seller-digest' | 'waitlist-offer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an .ics calendar). */
  content: string;
}

export interface OutgoingMail {
  kind: MailKind;
  /** Names the cause: a second message with the same key is dropped. */
  dedupeKey: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  orderId?: string;
}

export type MailRow = typeof mailOutbox.$inferSelect;

/** Pause after the n-th failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  const steps = [30, 120, 600, 1800, 3600];
  return steps[failedAttempts - 1] ?? 3 * 3600;
}

/** Writes the messages whose keys are new; answers the ids of those written. */
export async function enqueueMails(db: Db, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        id: randomUUID(),
        kind: mail.kind,
        dedupeKey: mail.dedupeKey,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments ?? [],
        orderId: mail.orderId ?? null,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** Writes the message unless its cause already mailed; answers its id when written. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string | undefined> {
  const [id] = await enqueueMails(db, [mail]);
  return id;
}

/** Long enough for one SMTP conversation to end by its own time-outs (see transport.ts). */
const CLAIM_SECONDS = 300;

export class MailDeliverer {
  constructor(
    private readonly db: Db,
    /** Absent when no SMTP server is configured: messages wait in the outbox. */
    private readonly transport: MailTransport | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  get canSend(): boolean {
    return this.transport !== undefined;
  }

  /** Closes the SMTP connection, if one is open. */
  close(): void {
    this.transport?.close();
  }

  /** Sends every due message (up to `limit`); answers how many the SMTP server accepted. */
  async deliverDue(limit = 20): Promise<number> {
    if (!this.transport) return 0;
    const claimed = await this.claim(limit);
    let sent = 0;
    for (const mail of claimed) {
      if (await this.send(this.transport, mail)) sent += 1;
    }
    return sent;
  }

  /** Sends one message now if it is still unsent and nobody else is sending it. */
  async deliverNow(id: string): Promise<boolean> {
    if (!this.transport) return false;
    const [mail] = await this.claim(1, id);
    return mail ? this.send(this.transport, mail) : false;
  }

  private claim(limit: number, onlyId?: string): Promise<MailRow[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          onlyId ? eq(mailOutbox.id, onlyId) : undefined,
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${CLAIM_SECONDS} * interval '1 second'` })
      .where(and(inArray(mailOutbox.id, due), isNull(mailOutbox.sentAt)))
      .returning();
  }

  private async send(transport: MailTransport, mail: MailRow): Promise<boolean> {
    const attempts = mail.attempts + 1;
    try {
      const accepted = await transport.send({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
      await this.db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, attempts, lastError: null, messageId: accepted.messageId })
        .where(eq(mailOutbox.id, mail.id));
      this.log.info(
        {
          mail: mail.id,
          kind: mail.kind,
          order: mail.orderId,
          messageId: accepted.messageId,
          smtp: accepted.response,
        },
        'e-mail sent',
      );
      return true;
    } catch (caught) {
      const error = (caught as Error).message || String(caught);
      const delay = retryDelaySeconds(attempts);
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error.slice(0, 1000),
          nextAttemptAt: sql`now() + ${delay} * interval '1 second'`,
        })
        .where(eq(mailOutbox.id, mail.id));
      this.log.error(
        { mail: mail.id, kind: mail.kind, attempts, retryInSeconds: delay, error },
        'e-mail not sent; will retry',
      );
      return false;
    }
  }
}
