import { LOG_MESSAGE_MAX_LENGTH } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import { fakeTransport, type RecordedRequest, type Reply } from '../testing/fake-api';
import { createApiClient } from './api-client';
import { createRemoteLog } from './remote-log';

const TOKEN_PATH = '/api/web-logs/token';
const PUSH_PATH = '/api/web-logs/push';

/**
 * A log client on a scripted server. `pushReplies` answers successive pushes
 * (then 204); tokens are numbered so a test can tell them apart.
 */
function setup(options: { pushReplies?: number[]; tokenStatus?: number } = {}) {
  let clock = 1_000_000;
  let tokensIssued = 0;
  const pushReplies = [...(options.pushReplies ?? [])];
  const log: RecordedRequest[] = [];
  const client = createApiClient('');
  client.transport = fakeTransport((request): Reply => {
    if (request.url === TOKEN_PATH) {
      if (options.tokenStatus) return { status: options.tokenStatus };
      tokensIssued += 1;
      return { status: 200, data: { token: `token-${tokensIssued}`, expiresInSeconds: 300 } };
    }
    return { status: pushReplies.shift() ?? 204 };
  }, log);
  const remote = createRemoteLog({ client: () => client, now: () => clock });
  return {
    remote,
    log,
    advance: (ms: number) => {
      clock += ms;
    },
    tokenRequests: () => log.filter((r) => r.url === TOKEN_PATH).length,
    pushes: () => log.filter((r) => r.url === PUSH_PATH),
  };
}

describe('remote log', () => {
  it('pushes with the token header and the severity, omitting it for DEBUG', async () => {
    const { remote, pushes } = setup();
    await remote.info('hello');
    await remote.error('broken');
    await remote.warning('careful');
    await remote.debug('details');
    expect(pushes().map((p) => p.body)).toEqual([
      { message: 'hello', severity: 'INFO' },
      { message: 'broken', severity: 'ERROR' },
      { message: 'careful', severity: 'WARNING' },
      { message: 'details' },
    ]);
    expect(pushes()[0]!.headers['x-log-token']).toBe('token-1');
  });

  it('sends only text the server can store, also when the cut splits an emoji', async () => {
    const { remote, pushes } = setup();
    await remote.info(`${'x'.repeat(LOG_MESSAGE_MAX_LENGTH - 1)}\u{1F600} and more`);
    await remote.info('a\u0000b');
    const [clipped, withNul] = pushes().map((p) => (p.body as { message: string }).message);
    expect(clipped).toHaveLength(LOG_MESSAGE_MAX_LENGTH);
    expect(clipped!.endsWith('x\uFFFD')).toBe(true);
    expect(withNul).toBe('a\uFFFDb');
  });

  it('caches the token for 240 s', async () => {
    const { remote, advance, tokenRequests, pushes } = setup();
    await remote.info('one');
    advance(239_999);
    await remote.info('two');
    expect(tokenRequests()).toBe(1);
    advance(1);
    await remote.info('three');
    expect(tokenRequests()).toBe(2);
    expect(pushes()[2]!.headers['x-log-token']).toBe('token-2');
  });

  it('shares one token request between lines logged together', async () => {
    const { remote, tokenRequests, pushes } = setup();
    await Promise.all([remote.info('a'), remote.info('b'), remote.info('c')]);
    expect(tokenRequests()).toBe(1);
    expect(pushes()).toHaveLength(3);
  });

  it.each([401, 403])('on %i fetches a new token and retries once', async (status) => {
    const { remote, tokenRequests, pushes } = setup({ pushReplies: [status] });
    await remote.info('retry me');
    expect(tokenRequests()).toBe(2);
    expect(pushes().map((p) => p.headers['x-log-token'])).toEqual(['token-1', 'token-2']);
  });

  it('retries only once and never throws when the retry is refused too', async () => {
    const { remote, pushes } = setup({ pushReplies: [403, 403, 403] });
    await expect(remote.error('still refused')).resolves.toBeUndefined();
    expect(pushes()).toHaveLength(2);
  });

  it('does not retry other failures, and swallows them', async () => {
    const { remote, pushes } = setup({ pushReplies: [500] });
    await expect(remote.info('server down')).resolves.toBeUndefined();
    expect(pushes()).toHaveLength(1);
  });

  it('does not retry a push refused for its volume (429), and swallows it', async () => {
    const { remote, tokenRequests, pushes } = setup({ pushReplies: [429] });
    await expect(remote.error('too much')).resolves.toBeUndefined();
    expect(pushes()).toHaveLength(1);
    expect(tokenRequests()).toBe(1);
  });

  it('swallows a failing token request', async () => {
    const { remote, pushes } = setup({ tokenStatus: 503 });
    await expect(remote.info('no token')).resolves.toBeUndefined();
    expect(pushes()).toHaveLength(0);
  });

  it('swallows an unusable client', async () => {
    const remote = createRemoteLog({
      client: () => {
        throw new Error('Axios instance not initialized!');
      },
    });
    await expect(remote.info('too early')).resolves.toBeUndefined();
  });
});
