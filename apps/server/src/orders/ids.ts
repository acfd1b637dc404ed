import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of Crockford base32 (80 random bits): short enough for every provider's reference field. */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/**
 * The PayPal invoice number of an order: derived from its id, so a retry
 * after a lost answer can search for the invoice it already made. PayPal
 * wants fewer than 25 characters.
 */
export function invoiceNumberFor(orderId: string): string {
  return `W7-${orderId}`;
}
