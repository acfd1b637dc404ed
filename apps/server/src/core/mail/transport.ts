/**
 * Sending one message over SMTP with nodemailer, to whatever server
 * SMTP_URL names (Amazon SES, Postmark, a Google Workspace relay, the local
 * emulators …). Every step has a time-out, so a send always ends well
 * within the outbox's claim on the row. The Message-ID is made from the
 * outbox row's id: a retried message keeps it.
 */
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an .ics calendar). */
  content: string;
}

/** What a message says, whoever writes or sends it. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MessageToSend extends Required<MailContent> {
  /** The outbox row's id; becomes the Message-ID. */
  id: string;
  to: string[];
}

export interface SmtpAcceptance {
  messageId: string;
  /** The server's answer, e.g. "250 Ok 0100018c…" (SES's own message id). */
  response: string;
}

/**
 * The mail server refused the message for good: a 5xx answer to its
 * recipient (RCPT TO, e.g. "550 5.1.1 user unknown") or to the message
 * itself (DATA). Sending it again as it is would be refused again. A 5xx to
 * the sender or the log-in is the site's own set-up, and is not this: it is
 * retried like any other failure while the seller puts it right.
 */
export class MailRefusedError extends Error {
  constructor(
    /** The server's answer, e.g. "550 5.1.1 <a@b.c>: user unknown". */
    readonly answer: string,
  ) {
    super(`The mail server refused the message: ${answer}`);
    this.name = 'MailRefusedError';
  }
}

/** nodemailer's error for an SMTP answer: its code, the command answered and the answer. */
interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

/** The permanent refusal in a send's error, or undefined when trying again may work. */
export function refusalOf(error: unknown): MailRefusedError | undefined {
  const { code, command, responseCode, response } = (error ?? {}) as SmtpError;
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return;
  const aboutTheMessage = command === 'RCPT TO' || command === 'DATA' || code === 'EMESSAGE';
  if (!aboutTheMessage) return;
  return new MailRefusedError((response ?? String(responseCode)).trim().slice(0, 500));
}

export interface MailTransport {
  send(message: MessageToSend): Promise<SmtpAcceptance>;
  close(): void;
}

export interface SmtpSettings {
  /** smtp://user:password@host:587 or smtps://user:password@host:465. */
  url: string;
  /** `"Wi-Fi 7 Workshop" <workshop@example.com>`. */
  from: string;
  /** Refuse to send over a connection that STARTTLS did not encrypt (production). */
  requireTls: boolean;
}

/** The domain of the sender's address, for Message-IDs. */
export function senderDomain(from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  return sender?.address.split('@')[1] ?? 'localhost';
}

/** Where mail goes, without the credentials: safe to log. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.username ? ' (with credentials)' : ''}`;
}

export function smtpTransport(settings: SmtpSettings): MailTransport {
  const fromUrl = parseConnectionUrl(settings.url);
  const transporter = nodemailer.createTransport(
    {
      ...fromUrl,
      // smtp:// upgrades with STARTTLS (port 587), smtps:// is TLS from the first byte (465).
      // The URL's own ?requireTLS=… wins over the default.
      requireTLS:
        typeof fromUrl.requireTLS === 'boolean'
          ? fromUrl.requireTLS
          : !fromUrl.secure && settings.requireTls,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      dnsTimeout: 10_000,
    },
    { from: settings.from },
  );
  const domain = senderDomain(settings.from);
  return {
    async send(message) {
      const info = await transporter
        .sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
          messageId: `<${message.id}@${domain}>`,
        })
        .catch((error: unknown) => {
          throw refusalOf(error) ?? error;
        });
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}
