import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../testing/fake-api';
import { enrollOnce } from './auto-enrollment';

const enrollmentPosts = (log: { url: string; body: unknown }[]) =>
  log.filter((r) => r.url === '/api/learning-availability/auto-enrollment');

describe('auto-enrollment', () => {
  it('is sent once per distinct, normalised address in a browser session', async () => {
    const log = installFakeApi(() => ({ status: 200, data: { recorded: true } }));
    await enrollOnce('Ada@Example.com');
    await enrollOnce('  ada@example.com ');
    await enrollOnce('grace@example.com');
    expect(enrollmentPosts(log).map((r) => r.body)).toEqual([
      { userEmail: 'ada@example.com' },
      { userEmail: 'grace@example.com' },
    ]);
  });

  it('fails silently, and a later attempt may try again', async () => {
    let status = 500;
    const log = installFakeApi((request) =>
      request.url.includes('auto-enrollment')
        ? { status, data: { recorded: true } }
        : { status: 503 },
    );
    await expect(enrollOnce('ada@example.com')).resolves.toBeUndefined();
    status = 200;
    await enrollOnce('ada@example.com');
    await enrollOnce('ada@example.com');
    expect(enrollmentPosts(log)).toHaveLength(2);
  });
});
