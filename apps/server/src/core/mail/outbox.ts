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
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { enqueue, QueuedDelivery, type JobQueue } from '../jobs/queue';
import type { MailContent, MailTransport } from './transport';

export type MailKind =
  | 'enrolment-confirmed'
  | 'seller-attention'
  | 'seller-digest'
  | 'waitlist-offer'
  | 'buyer-action'
  | 'sign-in';

/** What a sign-in message keeps once sent: its link signs in, so it is not kept. */
const SENT_SIGN_IN = '(A sign-in link, removed once sent.)';

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

export class MailDeliverer extends QueuedDelivery {
  constructor(
    private readonly db: Db,
    queue: JobQueue,
    /** Absent when no SMTP server is configured: messages wait in the queue. */
    private readonly transport: MailTransport | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    super(queue, MAIL_JOB);
    const send = transport;
    // Long enough for one SMTP conversation to end by its own time-outs (see transport.ts).
    if (send) queue.handle(MAIL_JOB, { leaseSeconds: 300, run: (job) => this.send(send, job.key) });
  }

  /** Closes the SMTP connection, if one is open. */
  close(): void {
    this.transport?.close();
  }

  private async send(transport: MailTransport, id: string): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail || mail.sentAt) return;
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
}
