/**
 * HTML for e-mails: a tagged template that escapes every value it is given
 * (names, notes and batch descriptions come from people), and one plain
 * layout with inline styles — mail programs ignore style sheets. No remote
 * images, fonts or pixels: nothing in our mail reports back when it is read.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + render(values[index - 1]) + part));
}

const NAVY = '#0b1f3a';
const SKY = '#0369a1';

export const styles = {
  heading: `margin:0 0 16px;font-size:22px;line-height:1.3;color:${NAVY}`,
  subheading: `margin:24px 0 8px;font-size:16px;color:${NAVY}`,
  paragraph: 'margin:0 0 12px;font-size:15px;line-height:1.55;color:#1e293b',
  muted: 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#475569',
  table: 'border-collapse:collapse;width:100%;font-size:14px;color:#1e293b',
  cell: 'padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top',
  headerCell:
    'padding:6px 8px;border-bottom:2px solid #cbd5e1;text-align:left;font-weight:600;color:#334155',
  button: `display:inline-block;padding:11px 20px;border-radius:8px;background:${SKY};color:#ffffff;font-weight:600;font-size:15px;text-decoration:none`,
  link: `color:${SKY}`,
} as const;

/** The page around a message: a white card on a light background, readable on a phone. */
export function layout(title: string, body: SafeHtml, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:20px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:24px 22px 12px;overflow-wrap:anywhere;word-break:break-word">${body.value}</td></tr>
<tr><td style="padding:12px 22px 20px;border-top:1px solid #e2e8f0"><p style="${styles.muted}">${escapeHtml(footer)}</p></td></tr>
</table></td></tr></table>
</body></html>`;
}
