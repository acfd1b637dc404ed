/**
 * An SMTP server that takes whatever our site sends (its own e-mail, as it
 * would send it to Amazon SES, Postmark or any other provider) and puts
 * each message in the local inbox, once for every recipient of the
 * envelope, with its HTML part and attachments.
 *
 * Plain SMTP on a local port: no STARTTLS (the site would refuse our
 * self-made certificate), and any user name and password are accepted, so
 * an SMTP_URL with credentials works as well as one without. It can be
 * stopped and started again on the same port, as a mail server that goes
 * down and comes back. A recipient whose local part starts with "bounce"
 * (bounce@…, bounce.ada@…) is refused for good, as a mailbox that does not
 * exist: `550 5.1.1 <address>: user unknown`.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Inbox } from '../inbox/inbox';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Recipients refused as unknown mailboxes, so a permanent refusal can be tried locally. */
const REFUSED_RECIPIENT = /^bounce/i;

export interface SmtpReceiverOptions {
  onError?: (message: string, error: unknown) => void;
}

export class SmtpReceiver {
  private server: SMTPServer | undefined;
  private received = 0;

  constructor(
    private readonly inbox: Inbox,
    private readonly options: SmtpReceiverOptions = {},
  ) {}

  get listening(): boolean {
    return this.server !== undefined;
  }

  /** How many messages were accepted since the start (each once, whatever its recipients). */
  get acceptedCount(): number {
    return this.received;
  }

  /** Starts listening; answers the port (useful with port 0). */
  async listen(where: { host: string; port: number }): Promise<number> {
    if (this.server) throw new Error('The SMTP receiver is already listening');
    const server = new SMTPServer({
      name: 'inbox.emulators.local',
      banner: 'Local emulators inbox',
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      size: MAX_MESSAGE_BYTES,
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
      onRcptTo: (address, _session, callback) => {
        if (!REFUSED_RECIPIENT.test(address.address)) return callback();
        const refusal = new Error(`5.1.1 <${address.address}>: user unknown`);
        callback(Object.assign(refusal, { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
              callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
              return;
            }
            const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
            this.deliver(parsed, recipients);
            this.received += 1;
            callback(null, `Message queued as ${this.received}`);
          })
          .catch((error: unknown) => {
            this.options.onError?.('an SMTP message could not be read', error);
            callback(error as Error);
          });
      },
    });
    server.on('error', (error) => this.options.onError?.('SMTP receiver error', error));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(where.port, where.host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  /** Stops listening and drops open connections, as a mail server that went down. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private deliver(parsed: ParsedMail, recipients: string[]): void {
    const attachments = parsed.attachments.map((file) => ({
      filename: file.filename ?? 'attachment',
      contentType: file.contentType,
      content: file.content,
    }));
    for (const to of recipients) {
      this.inbox.add(
        {
          kind: 'smtp',
          from: parsed.from?.text ?? '',
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          links: typeof parsed.html === 'string' ? linksOf(parsed.html) : [],
          ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
          ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
        },
        attachments,
      );
    }
  }
}

const ANCHOR = /<a\b[^>]*?\bhref="(https?:[^"]+)"[^>]*>([\s\S]*?)<\/a>/gi;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
/** HTML's character references: the named ones our messages use, and every numeric one. */
const decode = (text: string) =>
  text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|lt|gt));/gi,
    (_, decimal?: string, hex?: string, name?: string) =>
      decimal
        ? String.fromCodePoint(Number(decimal))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : ENTITIES[name!.toLowerCase()]!,
  );

/**
 * The web links of a message's HTML, each once, labelled by its first
 * anchor's text: the inbox lists them as buttons, as it does the links of
 * the messages it makes itself.
 */
export function linksOf(html: string): { label: string; href: string }[] {
  const links = new Map<string, string>();
  for (const [, href, inner] of html.matchAll(ANCHOR)) {
    const target = decode(href!);
    // Mail buttons pad their label with hair and zero-width spaces for Outlook.
    const label = decode(inner!.replace(/<[^>]*>/g, ''))
      .replace(/[\u200b-\u200d\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!links.has(target)) links.set(target, label || target);
  }
  return [...links].map(([href, label]) => ({ label, href }));
}
