/**
 * Pieces shared by the emulators' pages for people: tables of records,
 * the small forms that post to a control API, and the notice such a post
 * comes back with.
 */
import { type RawHtml, html } from './html';

/** A table with one header row; `rows` are its `<tr>`s. */
export function table(columns: readonly string[], rows: readonly RawHtml[]): RawHtml {
  return html`<table>
    <thead>
      <tr>
        ${columns.map((column) => html`<th scope="col">${column}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

/** The table in a card, or, with no rows, a muted card saying `empty`. */
export function tableCard(
  columns: readonly string[],
  rows: readonly RawHtml[],
  empty: string,
): RawHtml {
  return rows.length === 0
    ? html`<p class="card muted">${empty}</p>`
    : html`<div class="card">${table(columns, rows)}</div>`;
}

/**
 * A button that posts to a control action. A plain form, so that it works
 * without script; the control API sends the browser back to the page.
 */
export function postButton(
  action: string,
  label: string,
  { secondary = false }: { secondary?: boolean } = {},
): RawHtml {
  return html`<form class="inline" method="post" action="${action}">
    <button type="submit" class="${secondary ? 'secondary' : ''}">${label}</button>
  </form>`;
}

/** What a control action reported, passed back to the page as `?notice=`. */
export function notice(text: string | undefined): RawHtml | '' {
  return text ? html`<p class="card" role="alert">${text}</p>` : '';
}
