import { apiRoutes, LOG_MESSAGE_MAX_LENGTH } from '@wifi7/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLogToken } from '../src/http/web-logs/log-token';
import { WEB_LOG_BYTES_PER_MINUTE } from '../src/http/web-logs/push-budget';
import { buildTestApp, LogCapture, testEnv } from './support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)('browser logs on %s', (kind) => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof buildTestApp>>;
  let second: Awaited<ReturnType<typeof buildTestApp>>;
  const logs = new LogCapture();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    first = await buildTestApp(database.handle, { logs });
    // A second server instance with its own connection, as behind a load balancer.
    second = await buildTestApp(await database.openAnother());
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.dispose();
  });

  const getToken = async (app = first) => {
    const response = await app.inject({ url: apiRoutes.webLogsToken });
    expect(response.statusCode).toBe(200);
    return response.json() as { token: string; expiresInSeconds: number };
  };
  const push = (token: string | undefined, body: unknown, app = first) =>
    app.inject({
      method: 'POST',
      url: apiRoutes.webLogsPush,
      headers: token ? { 'x-log-token': token } : {},
      payload: body as object,
    });

  it('issues a token that another instance accepts, and writes the line with its severity', async () => {
    const { token, expiresInSeconds } = await getToken(second);
    expect(expiresInSeconds).toBeGreaterThanOrEqual(240);
    const response = await push(token, { message: 'sign-in link requested', severity: 'ERROR' });
    expect(response.statusCode).toBe(204);
    const line = logs.lines.find((each) => each.msg === 'sign-in link requested');
    expect(line).toMatchObject({ source: 'web', level: 50 });
  });

  it('maps each severity to a log level, DEBUG when none is given', async () => {
    const { token } = await getToken();
    for (const [severity, level] of [
      ['INFO', 30],
      ['WARNING', 40],
      [undefined, 20],
    ] as const) {
      const message = `severity check ${severity ?? 'none'}`;
      expect((await push(token, { message, ...(severity ? { severity } : {}) })).statusCode).toBe(
        204,
      );
      expect(logs.lines.find((each) => each.msg === message)?.level).toBe(level);
    }
  });

  it('answers 401 without a token and 403 for a forged or expired one', async () => {
    expect((await push(undefined, { message: 'x' })).statusCode).toBe(401);
    const forged = `${(await getToken()).token.slice(0, -4)}AAAA`;
    expect((await push(forged, { message: 'x' })).statusCode).toBe(403);
    const expired = issueLogToken(testEnv.LOG_TOKEN_SECRET, Date.now() - 3_600_000).token;
    expect((await push(expired, { message: 'x' })).statusCode).toBe(403);
    const otherSecret = issueLogToken('another-secret-another-secret-another').token;
    expect((await push(otherSecret, { message: 'x' })).statusCode).toBe(403);
  });

  it('counts pushes with a forged token against the address limit, 60 a minute', async () => {
    const forged = (app = first) =>
      app.inject({
        method: 'POST',
        url: apiRoutes.webLogsPush,
        headers: { 'x-log-token': 'v1.1.forged.AAAA' },
        payload: { message: 'x' },
        remoteAddress: '203.0.113.60',
      });
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) statuses.push((await forged()).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 403)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Counted in Postgres: the other instance refuses the address too.
    expect((await forged(second)).statusCode).toBe(429);
  });

  it('bounds the size of a message', async () => {
    const { token } = await getToken();
    const tooLong = await push(token, { message: 'x'.repeat(LOG_MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    const huge = await push(token, { message: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect((await push(token, { message: 'ok', severity: 'LOUD' })).statusCode).toBe(400);
  });

  it('limits the rate per token across instances', async () => {
    const { token } = await getToken();
    const statuses: number[] = [];
    for (let i = 0; i < 64; i += 1) {
      const response = await push(token, { message: `burst ${i}` }, i % 2 === 0 ? first : second);
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
  });

  // Each of these comes from an address of its own, so the budgets of one do not touch another.
  const tokenFrom = async (address: string) => {
    const response = await first.inject({ url: apiRoutes.webLogsToken, remoteAddress: address });
    return (response.json() as { token: string }).token;
  };
  const pushFrom = (address: string, token: string, message: string, app = first) =>
    app.inject({
      method: 'POST',
      url: apiRoutes.webLogsPush,
      remoteAddress: address,
      headers: { 'x-log-token': token },
      payload: { message, severity: 'ERROR' },
    });
  const big = (tag: string) => `${tag} `.padEnd(LOG_MESSAGE_MAX_LENGTH, 'x');

  it('logs a message repeated within a minute once, then with its count at 10, 100, ...', async () => {
    const token = await tokenFrom('198.51.100.1');
    for (let i = 0; i < 25; i += 1) {
      expect(
        (await pushFrom('198.51.100.1', token, 'chunk load failed', i % 3 === 1 ? second : first))
          .statusCode,
      ).toBe(204);
    }
    const written = logs.lines.filter((each) => each.msg === 'chunk load failed');
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ source: 'web', level: 50 });
    expect(written[0]!.repeated).toBeUndefined();
    expect(written[1]).toMatchObject({ source: 'web', level: 50, repeated: 10 });
  });

  it('holds one token to its byte budget a minute, across instances, with 429 and Retry-After', async () => {
    const address = '198.51.100.2';
    const token = await tokenFrom(address);
    const fits = Math.floor(WEB_LOG_BYTES_PER_MINUTE.perToken / LOG_MESSAGE_MAX_LENGTH);
    for (let i = 0; i < fits; i += 1) {
      expect(
        (await pushFrom(address, token, big(`token ${i}`), i % 2 ? first : second)).statusCode,
      ).toBe(204);
    }
    const refused = await pushFrom(address, token, big('one more'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(logs.lines.some((each) => each.msg === big('one more'))).toBe(false);
  });

  it('holds one address to its byte budget a minute, however many tokens it takes', async () => {
    const address = '198.51.100.3';
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => tokenFrom(address)));
    let accepted = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await pushFrom(address, tokens[i % tokens.length]!, big(`address ${i}`));
      statuses.push(response.statusCode);
      if (response.statusCode === 204) accepted += LOG_MESSAGE_MAX_LENGTH;
    }
    expect(accepted).toBeLessThanOrEqual(WEB_LOG_BYTES_PER_MINUTE.perAddress);
    expect(accepted).toBeGreaterThan(WEB_LOG_BYTES_PER_MINUTE.perAddress - LOG_MESSAGE_MAX_LENGTH);
    expect(statuses.slice(-10).every((status) => status === 429)).toBe(true);
    const written = logs.lines.filter((each) => String(each.msg).startsWith('address '));
    expect(written.length * LOG_MESSAGE_MAX_LENGTH).toBe(accepted);
  });
});
