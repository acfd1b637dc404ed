/**
 * A verified ID token is remembered for a minute at most, so a buyer's burst
 * of calls verifies it once; a token that fails is never remembered; and an
 * account disabled or deleted meanwhile loses access within that minute.
 */
import { apiRoutes, sellerOrderRoutes } from '@wifi7/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import {
  createFirebaseVerifier,
  type IdTokenVerifier,
} from '../src/core/identity/firebase-verifier';
import { buildTestApp, testConfig } from './support/app';
import {
  deleteAccount,
  disableAccount,
  signInWithEmailLink,
  uniqueEmail,
} from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe('verified tokens', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const verified: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await loadTestCatalog(database.handle.db);
    const config = testConfig();
    const firebase = createFirebaseVerifier(config.firebase);
    const counting: IdTokenVerifier = {
      verify: (token) => {
        verified.push(token);
        return firebase.verify(token);
      },
      signInLink: (email, continueUrl) => firebase.signInLink(email, continueUrl),
      close: () => firebase.close(),
    };
    app = await buildApp({ config, database: database.handle, verifier: counting, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const list = (token: string) =>
    app.inject({ url: apiRoutes.workshopList, headers: { authorization: `Bearer ${token}` } });

  it('verifies a token once for many calls', async () => {
    const { idToken } = await signInWithEmailLink(uniqueEmail());
    for (let call = 0; call < 3; call += 1) expect((await list(idToken)).statusCode).toBe(200);
    expect(verified.filter((token) => token === idToken)).toHaveLength(1);
  });

  it('verifies a refused token again on every call', async () => {
    const { idToken } = await signInWithEmailLink(uniqueEmail());
    const broken = `${idToken.slice(0, 20)}broken`;
    for (const token of [broken, broken]) expect((await list(token)).statusCode).toBe(401);
    expect(verified.filter((token) => token === broken)).toHaveLength(2);
  });
});

describe.each(databaseKinds)('an account closed after its token was verified, on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  // Sellers of this suite only: other suites sign the shared seller address in.
  const sellers = {
    disabled: uniqueEmail('seller.disabled'),
    deleted: uniqueEmail('seller.deleted'),
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await loadTestCatalog(database.handle.db);
    app = await buildTestApp(database.handle, {
      config: testConfig({ SELLER_EMAILS: Object.values(sellers).join(',') }),
    });
    await app.ready();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const seller = (idToken: string) =>
    app.inject({
      url: sellerOrderRoutes.attention,
      headers: { authorization: `Bearer ${idToken}` },
    });
  // A money route: past authentication, an empty body is refused with 400.
  const invoice = (idToken: string) =>
    app.inject({
      method: 'POST',
      url: apiRoutes.paypalInvoice,
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      payload: '{}',
    });

  it.each([['disabled', disableAccount] as const, ['deleted', deleteAccount] as const])(
    '%s, it loses access within a minute on seller and money routes',
    async (how, close) => {
      const { idToken, uid } = await signInWithEmailLink(sellers[how]);
      // Only the clock the cache reads moves; nothing sleeps.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      expect((await seller(idToken)).statusCode).toBe(200);
      expect((await invoice(idToken)).statusCode).toBe(400);

      await close(uid);
      vi.setSystemTime(Date.now() + 60_000);
      expect((await seller(idToken)).statusCode).toBe(401);
      expect((await invoice(idToken)).statusCode).toBe(401);
    },
  );
});
