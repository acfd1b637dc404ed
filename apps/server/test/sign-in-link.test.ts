/**
 * The site's own sign-in e-mail: Firebase makes the link, our outbox sends
 * it over SMTP, and the link signs the person in. Limits per address (a
 * cooldown and an hourly cap) and per client address hold exactly, also
 * under a burst of requests at once, and a refused request costs no link,
 * no e-mail and no message row.
 */
import { apiRoutes } from '@wifi7/contract';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, mailOutbox, rateLimitCounters } from '../src/db/schema';
import { buildTestApp } from './support/app';
import { authEmulatorHost, uniqueEmail } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { until, useStack } from './support/stack';

describe.each(databaseKinds)('sign-in links from our own outbox on %s', (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;

  const ask = (body: unknown, client = '198.51.100.1') =>
    env.stack.app.inject({
      method: 'POST',
      url: apiRoutes.signInLink,
      payload: body as Record<string, unknown>,
      remoteAddress: client,
    });
  const sentTo = (email: string) =>
    env.stack.emulators.inbox.list(email).filter((message) => message.kind === 'smtp');
  const signInRows = async () =>
    (await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, 'sign-in')))[0]!
      .n;
  /** As if the address's cooldown had run out. */
  const cooldownOver = (email: string) =>
    db()
      .delete(rateLimitCounters)
      .where(like(rateLimitCounters.key, `%sign-in-cooldown:${email}`));

  it('mails a link that signs the person in, and keeps no link once sent', async () => {
    const email = uniqueEmail();
    const answer = await ask({ email: `  ${email.toUpperCase()} ` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sent: true, nextInSeconds: 60 });

    const [message] = await until(async () => {
      const found = sentTo(email);
      return found.length > 0 ? found : undefined;
    }, 'the sign-in e-mail');
    expect(message!.subject).toBe('Your sign-in link for the Wi-Fi 7 Workshop');
    const href = /https?:\/\/\S*oobCode=\S+/.exec(message!.text)?.[0];
    const link = new URL(href!);
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(link.searchParams.get('continueUrl')).toBe(
      `${env.stack.config.publicSiteUrl}/wifi7-workshop`,
    );
    expect(message!.html).toContain(href!.replaceAll('&', '&amp;'));

    // The link is Firebase's own: it signs in.
    const signedIn = await fetch(
      `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=any`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, oobCode: link.searchParams.get('oobCode') }),
      },
    );
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { email: string }).email).toBe(email);

    const [row] = await until(async () => {
      const rows = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, [email]));
      return rows[0]?.sentAt ? rows : undefined;
    }, 'the message to be marked sent');
    expect(row!.text).not.toContain('oobCode');
    expect(row!.html).not.toContain('oobCode');
  });

  it('refuses a second link within the cooldown, in words and with Retry-After, at no cost', async () => {
    const email = uniqueEmail();
    expect((await ask({ email }, '198.51.100.2')).statusCode).toBe(200);
    const rows = await signInRows();

    const again = await ask({ email }, '198.51.100.2');
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.json()).toMatchObject({ message: `You can ask for a new link in ${wait} s.` });
    expect(await signInRows()).toBe(rows);
  });

  it('sends one link when the same address asks fifty times at once', async () => {
    const email = uniqueEmail();
    const rows = await signInRows();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => ask({ email }, `198.51.100.${100 + index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(49);
    expect(await signInRows()).toBe(rows + 1);
  });

  it('counts across instances: one link when two instances are asked twenty-five times each', async () => {
    const email = uniqueEmail();
    const rows = await signInRows();
    const second = await buildTestApp(env.database.handle, { config: env.stack.config });
    try {
      const askBoth = Array.from({ length: 25 }, (_, index) => [
        ask({ email }, `198.51.100.${150 + index}`),
        second.inject({
          method: 'POST',
          url: apiRoutes.signInLink,
          payload: { email },
          remoteAddress: `198.51.100.${200 + index}`,
        }),
      ]).flat();
      const statuses = (await Promise.all(askBoth)).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(49);
    } finally {
      await second.close();
    }
    expect(await signInRows()).toBe(rows + 1);
  });

  it('keeps the link while the mail server is down and sends that same link once it is back', async () => {
    const smtp = env.stack.emulators.smtp;
    const email = uniqueEmail();
    await smtp.close();
    try {
      expect((await ask({ email }, '198.51.100.240')).statusCode).toBe(200);
      const [failed] = await until(async () => {
        const found = await db()
          .select({ id: mailOutbox.id, attempts: jobs.attempts, lastError: jobs.lastError })
          .from(mailOutbox)
          .innerJoin(jobs, and(eq(jobs.kind, 'mail'), eq(jobs.key, mailOutbox.id)))
          .where(eq(mailOutbox.to, [email]));
        return found[0] && found[0].attempts > 0 ? found : undefined;
      }, 'the first attempt to fail');
      expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(sentTo(email)).toHaveLength(0);

      // Back up: the queue's retry sends the message it kept, with the link it was made with.
      await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
      await db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.key, failed!.id));
      expect(await env.stack.app.services.mail.deliverDue()).toBe(1);
    } finally {
      if (!smtp.listening) await smtp.listen({ host: '127.0.0.1', port: env.stack.smtpPort });
    }
    const [message] = sentTo(email);
    expect(sentTo(email)).toHaveLength(1);
    expect(
      await db()
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, [email])),
    ).toHaveLength(1);
    const code = new URL(/https?:\/\/\S*oobCode=\S+/.exec(message!.text)![0]).searchParams.get(
      'oobCode',
    );
    const signedIn = await fetch(
      `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=any`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, oobCode: code }),
      },
    );
    expect(signedIn.status).toBe(200);
  });

  it('allows 5 links an hour to one address', async () => {
    const email = uniqueEmail();
    for (let sent = 0; sent < 5; sent += 1) {
      await cooldownOver(email);
      expect((await ask({ email }, `198.51.100.${10 + sent}`)).statusCode).toBe(200);
    }
    await cooldownOver(email);
    const sixth = await ask({ email }, '198.51.100.20');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('allows one client 10 links an hour, to any addresses', async () => {
    const client = '203.0.113.7';
    const rows = await signInRows();
    for (let sent = 0; sent < 10; sent += 1) {
      expect((await ask({ email: uniqueEmail() }, client)).statusCode).toBe(200);
    }
    const eleventh = await ask({ email: uniqueEmail() }, client);
    expect(eleventh.statusCode).toBe(429);
    expect(await signInRows()).toBe(rows + 10);
    // Another client is not held up.
    expect((await ask({ email: uniqueEmail() }, '203.0.113.8')).statusCode).toBe(200);
  });

  it('refuses a body of the wrong shape with 400, at no cost', async () => {
    const rows = await signInRows();
    for (const body of [{}, { email: 'not an address' }, { email: uniqueEmail(), extra: 1 }]) {
      expect((await ask(body, '198.51.100.250')).statusCode).toBe(400);
    }
    expect(await signInRows()).toBe(rows);
  });
});

describe('sign-in links where Firebase sends them (SIGN_IN_MAIL=firebase)', () => {
  const env = useStack('pglite', { env: { SIGN_IN_MAIL: 'firebase' } });

  it('answers 404 before reading the body, and mails nothing', async () => {
    const answer = await env.stack.app.inject({
      method: 'POST',
      url: apiRoutes.signInLink,
      payload: { email: uniqueEmail() },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      message: 'Firebase sends the sign-in links of this site.',
    });
    const [{ n }] = (await env.database.handle.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'sign-in'))) as [{ n: number }];
    expect(n).toBe(0);
  });
});
