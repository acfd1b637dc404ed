/**
 * An offer link opened while signed out (a waitlist offer, or a company's
 * seat invite): the link is remembered here (this browser, any tab, for an
 * hour) while the visitor signs in, so the sign-in link, which always lands
 * on the workshop page, can bring them back to it.
 */
import { SEAT_INVITE_PAGE, WAITLIST_OFFER_PAGE } from '@wifi7/contract';

const KEY = 'waitlistOfferReturn';
const KEEP_MS = 60 * 60 * 1000;

/** The pages an offer link opens; nothing else is brought back to. */
const OFFER_PAGES = [WAITLIST_OFFER_PAGE, SEAT_INVITE_PAGE];
const isOfferLink = (path: string) => OFFER_PAGES.some((page) => path.startsWith(`${page}?`));

interface Stored {
  path: string;
  at: number;
}

/** Remembers the offer page's address (path and query) to come back to after signing in. */
export function rememberOfferReturn(path: string, now = Date.now()): void {
  if (!isOfferLink(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: now } satisfies Stored));
  } catch {
    // Storage refused (private mode): the visitor opens the link again by hand.
  }
}

/** The remembered offer page, once, if it was remembered within the hour. */
export function takeOfferReturn(now = Date.now()): string | null {
  let stored: Partial<Stored> | null = null;
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    localStorage.removeItem(KEY);
    stored = JSON.parse(raw) as Partial<Stored>;
  } catch {
    return null;
  }
  const { path, at } = stored ?? {};
  if (typeof path !== 'string' || typeof at !== 'number') return null;
  if (!isOfferLink(path) || now - at > KEEP_MS || now < at) return null;
  return path;
}
