/**
 * Zoho Payments signs each webhook delivery: header
 * `X-Zoho-Webhook-Signature: t=<ms>,v=<hex>` where v is
 * HMAC-SHA256(signing key, t + "." + raw body).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const MAX_AGE_MS = 15 * 60_000;

export function verifyZohoWebhookSignature(
  header: string | undefined,
  rawBody: string,
  signingKey: string,
  nowMs = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=');
      return [key ?? '', rest.join('=')] as const;
    }),
  );
  const timestamp = parts.get('t');
  const signature = parts.get('v');
  if (!timestamp || !signature || !/^\d+$/.test(timestamp) || !/^[0-9a-f]+$/i.test(signature))
    return false;
  if (Math.abs(nowMs - Number(timestamp)) > MAX_AGE_MS) return false;
  const expected = createHmac('sha256', signingKey).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header Zoho would send, for the emulator-free tests. */
export function signZohoWebhook(rawBody: string, signingKey: string, nowMs = Date.now()): string {
  const signature = createHmac('sha256', signingKey).update(`${nowMs}.${rawBody}`).digest('hex');
  return `t=${nowMs},v=${signature}`;
}
