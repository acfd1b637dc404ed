/** Tiny HTML helpers for the emulators' own pages (inbox, pay pages, portal). */

export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A tagged template that escapes every interpolated value unless it is `raw(...)`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? '');
  });
  return new RawHtml(out);
}

export class RawHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(value: string): RawHtml {
  return new RawHtml(value);
}

function renderValue(value: unknown): string {
  if (value instanceof RawHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}

const styles = `
  :root { color-scheme: light; --navy:#0b1f3a; --sky:#0284c7; --line:#e2e8f0; --muted:#475569; }
  * { box-sizing: border-box; }
  body { margin:0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:#0f172a; background:#f8fafc; }
  header.bar { background:var(--navy); color:#fff; padding:14px 20px; display:flex; gap:16px; align-items:center; flex-wrap:wrap; }
  header.bar strong { font-size:1.05rem; }
  header.bar nav a { color:#bae6fd; margin-right:14px; text-decoration:none; }
  header.bar nav a:hover { text-decoration:underline; }
  main { max-width: 880px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.4rem; margin: 0 0 8px; }
  .muted { color: var(--muted); }
  .card { background:#fff; border:1px solid var(--line); border-radius:12px; padding:16px 18px; margin:14px 0; }
  .meta { font-size:.85rem; color:var(--muted); display:flex; gap:12px; flex-wrap:wrap; }
  .kind { display:inline-block; font-size:.75rem; font-weight:600; padding:2px 8px; border-radius:999px; background:#e0f2fe; color:#075985; }
  pre { white-space: pre-wrap; font: inherit; margin: 10px 0; }
  a.button, button { display:inline-block; background:var(--sky); color:#fff; border:0; border-radius:8px; padding:9px 16px; font: inherit; font-weight:600; text-decoration:none; cursor:pointer; margin: 4px 8px 4px 0; }
  button.secondary, a.button.secondary { background:#fff; color:var(--navy); border:1px solid #94a3b8; }
  button.danger { background:#b91c1c; }
  form.inline { display:inline; }
  input, select { font: inherit; padding:8px 10px; border:1px solid #94a3b8; border-radius:8px; }
  table { border-collapse: collapse; width:100%; }
  td, th { text-align:left; padding:6px 8px; border-bottom:1px solid var(--line); }
`;

export function page(title: string, body: RawHtml, options: { nav?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body>
<header class="bar"><strong>Local emulators</strong>${
    options.nav === false
      ? ''
      : '<nav><a href="/">Inbox</a><a href="/geo">Location</a><a href="/paypal">PayPal</a><a href="/zoho">Zoho</a><a href="/portal">Courses portal</a></nav>'
  }</header>
<main>${body.value}</main>
</body></html>`;
}
