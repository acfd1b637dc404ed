/**
 * The shared access tokens (lib/shared-access-tokens.ts) in Postgres, one
 * row per key. A fresh token is read without any lock. A stale one is
 * refreshed by whoever takes the row's lease: a conditional upsert that
 * succeeds only while the row is stale, unleased and not refused, so two
 * instances never both refresh and a lease whose holder died lapses. The
 * provider call runs outside any transaction (on PGlite a transaction
 * would hold up every other query); the others poll the row meanwhile.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  AccessTokenGrant,
  RefreshOutcome,
  SharedAccessToken,
  SharedAccessTokens,
} from '../lib/shared-access-tokens';
import type { Db } from './client';
import { providerAccessTokens as tokens } from './schema';

/** How often a caller waiting for another's refresh reads the row again. */
const WAIT_STEP_MS = 100;

const fromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
const msUntil = (column: typeof tokens.expiresAt | typeof tokens.refusedUntil) =>
  sql<number>`extract(epoch from (${column} - now())) * 1000`.mapWith(Number);

export function databaseAccessTokens(db: Db): SharedAccessTokens {
  const read = async (key: string) => {
    const [row] = await db
      .select({
        accessToken: tokens.accessToken,
        expiresInMs: msUntil(tokens.expiresAt),
        refusedForMs: msUntil(tokens.refusedUntil),
        refusal: tokens.refusal,
      })
      .from(tokens)
      .where(eq(tokens.key, key));
    return row;
  };

  /** Takes the lease when the row is stale, unleased and not refused; false when it is not ours. */
  const claim = async (key: string, marginMs: number, leaseMs: number): Promise<boolean> => {
    const claimed = await db
      .insert(tokens)
      .values({ key, leasedUntil: fromNow(leaseMs) })
      .onConflictDoUpdate({
        target: tokens.key,
        set: { leasedUntil: fromNow(leaseMs), updatedAt: sql`now()` },
        where: and(
          sql`(${tokens.expiresAt} is null or ${tokens.expiresAt} <= ${fromNow(marginMs)})`,
          sql`(${tokens.leasedUntil} is null or ${tokens.leasedUntil} < now())`,
          sql`(${tokens.refusedUntil} is null or ${tokens.refusedUntil} <= now())`,
        ),
      })
      .returning({ key: tokens.key });
    return claimed.length > 0;
  };

  const store = async (key: string, outcome: RefreshOutcome): Promise<SharedAccessToken> => {
    if ('refused' in outcome) {
      await db
        .update(tokens)
        .set({
          leasedUntil: null,
          refusedUntil: fromNow(outcome.pauseMs),
          refusal: outcome.refused,
          updatedAt: sql`now()`,
        })
        .where(eq(tokens.key, key));
      return { unavailable: refusedFor(outcome.refused, outcome.pauseMs) };
    }
    await db
      .update(tokens)
      .set({
        accessToken: outcome.accessToken,
        expiresAt: fromNow(outcome.expiresInMs),
        leasedUntil: null,
        refusedUntil: null,
        refusal: null,
        updatedAt: sql`now()`,
      })
      .where(eq(tokens.key, key));
    return outcome;
  };

  const release = (key: string) =>
    db.update(tokens).set({ leasedUntil: null }).where(eq(tokens.key, key));

  return {
    async get(key, refresh, { marginMs, leaseMs }) {
      // Past two leases, whoever held the refresh has finished or lost it long ago.
      const deadline = Date.now() + 2 * leaseMs;
      for (;;) {
        const row = await read(key);
        if (row?.accessToken && row.expiresInMs > marginMs) {
          return { accessToken: row.accessToken, expiresInMs: row.expiresInMs } as AccessTokenGrant;
        }
        if (row && row.refusedForMs > 0) {
          return { unavailable: refusedFor(row.refusal ?? 'refused', row.refusedForMs) };
        }
        if (await claim(key, marginMs, leaseMs)) {
          let outcome: RefreshOutcome;
          try {
            outcome = await refresh();
          } catch (error) {
            await release(key);
            throw error;
          }
          return store(key, outcome);
        }
        if (Date.now() > deadline) {
          return { unavailable: 'another instance is still refreshing the access token' };
        }
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      }
    },

    async forget(key, accessToken) {
      await db
        .update(tokens)
        .set({ expiresAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tokens.key, key), eq(tokens.accessToken, accessToken)));
    },
  };
}

function refusedFor(refusal: string, pauseMs: number): string {
  return `${refusal}; not asked again for ${Math.ceil(pauseMs / 1000)} s`;
}
