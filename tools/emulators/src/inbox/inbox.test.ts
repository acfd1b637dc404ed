import { describe, expect, it } from 'vitest';
import { Inbox } from './inbox';

const message = (to: string, subject: string) => ({
  kind: 'notice' as const,
  from: 'noreply@example.com',
  to,
  subject,
  text: '',
  links: [],
});

describe('Inbox', () => {
  it('lists newest first and filters by recipient, ignoring case', () => {
    const inbox = new Inbox();
    inbox.add(message('Ada@Example.com', 'first'));
    inbox.add(message('bob@example.com', 'second'));
    inbox.add(message('ada@example.com', 'third'));
    expect(inbox.list().map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(inbox.list(' ADA@example.com ').map((m) => m.subject)).toEqual(['third', 'first']);
  });

  it('clears', () => {
    const inbox = new Inbox();
    inbox.add(message('a@example.com', 'x'));
    inbox.clear();
    expect(inbox.list()).toEqual([]);
  });
});
