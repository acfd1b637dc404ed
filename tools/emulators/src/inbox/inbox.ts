/**
 * The local inbox: every message the product would have e-mailed (sign-in
 * links, invoices, payment links, enrolments) and every message our site
 * sent over SMTP, kept in memory, newest first.
 */
import { randomUUID } from 'node:crypto';

export type MessageKind = 'sign-in' | 'invoice' | 'payment-link' | 'enrollment' | 'notice' | 'smtp';

export interface MessageLink {
  label: string;
  href: string;
}

/** A file that came with a message; its bytes are served at `href`. */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  size: number;
  href: string;
}

export interface InboxMessage {
  id: string;
  receivedAt: string;
  kind: MessageKind;
  from: string;
  to: string;
  subject: string;
  /** Plain-text body; links are listed separately so they render as buttons. */
  text: string;
  links: MessageLink[];
  /** The HTML part, when the message had one (mail received over SMTP). */
  html?: string;
  attachments?: MessageAttachment[];
  /** The Message-ID header, when the message had one. */
  messageId?: string;
}

export type NewMessage = Omit<InboxMessage, 'id' | 'receivedAt' | 'attachments'>;

export interface NewAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

const MAX_MESSAGES = 1000;

export class Inbox {
  private readonly messages: InboxMessage[] = [];
  private readonly files = new Map<string, NewAttachment[]>();

  add(message: NewMessage, attachments: NewAttachment[] = []): InboxMessage {
    const id = randomUUID();
    const stored: InboxMessage = {
      ...message,
      to: message.to.toLowerCase(),
      id,
      receivedAt: new Date().toISOString(),
      ...(attachments.length > 0
        ? {
            attachments: attachments.map((file, index) => ({
              filename: file.filename,
              contentType: file.contentType,
              size: file.content.length,
              href: `/api/inbox/messages/${id}/attachments/${index}`,
            })),
          }
        : {}),
    };
    if (attachments.length > 0) this.files.set(id, attachments);
    this.messages.unshift(stored);
    for (const dropped of this.messages.splice(MAX_MESSAGES)) this.files.delete(dropped.id);
    return stored;
  }

  /** Newest first; only one recipient's messages when `to` is given. */
  list(to?: string): InboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.messages.filter((message) => message.to === wanted) : [...this.messages];
  }

  get(id: string): InboxMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  attachment(messageId: string, index: number): NewAttachment | undefined {
    return this.files.get(messageId)?.[index];
  }

  clear(): void {
    this.messages.length = 0;
    this.files.clear();
  }
}
