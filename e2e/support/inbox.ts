/** Reads the local inbox of the emulators, as a person would check their mail. */
import { expect } from '@playwright/test';
import { inboxUrl } from './urls';

export interface InboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  links: { label: string; href: string }[];
  /** The HTML part of a message the site sent over SMTP. */
  html?: string;
}

export async function messagesTo(email: string): Promise<InboxMessage[]> {
  const response = await fetch(`${inboxUrl}/api/inbox/messages?to=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { messages: InboxMessage[] };
  return body.messages;
}

/** Waits until a message of `kind` reaches `email`, and returns the newest. */
export async function waitForMessage(email: string, kind: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(email)).find((message) => message.kind === kind);
        return found !== undefined;
      },
      { timeout: 60_000, message: `a ${kind} message to ${email}` },
    )
    .toBe(true);
  return found!;
}

export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
