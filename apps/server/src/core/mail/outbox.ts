/**
 * Our own e-mail. A message is written as a row, with the job that sends
 * it, in the same transaction as its cause (an order paid, an item needing
 * the seller), under a key that names that cause, so a cause mails once
 * however often it is seen. The job sends it over SMTP and records the
 * message id; a mail server that is down loses nothing, the queue retries.
 *
 * Every attempt carries the same Message-ID, so in the one case left — the
 * server took the message but its answer never reached us — the copy sent
 * on the retry is recognisably the same message.
 *
 * A message the mail server refuses for good (a 5xx for its recipient or
 * content) is marked failed at once and not tried again; one that keeps
 * failing for other reasons (a server down, a 4xx) is retried with the
 * queue's backoff and counts as failed after `MAIL_ATTEMPTS` attempts,
 * about a day. Whoever the message was for is told through `onFailure`,
 * in the transaction that marks it (the order's timeline and "Needs
 * attention"). Bounces that arrive later as messages (DSNs) are not read.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { enqueue, QueuedDelivery, type JobQueue, type JobRow } from '../jobs/queue';
import { MailRefusedError, type MailContent, type MailTransport } from './transport';

export type MailKind =
  | 'enrolment-confirmed'
  | 'seller-attention'
  | 'seller-digest'
  | 'waitlist-offer'
  | 'buyer-action'
  | 'sign-in';

/** What a sign-in message keeps once sent: its link signs in, so it is not kept. */
const SENT_SIGN_IN = '(A sign-in link, removed once sent.)';
/** What a sign-in message keeps once it failed for good. */
const UNSENT_SIGN_IN = '(A sign-in link, removed: it could not be sent.)';

export interface OutgoingMail extends MailContent {
  kind: MailKind;
  /** Names the cause: a second message with the same key is dropped. */
  dedupeKey: string;
  to: string[];
  orderId?: string;
}

/** Writes the messages whose keys are new; answers the ids of those written. */
export async function enqueueMails(db: Db, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        ...mail,
        id: randomUUID(),
        attachments: mail.attachments ?? [],
        orderId: mail.orderId ?? null,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  for (const row of rows) await enqueue(db, MAIL_JOB, {}, { key: row.id });
  return rows.map((row) => row.id);
}

/** Writes the message unless its cause already mailed; answers its id when written. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string | undefined> {
  const [id] = await enqueueMails(db, [mail]);
  return id;
}

/** The job that sends one message; its key is the message's id. */
export const MAIL_JOB = 'mail';

/**
 * Attempts after which a message that keeps failing counts as failed: with
 * the queue's backoff (30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h)
 * the 12th comes about 23 hours after the first.
 */
export const MAIL_ATTEMPTS = 12;

/** A message that will not be sent, as `onFailure` hears of it. */
export interface FailedMail {
  id: string;
  kind: MailKind;
  subject: string;
  to: string[];
  orderId: string | null;
  /** The mail server's answer, or the last error. */
  failure: string;
  /** `refused`: the server said no for good; `gave-up`: failures went on past the bound. */
  failureKind: 'refused' | 'gave-up';
  attempts: number;
}

/** Told of each failed message, in the transaction that marks it failed. */
export type MailFailureListener = (tx: Db, mail: FailedMail) => Promise<void>;

/** The key of a failed message's copy, sent again: one copy per failed message. */
const againKey = (id: string) => `again:${id}`;

/** The order's failed messages that were not sent again yet. */
export function failedMailsOf(db: Db, orderId: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.orderId, orderId),
        isNotNull(mailOutbox.failedAt),
        sql`not exists (select 1 from ${mailOutbox} as copy
          where copy.dedupe_key = 'again:' || ${mailOutbox.id})`,
      ),
    )
    .orderBy(mailOutbox.createdAt);
}

/**
 * Writes a copy of each of the order's failed messages not sent again yet,
 * each with its job (a new Message-ID, the same words and recipients);
 * answers the copies' ids. A second call for the same failures writes none.
 */
export async function enqueueFailedAgain(db: Db, orderId: string): Promise<string[]> {
  const failed = await failedMailsOf(db, orderId);
  return enqueueMails(
    db,
    failed.map((mail) => ({
      kind: mail.kind as MailKind,
      dedupeKey: againKey(mail.id),
      to: mail.to,
      orderId,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    })),
  );
}

/** The e-mail addresses in an SMTP answer, masked for the log. */
const masked = (text: string) => text.replace(/[^\s<>@"']+@/g, '…@');

export class MailDeliverer extends QueuedDelivery {
  constructor(
    private readonly db: Database,
    queue: JobQueue,
    /** Absent when no SMTP server is configured: messages wait in the queue. */
    private readonly transport: MailTransport | undefined,
    private readonly log: FastifyBaseLogger,
    /** Told of each message that will not be sent (the composition root wires the orders'). */
    private readonly onFailure?: MailFailureListener,
  ) {
    super(queue, MAIL_JOB);
    const send = transport;
    // Long enough for one SMTP conversation to end by its own time-outs (see transport.ts).
    if (send) queue.handle(MAIL_JOB, { leaseSeconds: 300, run: (job) => this.send(send, job) });
  }

  /** Closes the SMTP connection, if one is open. */
  close(): void {
    this.transport?.close();
  }

  private async send(transport: MailTransport, job: JobRow): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, job.key));
    if (!mail || mail.sentAt || mail.failedAt) return;
    let accepted;
    try {
      accepted = await transport.send({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    } catch (error) {
      const attempts = job.attempts + 1;
      if (error instanceof MailRefusedError) {
        await this.fail(mail, { failure: error.answer, failureKind: 'refused', attempts });
        return;
      }
      // Retried by the queue until the bound; then the job ends, as failed here.
      if (attempts < MAIL_ATTEMPTS) throw error;
      const failure = ((error as Error).message || String(error)).slice(0, 500);
      await this.fail(mail, { failure, failureKind: 'gave-up', attempts });
      return;
    }
    await this.db
      .update(mailOutbox)
      .set({
        sentAt: sql`now()`,
        messageId: accepted.messageId,
        ...(mail.kind === 'sign-in' ? { text: SENT_SIGN_IN, html: SENT_SIGN_IN } : {}),
      })
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
  }

  /** Marks the message failed and tells whoever it was for, in one transaction. */
  private async fail(
    mail: typeof mailOutbox.$inferSelect,
    why: Pick<FailedMail, 'failure' | 'failureKind' | 'attempts'>,
  ): Promise<void> {
    const marked = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(mailOutbox)
        .set({
          failedAt: sql`now()`,
          failure: why.failure,
          failureKind: why.failureKind,
          // A link nobody received must not wait in the table either.
          ...(mail.kind === 'sign-in' ? { text: UNSENT_SIGN_IN, html: UNSENT_SIGN_IN } : {}),
        })
        .where(
          and(eq(mailOutbox.id, mail.id), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)),
        )
        .returning({ id: mailOutbox.id });
      if (row) {
        await this.onFailure?.(tx, {
          id: mail.id,
          kind: mail.kind as MailKind,
          subject: mail.subject,
          to: mail.to,
          orderId: mail.orderId,
          ...why,
        });
      }
      return row !== undefined;
    });
    if (!marked) return;
    this.log.warn(
      {
        mail: mail.id,
        kind: mail.kind,
        order: mail.orderId,
        attempts: why.attempts,
        failureKind: why.failureKind,
        smtp: masked(why.failure),
      },
      why.failureKind === 'refused'
        ? 'e-mail refused by the mail server; not retried'
        : 'e-mail failed too often; not retried',
    );
  }
}
