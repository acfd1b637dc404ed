/**
 * E-mail that does not arrive, over real SMTP (the emulators' receiver
 * refuses recipients named bounce…): a permanent refusal marks the message
 * failed at once and it is never tried again; a temporary failure is
 * retried until the outbox's bound, then counts as failed. Either way the
 * order's timeline says so in words, "Needs attention" asks the seller, and
 * "Send again" or a dismissal with a note resolves it.
 */
import {
  sellerOrderPathOf,
  sellerOrderRoutes,
  type SellerActionResponse,
  type SellerAttentionList,
  type SellerOrderDetail,
} from '@wifi7/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_ATTEMPTS } from '../src/core/mail/outbox';
import { jobs, mailOutbox } from '../src/db/schema';
import { signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paidPaypalOrder, until, useStack } from './support/stack';

describe.each(databaseKinds)('e-mail that does not arrive, on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;
  const mail = () => env.stack.app.services.mail;
  let seller: string;

  beforeAll(async () => {
    seller = (await signInWithEmailLink('seller@example.com')).idToken;
  });

  const sellerCall = async <T>(path: string, body?: object): Promise<T> => {
    const response = await fetch(`${env.stack.appUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${seller}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body && JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const detail = (orderId: string) =>
    sellerCall<SellerOrderDetail>(sellerOrderPathOf(sellerOrderRoutes.order, orderId));
  const attentionAbout = async (orderId: string) =>
    (await sellerCall<SellerAttentionList>(sellerOrderRoutes.attention)).items.filter(
      (item) => item.orderId === orderId,
    );
  const act = (
    orderId: string,
    action: 'resendMail' | 'dismissAttention',
    note: string,
    idempotencyKey = `key-${crypto.randomUUID()}`,
  ) =>
    sellerCall<SellerActionResponse>(sellerOrderPathOf(sellerOrderRoutes[action], orderId), {
      idempotencyKey,
      note,
    });

  /** Send again, answered with a refusal: its status and words. */
  const refusal = async (orderId: string, note: string, idempotencyKey: string) => {
    const response = await fetch(
      `${env.stack.appUrl}${sellerOrderPathOf(sellerOrderRoutes.resendMail, orderId)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${seller}`, 'content-type': 'application/json' },
        body: JSON.stringify({ idempotencyKey, note }),
      },
    );
    return {
      status: response.status,
      message: ((await response.json()) as { message: string }).message,
    };
  };

  /** The order's messages with their sending jobs, oldest first. */
  const outboxOf = async (orderId: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .innerJoin(jobs, and(eq(jobs.kind, 'mail'), eq(jobs.key, mailOutbox.id)))
        .where(eq(mailOutbox.orderId, orderId))
        .orderBy(mailOutbox.createdAt, jobs.createdAt)
    ).map((row) => ({ ...row.mail_outbox, job: row.jobs }));
  const allDueNow = () =>
    db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, 'mail'));

  /** A buyer named `prefix…` orders and pays the PayPal invoice. */
  async function buyAndPay(prefix: string): Promise<{ email: string; orderId: string }> {
    const order = await paidPaypalOrder(env, prefix);
    return { email: order.email, orderId: order.id };
  }

  it('a refused confirmation fails at once, is not retried, and asks the seller until dismissed', async () => {
    const { email, orderId } = await buyAndPay('bounce');
    const [failed] = await until(async () => {
      const rows = await outboxOf(orderId);
      return rows[0]?.failedAt ? rows : undefined;
    }, 'the confirmation to be refused');
    const answer = `550 5.1.1 <${email}>: user unknown`;
    expect(failed).toMatchObject({ sentAt: null, failure: answer, failureKind: 'refused' });
    expect(failed!.job).toMatchObject({ attempts: 1, lastError: null });
    expect(failed!.job.doneAt).toBeInstanceOf(Date);

    // Never tried again, however often the queue runs.
    await allDueNow();
    await mail().deliverDue(100);
    expect((await outboxOf(orderId))[0]!.job.attempts).toBe(1);

    const words = `The enrolment confirmation to ${email} was refused by the mail server: ${answer}.`;
    const order = await detail(orderId);
    expect(order.timeline).toContainEqual(
      expect.objectContaining({ kind: 'email', tone: 'failed', detail: words }),
    );
    expect(order.order.attention).toContain(words);
    expect(order.actions.resendMail).toEqual({ allowed: true, reason: null });
    const [item] = await attentionAbout(orderId);
    expect(item).toMatchObject({
      kind: 'order-flagged',
      resolution: 'resend-mail',
      dismissible: true,
      email,
    });
    expect(item!.detail).toContain(words);

    // Sent again to an address that still does not exist: refused again, and said so as a refusal.
    const key = `key-${crypto.randomUUID()}`;
    const again = await refusal(orderId, 'Asked the buyer; trying once more', key);
    expect(again).toEqual({ status: 422, message: words });
    // Its repeat is answered the same, and sends nothing more.
    expect(await refusal(orderId, 'Asked the buyer; trying once more', key)).toEqual(again);
    expect(await outboxOf(orderId)).toHaveLength(2);
    const refused = await detail(orderId);
    expect(refused.timeline.filter((entry) => entry.detail === words)).toHaveLength(2);
    expect(refused.timeline).toContainEqual(
      expect.objectContaining({
        title: 'Sent the failed e-mail again: refused again',
        tone: 'warning',
      }),
    );
    expect(await attentionAbout(orderId)).toHaveLength(1);

    // The seller settles it another way and dismisses it with a note.
    await act(orderId, 'dismissAttention', 'Sent the details from my own mailbox');
    expect(await attentionAbout(orderId)).toEqual([]);
    const after = await detail(orderId);
    expect(after.actions.resendMail.allowed).toBe(true);
  });

  it('a temporary failure is retried, counts as failed past the bound, and Send again delivers it', async () => {
    const smtp = env.stack.emulators.smtp;
    await smtp.close();
    try {
      const { email, orderId } = await buyAndPay('mail-down');
      const [first] = await until(async () => {
        const rows = await outboxOf(orderId);
        return rows[0] && rows[0].job.attempts > 0 ? rows : undefined;
      }, 'the first attempt to fail');
      // Retried later, not failed.
      expect(first).toMatchObject({ failedAt: null, sentAt: null });
      expect(first!.job.doneAt).toBeNull();
      expect(first!.job.runAt.getTime()).toBeGreaterThan(Date.now());
      await allDueNow();
      await mail().deliverDue(100);
      expect((await outboxOf(orderId))[0]).toMatchObject({ failedAt: null });
      expect((await outboxOf(orderId))[0]!.job.attempts).toBe(2);
      expect(await attentionAbout(orderId)).toEqual([]);

      // The last attempt the bound allows fails too: the message counts as failed.
      await db()
        .update(jobs)
        .set({ attempts: MAIL_ATTEMPTS - 1, runAt: sql`now()` })
        .where(eq(jobs.key, first!.id));
      await mail().deliverDue(100);
      const [gaveUp] = await outboxOf(orderId);
      expect(gaveUp).toMatchObject({ sentAt: null, failureKind: 'gave-up' });
      expect(gaveUp!.failure).toMatch(/ECONNREFUSED|connect/i);
      expect(gaveUp!.job.doneAt).toBeInstanceOf(Date);
      const [item] = await attentionAbout(orderId);
      expect(item!.detail).toContain(
        `The enrolment confirmation to ${email} could not be sent in ${MAIL_ATTEMPTS} attempts over about a day`,
      );

      // The mail server is back: Send again delivers it and resolves the item.
      await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
      const key = `key-${crypto.randomUUID()}`;
      const sent = await act(orderId, 'resendMail', 'Mail server fixed', key);
      expect(sent.message).toBe(`Sent to ${email}: the mail server took it.`);
      expect(await attentionAbout(orderId)).toEqual([]);
      expect(sent.detail.actions.resendMail.allowed).toBe(false);
      expect(sent.detail.timeline.map((entry) => entry.title)).toContain(
        'Sent the failed e-mail again',
      );
      const inbox = env.stack.emulators.inbox.list(email).filter((m) => m.kind === 'smtp');
      expect(inbox.map((message) => message.subject)).toEqual([
        'Enrolment confirmed: Wi-Fi 7 Live Online Workshop',
      ]);
      // A repeat of the same request (a double click) is answered the same and sends nothing more.
      expect((await act(orderId, 'resendMail', 'Mail server fixed', key)).message).toBe(
        sent.message,
      );
      expect(await outboxOf(orderId)).toHaveLength(2);
      expect(env.stack.emulators.inbox.list(email).filter((m) => m.kind === 'smtp')).toHaveLength(
        1,
      );
    } finally {
      if (!smtp.listening) await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
    }
  });
});
