/**
 * Identifiers in the shapes PayPal uses, so that code which stores or
 * parses them (length limits, prefixes) meets realistic values locally.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomChars(length: number, alphabet = UPPER_ALNUM): string {
  let out = '';
  for (let index = 0; index < length; index += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** e.g. INV2-Z56S-5LLA-Q52L-CPZ5 (24 characters; PayPal allows 30). */
export const invoiceId = () => `INV2-${[4, 4, 4, 4].map((n) => randomChars(n)).join('-')}`;

/** Line item ids, e.g. ITEM-8A4B5C6D7E8F9G0H1 (PayPal allows 22). */
export const itemId = () => `ITEM-${randomChars(17)}`;

/** Payment and refund transaction ids: 17 characters, as PayPal's capture ids. */
export const transactionId = () => randomChars(17);

/** Webhook event ids, e.g. WH-2WR32451HC0233532-67976317FL4543714. */
export const webhookEventId = () => `WH-${randomChars(17)}-${randomChars(17)}`;

/** Transmission ids are UUIDs on PayPal's webhooks. */
export const transmissionId = () => randomUUID();

/** The `debug_id` of error bodies: 13 lowercase hex digits. */
export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

export const accessToken = () =>
  `A21AA${randomBytes(69).toString('base64url').replace(/[-_]/g, 'x')}`;

export const templateId = () => `TEMP-${randomChars(17)}`;

export const certificateId = () =>
  `CERT-${[0, 1, 2].map(() => randomBytes(4).toString('hex')).join('-')}`;
