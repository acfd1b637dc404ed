import { describe, expect, it } from 'vitest';
import { notice, postButton, table, tableCard } from './fragments';
import { html } from './html';

/** The markup without the white space between tags, which the pages' layout ignores. */
const text = (value: { toString(): string }) => value.toString().replace(/>\s+</g, '><');
const row = (cell: string) =>
  html`<tr>
    <td>${cell}</td>
  </tr>`;

describe('page fragments', () => {
  it('writes a table with a header cell per column, escaped', () => {
    const rows = [row('1'), row('2')];
    expect(text(table(['A & B', ''], rows))).toBe(
      '<table><thead><tr><th scope="col">A &amp; B</th><th scope="col"></th></tr></thead>' +
        '<tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>',
    );
  });

  it('puts the table in a card, or says it is empty', () => {
    expect(text(tableCard(['A'], [row('1')], 'None yet.'))).toMatch(
      /^<div class="card"><table>.*<td>1<\/td>.*<\/table><\/div>$/,
    );
    expect(text(tableCard(['A'], [], 'None <yet>.'))).toBe(
      '<p class="card muted">None &lt;yet&gt;.</p>',
    );
  });

  it('posts to the action from a plain form, secondary when asked', () => {
    expect(text(postButton('/x/pay?a=1&b=2', 'Pay'))).toBe(
      '<form class="inline" method="post" action="/x/pay?a=1&amp;b=2"><button type="submit" class="">Pay</button></form>',
    );
    expect(text(postButton('/x', 'Refund', { secondary: true }))).toContain('class="secondary"');
  });

  it('shows a notice only when there is one', () => {
    expect(notice(undefined)).toBe('');
    expect(text(notice('<b>done</b>'))).toBe(
      '<p class="card" role="alert">&lt;b&gt;done&lt;/b&gt;</p>',
    );
  });
});
