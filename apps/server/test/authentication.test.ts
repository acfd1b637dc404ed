import { requireIdentity } from '../src/http/plugins/authentication';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, LogCapture } from './support/app';
import { signInWithEmailLink, signUpWithPassword, uniqueEmail } from './support/auth-emulator';
import { createTestDatabase, type TestDatabase } from './support/databases';

describe('authenticated calls', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const logs = new LogCapture();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database.handle, { logs });
    // A probe route that needs a signed-in user and echoes who it is.
    app.get('/api/test/identity', { config: { access: 'signed-in' } }, async (request) =>
      requireIdentity(request),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('accepts a Firebase ID token from an e-mail-link sign-in', async () => {
    const email = uniqueEmail();
    const { idToken, uid } = await signInWithEmailLink(email);
    const response = await app.inject({
      url: '/api/test/identity',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid, email, emailVerified: true });
    expect(logs.lines.some((line) => line.auth === 'verified' && line.uid === uid)).toBe(true);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
    ['a random string', 'Bearer not-a-jwt'],
  ])(
    'answers 401 with a JSON error for %s, and logs it as an error',
    async (_case, authorization) => {
      // Failures are logged in aggregate, the first of a kind each minute: start a fresh minute.
      app.refusalLog?.close();
      const before = logs.lines.length;
      const response = await app.inject({
        url: '/api/test/identity',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      const failure = logs.lines
        .slice(before)
        .find((line) => String(line.msg).startsWith('authentication failed'));
      expect(failure?.level).toBe(50); // pino ERROR
    },
  );

  it('refuses an address nobody proved with 403, logging the uid only', async () => {
    const email = uniqueEmail('password');
    const { idToken, uid } = await signUpWithPassword(email);
    const before = logs.lines.length;
    const response = await app.inject({
      url: '/api/test/identity',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.stringContaining('e-mail address') as unknown,
    });
    const written = logs.lines.slice(before);
    const refusal = written.find((line) => line.auth === 'unverified-email');
    expect(refusal).toMatchObject({ level: 50, uid });
    expect(JSON.stringify(written)).not.toContain(email);
    expect(JSON.stringify(written)).not.toContain(idToken);
  });

  it('never writes the bearer token to the logs', async () => {
    const { idToken } = await signInWithEmailLink(uniqueEmail());
    await app.inject({
      url: '/api/test/identity',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(JSON.stringify(logs.lines)).not.toContain(idToken);
  });
});
