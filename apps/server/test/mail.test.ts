/**
 * Our own e-mail over real SMTP: the app sends to the emulators' SMTP
 * receiver, which puts each message in the local inbox. A paid order mails
 * the buyer once, with the sessions as a calendar; a mail server that is
 * down loses nothing and the message goes out once when it is back, even
 * with two instances sending at the same moment; the sellers hear of each
 * new "Needs attention" item once, and get one digest a day.
 */
import { addDays, pacificDate, pacificDayBounds, pacificInstant } from '@wifi7/contract';
import type { InboxMessage } from '@wifi7/emulators';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batches, jobs, mailOutbox, orders } from '../src/db/schema';
import { findOrderWithAttention, flagOrder } from './support/attention';
import { buildTestApp } from './support/app';
import { databaseKinds } from './support/databases';
import { paidPaypalOrder, until, useStack } from './support/stack';

/** Tuesdays and Thursdays across the start of daylight saving (Sunday, March 14, 2027). */
const SESSION_STARTS = [
  '2027-02-02', '2027-02-04', '2027-02-09', '2027-02-11', '2027-02-16',
  '2027-02-18', '2027-02-23', '2027-02-25', '2027-03-02', '2027-03-04',
  '2027-03-09', '2027-03-11', '2027-03-16', '2027-03-18', '2027-03-23',
].map((day) => `${day}T09:00`); // prettier-ignore

const SELLERS = ['seller@example.com', 'second.seller@example.com'];

describe.each(databaseKinds)('Our own e-mail on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;
  const inbox = () => env.stack.emulators.inbox;
  const smtpMessages = (to: string) =>
    inbox()
      .list(to)
      .filter((message) => message.kind === 'smtp');
  /** The message with its sending job's count, last error and next time. */
  const outboxRow = async (dedupeKey: string) => {
    const [row] = await db()
      .select()
      .from(mailOutbox)
      .innerJoin(jobs, and(eq(jobs.kind, 'mail'), eq(jobs.key, mailOutbox.id)))
      .where(eq(mailOutbox.dedupeKey, dedupeKey));
    return (
      row && {
        ...row.mail_outbox,
        attempts: row.jobs.attempts,
        lastError: row.jobs.lastError,
        nextAttemptAt: row.jobs.runAt,
      }
    );
  };
  /** Makes the message's sending job due now. */
  const dueNow = (dedupeKey: string) =>
    db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(
        sql`${jobs.key} = (select ${mailOutbox.id} from ${mailOutbox} where ${mailOutbox.dedupeKey} = ${dedupeKey})`,
      );

  beforeAll(async () => {
    await db()
      .update(batches)
      .set({ sessionStarts: SESSION_STARTS })
      .where(eq(batches.id, 'B-JAN'));
  });

  /** A buyer orders B-JAN and pays the PayPal invoice; answers when the order is paid. */
  async function buyAndPay(): Promise<{ email: string; orderId: string }> {
    const order = await paidPaypalOrder(env, 'mail', { discountCode: 'SAVE10' });
    return { email: order.email, orderId: order.id };
  }

  const calendarOf = async (message: InboxMessage) => {
    const attachment = message.attachments?.find((file) => file.filename.endsWith('.ics'));
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    const response = await fetch(`${env.stack.emulatorsUrl}${attachment!.href}`);
    return response.text();
  };

  it('a paid order mails the buyer once: the enrolment, its sessions and a calendar', async () => {
    const { email, orderId } = await buyAndPay();
    const [message] = await until(async () => {
      const found = smtpMessages(email);
      return found.length > 0 ? found : undefined;
    }, 'the enrolment e-mail');
    expect(message).toMatchObject({
      from: '"Wi-Fi 7 Workshop" <workshop@example.com>',
      subject: 'Enrolment confirmed: Wi-Fi 7 Live Online Workshop',
    });
    expect(message!.text).toContain('Your 15 live sessions (Pacific Time):');
    expect(message!.text).toContain('Tue, Mar 16, 2027, 9:00 – 11:00 AM PDT');
    expect(message!.text).toContain('Amount paid: $449.10 USD');
    expect(message!.text).toContain('https://portal.example.com');
    expect(message!.html).toContain('Open the courses portal');

    const ics = await calendarOf(message!);
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(15);
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20270316T090000');
    expect(ics).toContain('TZID:America/Los_Angeles');

    const row = await until(async () => {
      const found = await outboxRow(`enrolment:${orderId}`);
      return found?.sentAt ? found : undefined;
    }, 'the e-mail to be recorded as sent');
    expect(row).toMatchObject({ kind: 'enrolment-confirmed', to: [email], orderId, attempts: 1 });
    expect(row.messageId).toBe(message!.messageId);

    // The same payment reported again (a webhook repeated, the reconciler) mails nothing more.
    const order = (await findOrderWithAttention(db(), orderId))!;
    await env.stack.app.services.orders.settlement.sync(order, 'test: asked again');
    await env.stack.app.services.mail.deliverDue();
    expect(smtpMessages(email)).toHaveLength(1);
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('keeps the message while the mail server is down and sends it once when it is back, even from two instances', async () => {
    const smtp = env.stack.emulators.smtp;
    await smtp.close();
    try {
      const { email, orderId } = await buyAndPay();
      const key = `enrolment:${orderId}`;
      const failed = await until(async () => {
        const row = await outboxRow(key);
        return row && row.attempts > 0 ? row : undefined;
      }, 'the first attempt to fail');
      expect(failed.sentAt).toBeNull();
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(smtpMessages(email)).toHaveLength(0);

      // Still down at the retry: the row stays, one more attempt is recorded.
      await dueNow(key);
      expect(await env.stack.app.services.mail.deliverDue()).toBe(0);
      expect((await outboxRow(key))!.attempts).toBe(2);

      // Back up; two instances reach the due row at the same moment.
      await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
      const second = await buildTestApp(env.database.handle, { config: env.stack.config });
      try {
        await dueNow(key);
        const sent = await Promise.all([
          env.stack.app.services.mail.deliverDue(),
          second.services.mail.deliverDue(),
          env.stack.app.services.mail.deliverNow(failed.id),
        ]);
        expect(sent.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
      } finally {
        await second.close();
      }
      const row = (await outboxRow(key))!;
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(smtpMessages(email)).toHaveLength(1);

      // A sent message is never due again.
      await dueNow(key);
      await env.stack.app.services.mail.deliverDue();
      expect(smtpMessages(email)).toHaveLength(1);
    } finally {
      if (!smtp.listening) await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
    }
  });

  it('tells the sellers once about each new item that needs attention', async () => {
    const { orderId } = await buyAndPay();
    const note = 'Paid twice for the same workshop: refund one payment.';
    await flagOrder(db(), orderId, note);
    const sellerMail = env.stack.app.services.sellerMail;
    const mailsAbout = (to: string) =>
      smtpMessages(to).filter((message) => message.subject.includes(`order ${orderId}`));

    expect(await sellerMail.enqueueNewAttention()).toBeGreaterThanOrEqual(1);
    expect(await sellerMail.enqueueNewAttention()).toBe(0);
    await env.stack.app.services.mail.deliverDue(100);
    for (const seller of SELLERS) {
      const [message] = mailsAbout(seller);
      expect(mailsAbout(seller)).toHaveLength(1);
      expect(message!.subject).toMatch(/^Needs attention: order /);
      expect(message!.text).toContain(note);
      expect(message!.text).toContain(`http://localhost:3100/seller/orders/${orderId}`);
    }

    // A new note on the same order is a new item: one more message.
    await flagOrder(db(), orderId, `${note}\nPartly refunded at the provider: check access.`);
    expect(await sellerMail.enqueueNewAttention()).toBe(1);
    await env.stack.app.services.mail.deliverDue(100);
    expect(mailsAbout(SELLERS[0]!)).toHaveLength(2);
    await sellerMail.enqueueNewAttention();
    await env.stack.app.services.mail.deliverDue(100);
    expect(mailsAbout(SELLERS[0]!)).toHaveLength(2);
  });

  it('sends the sellers one digest a day, from the digest hour on', async () => {
    await buyAndPay();
    const today = pacificDate(new Date());
    const tomorrow = addDays(today, 1);
    const at = (clock: string) => pacificInstant(`${tomorrow}T${clock}`)!;
    const sellerMail = env.stack.app.services.sellerMail;
    const key = `digest:${tomorrow}`;

    expect(await sellerMail.enqueueDigestIfDue(at('06:59'))).toBe(false);
    expect(await outboxRow(key)).toBeUndefined();
    const [first, again] = await Promise.all([
      sellerMail.enqueueDigestIfDue(at('07:00')),
      sellerMail.enqueueDigestIfDue(at('07:01')),
    ]);
    expect([first, again].filter(Boolean)).toHaveLength(1);
    expect(await sellerMail.enqueueDigestIfDue(at('18:00'))).toBe(false);

    // Orders placed today (the digest's "yesterday") that are paid now.
    const [paid] = await db()
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'paid'),
          gte(orders.createdAt, pacificDayBounds(today).from),
          lt(orders.createdAt, pacificDayBounds(today).to),
        ),
      );
    await env.stack.app.services.mail.deliverDue(100);
    for (const seller of SELLERS) {
      const digests = smtpMessages(seller).filter((message) =>
        message.subject.startsWith(`Daily digest for ${today}:`),
      );
      expect(digests).toHaveLength(1);
      expect(digests[0]!.text).toContain(`Paid: ${paid!.n}`);
      expect(digests[0]!.text).toMatch(/USD: \$[\d.,]+ USD from \d+ orders?/);
      expect(digests[0]!.text).toMatch(/B-JAN — Jan 12 - Mar 2, 2027 .*: \d+ of 30/);
    }
  });
});
