import { apiRoutes } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../src/db/schema';
import { buildTestApp } from './support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

describe.each(databaseKinds)('auto-enrollment leads on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database.handle);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const enroll = (body: unknown) =>
    app.inject({ method: 'POST', url: apiRoutes.autoEnrollment, payload: body as object });

  it('records a lead once, normalised, and keeps first and last seen', async () => {
    const first = await enroll({ userEmail: '  Grace.Hopper@Example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ recorded: true });
    const [created] = await database.handle.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'grace.hopper@example.com'));
    expect(created?.timesSeen).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await enroll({ userEmail: 'grace.hopper@example.com' });
    expect(second.statusCode).toBe(200);
    const rows = await database.handle.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'grace.hopper@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.timesSeen).toBe(2);
    expect(rows[0]!.firstSeenAt.getTime()).toBe(created!.firstSeenAt.getTime());
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThan(created!.lastSeenAt.getTime());
  });

  it.each([
    ['no e-mail', {}],
    ['a bad e-mail', { userEmail: 'not-an-address' }],
    ['an extra field', { userEmail: 'a@example.com', admin: true }],
    ['a number', { userEmail: 42 }],
  ])('rejects %s with 400 and records nothing', async (_case, body) => {
    const before = await database.handle.db.select().from(leads);
    const response = await enroll(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().issues.length).toBeGreaterThan(0);
    const after = await database.handle.db.select().from(leads);
    expect(after).toHaveLength(before.length);
  });
});
