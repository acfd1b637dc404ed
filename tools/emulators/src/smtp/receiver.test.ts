import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { Inbox } from '../inbox/inbox';
import { inboxRoutes } from '../inbox/routes';
import Fastify from 'fastify';
import { linksOf, SmtpReceiver } from './receiver';

const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe('SMTP receiver', () => {
  const receivers: SmtpReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  async function start(inbox: Inbox) {
    const receiver = new SmtpReceiver(inbox);
    receivers.push(receiver);
    const port = await receiver.listen({ host: '127.0.0.1', port: 0 });
    return { receiver, port };
  }

  const send = (url: string, to: string[]) =>
    nodemailer.createTransport(url).sendMail({
      from: '"Wi-Fi 7 Workshop" <workshop@example.com>',
      to,
      subject: 'Enrolment confirmed: Wi-Fi 7 Workshop',
      text: 'Hello Ada',
      html: '<p>Hello <strong>Ada</strong></p>',
      messageId: '<row-1@example.com>',
      attachments: [
        {
          filename: 'sessions.ics',
          contentType: 'text/calendar; charset=utf-8',
          content: calendar,
        },
      ],
    });

  it('puts each message in the inbox once per recipient, with its HTML and attachments', async () => {
    const inbox = new Inbox();
    const { receiver, port } = await start(inbox);
    const info = await send(`smtp://127.0.0.1:${port}`, ['Ada@example.com', 'bob@example.com']);
    expect(info.response).toMatch(/^250 /);
    expect(receiver.acceptedCount).toBe(1);

    const [message] = inbox.list('ada@example.com');
    expect(message).toMatchObject({
      kind: 'smtp',
      from: '"Wi-Fi 7 Workshop" <workshop@example.com>',
      subject: 'Enrolment confirmed: Wi-Fi 7 Workshop',
      text: 'Hello Ada',
      html: '<p>Hello <strong>Ada</strong></p>',
      messageId: '<row-1@example.com>',
      attachments: [{ filename: 'sessions.ics', size: calendar.length }],
    });
    expect(message!.attachments![0]!.contentType).toMatch(/^text\/calendar/);
    expect(inbox.list('bob@example.com')).toHaveLength(1);

    // The attachment can be downloaded, byte for byte.
    const app = Fastify();
    await app.register(inboxRoutes, { inbox, refresh: async () => {} });
    const download = await app.inject(message!.attachments![0]!.href);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="sessions.ics"');
    expect(download.body).toBe(calendar);
    const page = await app.inject(`/messages/${message!.id}/html`);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toBe('<p>Hello <strong>Ada</strong></p>');
    await app.close();
  });

  it('refuses a recipient whose address starts with "bounce" as an unknown mailbox', async () => {
    const inbox = new Inbox();
    const { receiver, port } = await start(inbox);
    const refused = await send(`smtp://127.0.0.1:${port}`, ['bounce.ada@example.com']).catch(
      (error: unknown) => error as { responseCode?: number; response?: string; command?: string },
    );
    expect(refused).toMatchObject({
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.1 <bounce.ada@example.com>: user unknown',
    });
    // Another recipient of the same message still gets it.
    await send(`smtp://127.0.0.1:${port}`, ['bounce@example.com', 'bob@example.com']);
    expect(inbox.list('bob@example.com')).toHaveLength(1);
    expect(inbox.list('bounce@example.com')).toHaveLength(0);
    expect(receiver.acceptedCount).toBe(1);
  });

  it('takes any credentials, and refuses connections while stopped', async () => {
    const inbox = new Inbox();
    const { receiver, port } = await start(inbox);
    await send(`smtp://user:secret@127.0.0.1:${port}`, ['ada@example.com']);
    await receiver.close();
    await expect(send(`smtp://127.0.0.1:${port}`, ['ada@example.com'])).rejects.toThrow();
    await receiver.listen({ host: '127.0.0.1', port });
    await send(`smtp://127.0.0.1:${port}`, ['ada@example.com']);
    expect(inbox.list('ada@example.com')).toHaveLength(2);
  });

  it('lists the web links of the HTML part, once each, for the inbox to show as buttons', () => {
    const html =
      '<p><a href="https://site.test/login?mode=signIn&amp;oobCode=abc" style="x"><span>Sign</span>\n in</a></p>' +
      '<p>Or copy <a href="https://site.test/login?mode=signIn&amp;oobCode=abc">https://site.test/login</a></p>' +
      '<a href="mailto:help@example.com">Help</a><a href="https://site.test/orders"></a>' +
      '<a href="https://site.test/pay?a=1&#38;b=2"><span>&#8202;&#8202;Pay&#8202;</span>&#8203;</a>';
    expect(linksOf(html)).toEqual([
      { label: 'Sign in', href: 'https://site.test/login?mode=signIn&oobCode=abc' },
      { label: 'https://site.test/orders', href: 'https://site.test/orders' },
      { label: 'Pay', href: 'https://site.test/pay?a=1&b=2' },
    ]);
  });
});
