/**
 * The local inbox: every message the product would have e-mailed (sign-in
 * links, invoices, payment links, enrolments), kept in memory, newest first.
 */
import { randomUUID } from 'node:crypto';

export type MessageKind = 'sign-in' | 'invoice' | 'payment-link' | 'enrollment' | 'notice';

export interface MessageLink {
  label: string;
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
}

export type NewMessage = Omit<InboxMessage, 'id' | 'receivedAt'>;

const MAX_MESSAGES = 1000;

export class Inbox {
  private readonly messages: InboxMessage[] = [];

  add(message: NewMessage): InboxMessage {
    const stored: InboxMessage = {
      ...message,
      to: message.to.toLowerCase(),
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
    };
    this.messages.unshift(stored);
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
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

  clear(): void {
    this.messages.length = 0;
  }
}
