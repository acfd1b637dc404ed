/**
 * The hand-off signature the courses portal checks:
 * `X-Handoff-Signature: v1=<lowercase hex HMAC-SHA256(secret, timestamp + "." + raw body)>`
 * with `X-Handoff-Timestamp` in unix seconds. The raw bytes are signed, so
 * the check runs before the body is parsed; the timestamp bounds replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = 'v1';
/** Older (or further in the future) timestamps are refused. */
export const TOLERANCE_SECONDS = 5 * 60;

export function handoffSignature(
  secret: string,
  timestamp: string,
  rawBody: Buffer | string,
): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `${SIGNATURE_VERSION}=${hmac.digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; error: string };

export interface SignatureInput {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  nowMs: number;
}

export function checkHandoffSignature(input: SignatureInput): SignatureCheck {
  const { secret, timestamp, signature, rawBody, nowMs } = input;
  if (!timestamp) return { ok: false, error: 'Missing X-Handoff-Timestamp header.' };
  if (!signature) return { ok: false, error: 'Missing X-Handoff-Signature header.' };
  if (!/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, error: 'X-Handoff-Timestamp must be unix time in seconds.' };
  }
  if (!/^v1=[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, error: 'X-Handoff-Signature must be v1=<64 lowercase hex digits>.' };
  }
  const expected = Buffer.from(handoffSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, error: 'Signature does not match.' };
  }
  const ageSeconds = nowMs / 1000 - Number(timestamp);
  if (ageSeconds > TOLERANCE_SECONDS)
    return { ok: false, error: 'Timestamp is older than 5 minutes.' };
  if (ageSeconds < -TOLERANCE_SECONDS) {
    return { ok: false, error: 'Timestamp is more than 5 minutes in the future.' };
  }
  return { ok: true };
}
