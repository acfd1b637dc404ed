/**
 * Refused requests cost us nothing: a client refused at full speed — no
 * token, forged tokens, an address nobody proved, a signed-in non-seller,
 * rate limits, forged webhooks of both providers, browser-log pushes with
 * forged tokens — makes the server write a trickle of log (each kind of
 * refusal once a minute, then a count) and no database row per request.
 * The bytes are those the logger wrote (its stream), at the level
 * production runs at.
 */
import { apiRoutes, sellerApiRoutes } from '@wifi7/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signZohoWebhook } from '../src/integrations/zoho/webhook-signature';
import { REFUSAL_LOG_WINDOW_MS } from '../src/lib/refusal-log';
import { listAttentionItems, REFUSALS_IN_BULK } from '../src/orders/needs-attention';
import { LogCapture } from './support/app';
import { signedInBuyer, unprovenBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { useStack, type StackContext } from './support/stack';

/** Refused requests of each kind sent in a burst. */
const EACH = 150;
/** What one burst of every kind may write at most, and a minute of them. */
const BURST_BYTES = 64 * 1024;
const MINUTE_BYTES = 1024 * 1024;

const forgedToken = (index: number) =>
  `${Buffer.from('{"alg":"RS256","kid":"x"}').toString('base64url')}.${Buffer.from(
    JSON.stringify({ sub: `forged-${index}`, email: 'x@example.com' }),
  ).toString('base64url')}.c2lnbmF0dXJl`;

/** Sends EACH refused requests of every kind, one client, as fast as answers come. */
async function refuseEverything(env: StackContext, who: { unproven: string; buyer: string }) {
  const { appUrl, emulators } = env.stack;
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${appUrl}${path}`, init).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  const zohoBody = JSON.stringify({
    event_id: 1234567890123456,
    event_type: 'payment_link.paid',
    event_object: { payment_link: { payment_link_id: '1' } },
  });
  const paypalBody = JSON.stringify({
    id: 'WH-FORGED-1',
    event_type: 'INVOICING.INVOICE.PAID',
    resource: { invoice: { id: 'INV2-AAAA-BBBB-CCCC-DDDD' } },
  });
  const statuses = new Map<string, Set<number>>();
  const kinds: [string, (index: number) => Promise<number>][] = [
    ['no token', () => send(apiRoutes.paypalInvoice, { method: 'POST' })],
    [
      'forged token',
      (index) =>
        send(apiRoutes.paypalInvoice, {
          method: 'POST',
          headers: { authorization: `Bearer ${forgedToken(index)}` },
        }),
    ],
    [
      'unproven address',
      () => send(apiRoutes.workshopList, { headers: { authorization: `Bearer ${who.unproven}` } }),
    ],
    [
      'not a seller',
      () => send(sellerApiRoutes.audit, { headers: { authorization: `Bearer ${who.buyer}` } }),
    ],
    ['schedule past its limit', () => send(apiRoutes.schedule)],
    [
      'forged Zoho webhook',
      () =>
        send('/api/webhooks/zoho', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-zoho-webhook-signature': signZohoWebhook(zohoBody, 'wrong-key'),
          },
          body: zohoBody,
        }),
    ],
    [
      'forged PayPal webhook',
      (index) =>
        send('/api/webhooks/paypal', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'paypal-transmission-id': `6f1c2b4e-0000-4000-8000-${String(index).padStart(12, '0')}`,
            'paypal-transmission-time': new Date().toISOString(),
            'paypal-transmission-sig': Buffer.from(`forged ${index}`).toString('base64'),
            'paypal-cert-url': emulators.paypal.certUrl,
            'paypal-auth-algo': 'SHA256withRSA',
          },
          body: paypalBody,
        }),
    ],
    [
      'log push with a forged token',
      () =>
        send(apiRoutes.webLogsPush, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-log-token': 'v1.1.forged.AAAA' },
          body: JSON.stringify({ message: 'x' }),
        }),
    ],
  ];
  for (const [kind, request] of kinds) {
    const seen = new Set<number>();
    for (let index = 0; index < EACH; index += 1) seen.add(await request(index));
    statuses.set(kind, seen);
  }
  return statuses;
}

describe.each(databaseKinds)('requests refused at full speed on %s', (kind) => {
  // At INFO, the level production runs at.
  const logs = new LogCapture('info');
  const env = useStack(kind, { logs });

  const refusalRows = async () => {
    const result = (await env.database.handle.db.execute(
      sql`select provider, refusal, count from webhook_refusals order by provider, refusal`,
    )) as unknown as { rows: { provider: string; refusal: string; count: number }[] };
    return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
  };

  // 2,400 requests one after another: generous room on a busy machine.
  it(
    'write a trickle of log, in aggregate, and no row per request',
    { timeout: 180_000 },
    async () => {
      const who = {
        unproven: (await unprovenBuyer()).idToken,
        buyer: (await signedInBuyer()).idToken,
      };
      // A fresh minute for every kind of refusal.
      env.stack.app.refusalLog!.close();
      const startedAt = Date.now();
      const before = logs.bytes;
      const statuses = await refuseEverything(env, who);
      expect(Object.fromEntries([...statuses].map(([k, seen]) => [k, [...seen].sort()]))).toEqual({
        'no token': [401, 429],
        'forged token': [429],
        'unproven address': [403],
        'not a seller': [403],
        'schedule past its limit': [200, 429],
        'forged Zoho webhook': [401],
        'forged PayPal webhook': [400],
        'log push with a forged token': [403, 429],
      });
      const firstBurst = logs.bytes - before;
      expect(firstBurst).toBeLessThan(BURST_BYTES);
      // Within the minute, a second burst of every kind writes nothing more.
      await refuseEverything(env, who);
      const secondBurst = logs.bytes - before - firstBurst;
      // On a machine slow enough for the minute to end meanwhile, the summaries came in between.
      if (Date.now() - startedAt < REFUSAL_LOG_WINDOW_MS) expect(secondBurst).toBe(0);
      else expect(secondBurst).toBeLessThan(BURST_BYTES);
      // No row per refused webhook: counted in memory until the minute's flush.
      expect(await refusalRows()).toEqual([]);

      // The minute ends: one summary line per kind with its count.
      const beforeSummaries = logs.bytes;
      env.stack.app.refusalLog!.close();
      const summaries = logs.lines.filter((line) => typeof line.refusals === 'number');
      expect(summaries.length).toBeGreaterThan(0);
      const summaryBytes = logs.bytes - beforeSummaries;
      expect(firstBurst + summaryBytes).toBeLessThan(MINUTE_BYTES);
      expect(
        summaries.find((line) => line.route === '/api/webhooks/zoho' && line.statusCode === 401),
      ).toMatchObject({ refusals: 2 * EACH - 1 });
      // The seller still sees the flood of forged webhooks once the counts are flushed.
      await env.stack.app.webhookRefusals!.flush();
      expect(await refusalRows()).toEqual([
        { provider: 'paypal', refusal: 'forged', count: 2 * EACH },
        { provider: 'zoho', refusal: 'forged', count: 2 * EACH },
      ]);
      const flood = (await listAttentionItems(env.database.handle.db)).filter(
        (item) => item.kind === 'webhooks-refused',
      );
      expect(flood).toHaveLength(2);
      expect(2 * EACH).toBeGreaterThanOrEqual(REFUSALS_IN_BULK);
    },
  );
});
