/**
 * Only a proven e-mail-link sign-in acts. Someone opens a password account
 * on an address (a buyer's, or the seller's) before its owner's first
 * sign-in; the owner's link sign-in verifies the address and Firebase keeps
 * the password, so the opener's password sign-in yields a verified token
 * for the owner's address — with `sign_in_provider: "password"`, exactly as
 * a link sign-in's. The server refuses such an account with 403, deletes it
 * (the password and every session die), and the owner's next link sign-in
 * is accepted.
 */
import { apiErrorReasons, apiRoutes, sellerOrderRoutes } from '@wifi7/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, LogCapture, testConfig } from './support/app';
import {
  preHijackedAccount,
  refreshIdToken,
  signInWithEmailLink,
  signInWithPassword,
  uniqueEmail,
} from './support/auth-emulator';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)(
  'an account opened with a password before its owner, on %s',
  (kind) => {
    let database: TestDatabase;
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    const logs = new LogCapture();
    // Sellers of this suite only: other suites sign the shared seller address in.
    const seller = uniqueEmail('seller.hijacked');
    const laterSeller = uniqueEmail('seller.hijacked.later');

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp(database.handle, {
        logs,
        config: testConfig({ SELLER_EMAILS: `${seller}, ${laterSeller}` }),
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.dispose();
    });

    const call = (url: string, idToken: string) =>
      app.inject({ url, headers: { authorization: `Bearer ${idToken}` } });
    const closedAccount = {
      statusCode: 403,
      error: 'Forbidden',
      message:
        'This account had a password, which this site never offers, so we have closed it. Sign in again with the link we e-mail you.',
      // The web app ends the browser's session when it reads this.
      reason: apiErrorReasons.accountClosed,
    };

    it('refuses the opener on a signed-in route, ends the password and every session, and lets the owner in again', async () => {
      const email = uniqueEmail('hijacked');
      const account = await preHijackedAccount(email);
      const before = logs.lines.length;

      const refused = await call(apiRoutes.me, account.hijackerIdToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(closedAccount);
      const written = logs.lines.slice(before);
      expect(written.find((line) => line.auth === 'password-account')).toMatchObject({
        level: 50,
        uid: account.uid,
        deleted: true,
      });
      expect(JSON.stringify(written)).not.toContain(email);
      expect(JSON.stringify(written)).not.toContain(account.hijackerIdToken);

      // The account is gone: its tokens, its password and its sessions with it.
      expect((await call(apiRoutes.me, account.hijackerIdToken)).statusCode).toBe(401);
      expect((await call(apiRoutes.me, account.ownerIdToken)).statusCode).toBe(401);
      await expect(signInWithPassword(email, account.password)).rejects.toThrow();
      await expect(refreshIdToken(account.hijackerRefreshToken)).rejects.toThrow();

      // The owner signs in by link again and is accepted.
      const owner = await signInWithEmailLink(email);
      const me = await call(apiRoutes.me, owner.idToken);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ email, seller: false });
    });

    it("refuses the opener on the seller's address in the back office", async () => {
      const account = await preHijackedAccount(seller);
      const refused = await call(sellerOrderRoutes.attention, account.hijackerIdToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(closedAccount);
      await expect(signInWithPassword(seller, account.password)).rejects.toThrow();

      const owner = await signInWithEmailLink(seller);
      expect((await call(sellerOrderRoutes.attention, owner.idToken)).statusCode).toBe(200);
    });

    it("refuses the owner's own link token of such an account too, and accepts their next sign-in", async () => {
      const account = await preHijackedAccount(laterSeller);
      const refused = await call(sellerOrderRoutes.attention, account.ownerIdToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(closedAccount);
      expect((await call(sellerOrderRoutes.attention, account.hijackerIdToken)).statusCode).toBe(
        401,
      );

      const owner = await signInWithEmailLink(laterSeller);
      expect((await call(sellerOrderRoutes.attention, owner.idToken)).statusCode).toBe(200);
    });
  },
);
