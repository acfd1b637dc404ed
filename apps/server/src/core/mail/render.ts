/**
 * An e-mail's HTML part from its React element. Rendered synchronously to
 * static markup: messages are written inside request transactions, and
 * nothing in them waits for data.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export function renderMailHtml(message: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(message)}`;
}
