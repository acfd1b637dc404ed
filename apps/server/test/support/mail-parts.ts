/**
 * What every e-mail template's tests check of its two parts: a fact reads
 * the same in the text and (escaped) in the HTML, a link goes where it
 * says, and nothing in the HTML loads from anywhere.
 */
import escapeHtml from 'escape-html';
import { expect } from 'vitest';
import type { MailContent } from '../../src/core/mail/transport';

/** A value as someone might type it into a name or a note. */
export const TYPED = '<b>Ada & "Co"</b>';

export function expectInBothParts(mail: MailContent, facts: string[]): void {
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(mail.html).toContain(escapeHtml(fact));
  }
}

/** The typed value is shown as typed, never as markup. */
export function expectEscaped(mail: MailContent): void {
  expect(mail.text).toContain(TYPED);
  expect(mail.html).toContain(escapeHtml(TYPED));
  expect(mail.html).not.toContain('<b>Ada');
}

/** The link is readable in the text (after its label, if any), and a link in the HTML. */
export function expectLink(mail: MailContent, href: string, label?: string): void {
  expect(mail.text).toContain(label ? `${label}: ${href}` : href);
  expect(mail.html).toContain(`href="${escapeHtml(href)}"`);
}

/** Every link of the HTML part, in order. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

export function expectNothingRemote(html: string): void {
  expect(html).not.toMatch(/<img|<script|<link|url\(|src=/i);
}
