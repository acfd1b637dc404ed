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
      const info = await transporter.sendMail({
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
      });
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}
