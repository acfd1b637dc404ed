/**
 * A verified ID token is remembered until it expires, so a buyer's burst of
 * calls verifies it once; a token that fails is never remembered.
 */
import { apiRoutes } from '@wifi7/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  createFirebaseVerifier,
  type IdTokenVerifier,
} from '../src/modules/identity/firebase-verifier';
import { testConfig } from './support/app';
import { signInWithEmailLink, uniqueEmail } from './support/auth-emulator';
import { loadTestCatalog } from './support/catalog';
import { createTestDatabase, type TestDatabase } from './support/databases';

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
