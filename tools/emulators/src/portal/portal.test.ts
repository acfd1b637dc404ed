import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import { ManualClock, listenOnSocket, startEmulators } from '../test-support/harness';

const SECRET = 'portal-test-secret';
let emulators: Emulators;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  emulators = await startEmulators({ clock: clock.read, portal: { webhookSecret: SECRET } });
});

afterEach(async () => {
  await emulators.app.close();
});

function handoff(overrides: Record<string, unknown> = {}) {
  return {
    id: 'handoff-0001',
    type: 'enrollment.created',
    occurredAt: '2025-03-10T15:59:58.000Z',
    student: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    workshop: {
      sku: 'WIFI7-LIVE',
      name: 'Wi-Fi 7 Workshop',
      batchId: 'B2025-05',
      batchDescription: 'May 5 – June 20, 2025 -- 8:00 AM to 10:00 AM Pacific Time',
    },
    order: { id: 'ord_123', rail: 'paypal_invoice', currency: 'USD', total: '449.10' },
    ...overrides,
  };
}

/** Signs as our server does: v1=hex(HMAC-SHA256(secret, timestamp + "." + raw body)). */
function sign(raw: string, timestamp: string, secret = SECRET): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
}

function deliver(
  body: unknown,
  options: {
    id?: string;
    timestamp?: string;
    signature?: string;
    contentType?: string;
    raw?: string;
  } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? String(Math.floor(clock.nowMs / 1000));
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/json',
    'x-handoff-timestamp': timestamp,
    'x-handoff-signature': options.signature ?? sign(raw, timestamp),
  };
  const id = options.id ?? (body as { id?: string }).id;
  if (id) headers['x-handoff-id'] = id;
  return emulators.app.inject({
    method: 'POST',
    url: '/portal/api/enrollments',
    headers,
    payload: raw,
  });
}

describe('courses portal receiver', () => {
  it('accepts a signed hand-off, records it and e-mails the student', async () => {
    const response = await deliver(handoff());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });

    expect(emulators.portal.state.list()).toEqual([
      expect.objectContaining({ id: 'handoff-0001', type: 'enrollment.created' }),
    ]);
    const [mail, ...others] = emulators.inbox.list('ada@example.com');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'enrollment',
      subject: "You're enrolled: Wi-Fi 7 Workshop",
      links: [
        { label: 'Open My Courses', href: 'http://localhost:4000/portal?email=ada%40example.com' },
      ],
    });
    expect(mail?.text).toContain('B2025-05');
    expect(mail?.text).toContain('ord_123');
  });

  it('answers a repeated id as a duplicate and changes nothing', async () => {
    await deliver(handoff());
    const again = await deliver(handoff({ occurredAt: '2025-03-10T16:00:00.000Z' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(emulators.portal.state.list()).toHaveLength(1);
    expect(emulators.inbox.list()).toHaveLength(1);
  });

  it('tells the student when an enrolment is revoked', async () => {
    await deliver(handoff());
    await deliver(handoff({ id: 'handoff-0002', type: 'enrollment.revoked' }));
    expect(emulators.inbox.list()[0]?.subject).toBe('Enrollment removed: Wi-Fi 7 Workshop');
  });

  it('moves a student to another batch, naming the batch left', async () => {
    await deliver(handoff());
    const movedFrom = { batchId: 'B2025-05', batchDescription: 'May 5 – June 20, 2025' };
    const moved = handoff({
      id: 'handoff-0002',
      type: 'enrollment.moved',
      workshop: { ...handoff().workshop, batchId: 'B2025-09', batchDescription: 'September' },
      movedFrom,
    });
    const response = await deliver(moved);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(emulators.portal.state.list()[1]).toMatchObject({ type: 'enrollment.moved', movedFrom });
    expect(emulators.inbox.list()[0]?.subject).toBe('Your batch changed: Wi-Fi 7 Workshop');
    // A move names the batch left, and only a move does.
    expect(
      (await deliver(handoff({ id: 'handoff-0003', type: 'enrollment.moved' }))).statusCode,
    ).toBe(400);
    expect((await deliver(handoff({ id: 'handoff-0004', movedFrom }))).statusCode).toBe(400);
  });

  it('refuses bad, missing, stale and replayed-late signatures with 401 before reading the body', async () => {
    const raw = JSON.stringify(handoff());
    const now = Math.floor(clock.nowMs / 1000);
    const cases: [string, Parameters<typeof deliver>[1]][] = [
      ['wrong secret', { signature: sign(raw, String(now), 'other-secret') }],
      ['tampered body', { raw: raw.replace('449.10', '1.00'), signature: sign(raw, String(now)) }],
      ['missing signature', { signature: '' }],
      ['uppercase hex', { signature: sign(raw, String(now)).toUpperCase().replace('V1=', 'v1=') }],
      ['older than 5 minutes', { timestamp: String(now - 301) }],
      ['far in the future', { timestamp: String(now + 301) }],
      ['not unix seconds', { timestamp: new Date(clock.nowMs).toISOString() }],
    ];
    for (const [label, options] of cases) {
      const response = await deliver(handoff(), { raw, ...options });
      expect(response.statusCode, label).toBe(401);
      expect(response.json().error, label).toEqual(expect.any(String));
    }
    // Within the window is fine.
    expect((await deliver(handoff(), { raw, timestamp: String(now - 299) })).statusCode).toBe(200);
    expect(emulators.portal.state.list()).toHaveLength(1);
  });

  it('refuses a correctly signed body that is not a valid hand-off with 400', async () => {
    const invalid = await deliver(
      handoff({ order: { id: 'ord_1', rail: 'cash', currency: 'USD', total: '449.1' } }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual(
      expect.arrayContaining([
        expect.stringContaining('order.rail'),
        expect.stringContaining('order.total'),
      ]),
    );
    expect((await deliver(undefined, { raw: '{"id": ', id: 'x' })).statusCode).toBe(400);
    expect((await deliver(handoff(), { id: 'another-id' })).statusCode).toBe(400);
    expect((await deliver(handoff(), { contentType: 'text/plain' })).statusCode).toBe(415);
    expect(emulators.portal.state.list()).toEqual([]);
    expect(emulators.inbox.list()).toEqual([]);
  });

  it('records every attempt, accepted or not', async () => {
    await deliver(handoff(), { signature: 'v1=00' });
    await deliver(handoff());
    await deliver(handoff());
    const response = await emulators.app.inject({
      method: 'GET',
      url: '/portal/_control/requests',
    });
    const requests = response.json().requests as {
      outcome: string;
      statusCode: number;
      headers: { handoffId: string };
      body: string;
    }[];
    expect(requests.map((request) => [request.outcome, request.statusCode])).toEqual([
      ['rejected', 401],
      ['accepted', 200],
      ['duplicate', 200],
    ]);
    expect(requests[0]?.headers.handoffId).toBe('handoff-0001');
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual(handoff());
    const enrollments = await emulators.app.inject({
      method: 'GET',
      url: '/portal/_control/enrollments',
    });
    expect(enrollments.json().enrollments).toHaveLength(1);
  });

  it('shows "My Courses", filtered by e-mail', async () => {
    await deliver(handoff());
    await deliver(
      handoff({
        id: 'handoff-0002',
        student: { email: 'bob@example.com', firstName: 'Bob', lastName: 'Builder' },
      }),
    );
    const all = await emulators.app.inject({ method: 'GET', url: '/portal' });
    expect(all.body).toContain('Courses portal — My Courses');
    expect(all.body).toContain('ada@example.com');
    expect(all.body).toContain('bob@example.com');
    expect(all.body).toContain('ord_123');
    const ada = await emulators.app.inject({ method: 'GET', url: '/portal?email=ADA@example.com' });
    expect(ada.body).toContain('ada@example.com');
    expect(ada.body).not.toContain('bob@example.com');
  });

  it('resets', async () => {
    await deliver(handoff());
    expect(
      (await emulators.app.inject({ method: 'POST', url: '/portal/_control/reset' })).statusCode,
    ).toBe(204);
    expect(emulators.portal.state.list()).toEqual([]);
    expect((await deliver(handoff())).json().duplicate).toBe(false);
  });
});

describe('courses portal faults', () => {
  it('answers 500 or 429, drops the connection, answers garbage or late, or loses the answer, as armed', async () => {
    const base = await listenOnSocket(emulators, '/portal');
    const arm = (fault: unknown) =>
      fetch(`${base}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
    const post = (body: unknown) => {
      const raw = JSON.stringify(body);
      const timestamp = String(Math.floor(clock.nowMs / 1000));
      return fetch(`${base}/api/enrollments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-handoff-id': (body as { id: string }).id,
          'x-handoff-timestamp': timestamp,
          'x-handoff-signature': sign(raw, timestamp),
        },
        body: raw,
        signal: AbortSignal.timeout(5000),
      });
    };

    expect((await arm({ mode: 'http-503' })).status).toBe(400);
    expect((await arm({ mode: 'http-500', times: 1 })).status).toBe(200);
    const failed = await post(handoff());
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'Internal server error' });
    expect(emulators.portal.state.list()).toEqual([]);

    await arm({ mode: 'network', times: 1 });
    await expect(post(handoff())).rejects.toThrow();
    expect(emulators.portal.state.list()).toEqual([]);

    await arm({ mode: 'slow', delayMs: 300, times: 1 });
    const started = Date.now();
    const late = await post(handoff());
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);

    await arm({ mode: 'http-429', times: 1 });
    const limited = await post(handoff({ id: 'handoff-0002' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ error: 'Too many requests' });

    await arm({ mode: 'garbage', times: 1 });
    const garbled = await post(handoff({ id: 'handoff-0002' }));
    expect(garbled.status).toBe(200);
    expect(await garbled.json()).toEqual({ unexpected: true });

    // The portal takes the student in; our side never hears that it did.
    await arm({ mode: 'lost-answer', times: 1 });
    await expect(post(handoff({ id: 'handoff-0002' }))).rejects.toThrow();
    expect(emulators.portal.state.list().map((enrollment) => enrollment.id)).toEqual([
      'handoff-0001',
      'handoff-0002',
    ]);

    expect((await fetch(`${base}/_control/faults`, { method: 'DELETE' })).status).toBe(200);
    const outcomes = emulators.portal.state
      .listRequests()
      .map((request) => [request.outcome, request.fault, request.statusCode]);
    expect(outcomes).toEqual([
      ['fault', 'http-500', 500],
      ['fault', 'network', null],
      ['accepted', 'slow', 200],
      ['fault', 'http-429', 429],
      ['fault', 'garbage', 200],
      ['accepted', 'lost-answer', null],
    ]);
  });
});
