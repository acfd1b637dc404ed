/**
 * What keeps the browser log channel from flooding the server log: a byte
 * budget a minute per log token and per client address (429 with
 * Retry-After past either), and the same message from one address within
 * a minute written once, then again with its count at the 10th, 100th, ...
 * repeat. Counted in Postgres, so every instance holds the same line.
 */
import { createHash } from 'node:crypto';
import type { LogPushRequest } from '@wifi7/contract';
import { retryAfterSeconds, type WindowCount, type WindowCounter } from '../../lib/window-counter';

export const WEB_LOG_BYTES_PER_MINUTE = { perToken: 16 * 1024, perAddress: 32 * 1024 };

const MINUTE_MS = 60_000;

/**
 * Charges the message's bytes to the token and the address; past either
 * budget, answers the seconds until the later of the exceeded windows ends.
 */
export async function chargeLogBytes(
  counter: WindowCounter,
  from: { tokenId: string; address: string },
  message: string,
): Promise<number | undefined> {
  const bytes = Buffer.byteLength(message, 'utf8');
  const [byToken, byAddress] = await Promise.all([
    counter(`web-log-bytes:token:${from.tokenId}`, MINUTE_MS, bytes),
    counter(`web-log-bytes:ip:${from.address}`, MINUTE_MS, bytes),
  ]);
  const over = [
    byToken.total > WEB_LOG_BYTES_PER_MINUTE.perToken ? byToken : undefined,
    byAddress.total > WEB_LOG_BYTES_PER_MINUTE.perAddress ? byAddress : undefined,
  ].filter((count): count is WindowCount => count !== undefined);
  return over.length > 0 ? Math.max(...over.map(retryAfterSeconds)) : undefined;
}

/**
 * Whether to write this line now: the first time the address sends it in
 * the minute (`repeated` undefined), and at the 10th, 100th, ... time with
 * that count; otherwise `write` is false.
 */
export async function repeatsOf(
  counter: WindowCounter,
  address: string,
  line: LogPushRequest,
): Promise<{ write: boolean; repeated?: number }> {
  const digest = createHash('sha256')
    .update(`${line.severity ?? 'DEBUG'}\n${line.message}`)
    .digest('base64url');
  const { total } = await counter(`web-log-line:ip:${address}:${digest}`, MINUTE_MS);
  if (total === 1) return { write: true };
  return isPowerOfTen(total) ? { write: true, repeated: total } : { write: false };
}

function isPowerOfTen(value: number): boolean {
  let rest = value;
  while (rest >= 10 && rest % 10 === 0) rest /= 10;
  return rest === 1 && value >= 10;
}
