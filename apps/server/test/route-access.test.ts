/**
 * Walks every API route the app registers. Each one is either on the short
 * list of public routes below, or refuses a caller without a valid ID token
 * with 401 — before its body is parsed or validated, so a forged token
 * never learns which fields a call expects — and refuses an address nobody
 * proved with 403, also before validation, and so an account opened with a
 * password before its owner's link sign-in. A new route that is neither
 * fails here.
 */
import {
  apiRoutes,
  buyerOrderRoutes,
  contentApiRoutes,
  groupOrderRoutes,
  operatorRoutes,
} from '@wifi7/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINTS } from '../src/http/webhooks/webhook-routes';
import { buildTestApp, testConfig } from './support/app';
import {
  preHijackedAccount,
  signedInBuyer,
  signInWithEmailLink,
  signUpWithPassword,
  uniqueEmail,
  unprovenBuyer,
} from './support/auth-emulator';
import { createTestDatabase, type TestDatabase } from './support/databases';

const PUBLIC_ROUTES = [
  `POST ${apiRoutes.pricing}`,
  `GET ${apiRoutes.schedule}`,
  `GET ${apiRoutes.batchCalendar}`,
  `GET ${buyerOrderRoutes.policy}`,
  `GET ${groupOrderRoutes.settings}`,
  `GET ${apiRoutes.webLogsToken}`,
  `POST ${apiRoutes.webLogsPush}`,
  `POST ${apiRoutes.autoEnrollment}`,
  `POST ${apiRoutes.signInLink}`,
  `GET ${apiRoutes.publicConfig}`,
  `GET ${apiRoutes.health}`,
  `GET ${apiRoutes.healthLive}`,
  `GET ${apiRoutes.healthReady}`,
  `GET ${contentApiRoutes.workshopContent}`,
  `GET ${contentApiRoutes.image}`,
  ...WEBHOOK_ENDPOINTS.map((endpoint) => `POST ${endpoint.path}`),
].sort();

/** The API reference and its viewer's files: public, read-only, no data. */
const isApiReference = (url: string) =>
  url === operatorRoutes.apiDocs || url.startsWith(`${operatorRoutes.apiDocs}/`);

/** A token that looks right but was minted for another project, unsigned. */
const forgedToken = (() => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const issuer = 'someone-elses-project';
  const claims = {
    iss: `https://securetoken.google.com/${issuer}`,
    aud: issuer,
    sub: 'forged-uid',
    user_id: 'forged-uid',
    email: 'anyone@example.com',
    email_verified: true,
    auth_time: now,
    iat: now,
    exp: now + 3600,
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
})();

interface SeenRoute {
  method: string;
  url: string;
}

describe('every API route', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const seen: SeenRoute[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database.handle, {
      onRoute: (route) => {
        const methods: HTTPMethods[] = [route.method].flat();
        for (const method of methods) seen.push({ method, url: route.url });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const apiRoutesSeen = () =>
    seen.filter((route) => route.url.startsWith('/api/') && !isApiReference(route.url));
  const key = (route: SeenRoute) => `${route.method} ${route.url}`;
  const isPublic = (route: SeenRoute) =>
    PUBLIC_ROUTES.includes(
      key({ ...route, method: route.method === 'HEAD' ? 'GET' : route.method }),
    );
  const signedInRoutes = () => apiRoutesSeen().filter((route) => !isPublic(route));

  /** The route's path with its parameters filled by values no schema accepts. */
  const pathOf = (route: SeenRoute) => route.url.replace(/:\w+/g, 'not%20valid');
  const hasBody = (route: SeenRoute) => !['GET', 'HEAD'].includes(route.method);

  // Each request from an address of its own: this suite is about access, and the
  // per-address limits (which count refused requests too) must not answer first.
  let requests = 0;
  const nextAddress = () => {
    requests += 1;
    return `198.18.${Math.floor(requests / 250)}.${(requests % 250) + 1}`;
  };
  const send = (route: SeenRoute, authorization: string | undefined, payload?: string) =>
    app.inject({
      method: route.method as HTTPMethods,
      url: pathOf(route),
      remoteAddress: nextAddress(),
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(payload !== undefined && hasBody(route) ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined && hasBody(route) ? { payload } : {}),
    });

  it('has exactly the public routes listed, and signed-in routes besides', () => {
    const publicSeen = apiRoutesSeen()
      .filter((route) => route.method !== 'HEAD' && isPublic(route))
      .map(key);
    expect(publicSeen.sort()).toEqual(PUBLIC_ROUTES);
    expect(signedInRoutes().map(key)).toEqual(
      expect.arrayContaining([
        `GET ${apiRoutes.workshopList}`,
        `POST ${apiRoutes.paypalInvoice}`,
        `PUT ${apiRoutes.appliedDiscount}`,
        `GET ${apiRoutes.zohoContactByEmail}`,
        `POST ${apiRoutes.zohoContacts}`,
        `POST ${apiRoutes.zohoCheckout}`,
        `GET ${apiRoutes.zohoPaymentStatus}`,
        `GET ${apiRoutes.myEnrolments}`,
      ]),
    );
  });

  it('serves the API reference to anyone, and only to read', () => {
    const reference = seen.filter((route) => isApiReference(route.url));
    expect(reference.map(key)).toEqual(
      expect.arrayContaining([
        `GET ${operatorRoutes.apiDocs}`,
        `GET ${operatorRoutes.apiDocs}/json`,
      ]),
    );
    expect(reference.filter((route) => !['GET', 'HEAD'].includes(route.method))).toEqual([]);
  });

  it('will not start with an API route that does not say who may call it', async () => {
    const another = await buildTestApp(database.handle);
    expect(() => another.get('/api/test/undeclared', async () => ({ open: true }))).toThrow(
      "GET /api/test/undeclared must declare config.access: 'public' or 'signed-in'",
    );
    await another.close();
  });

  it('authenticates on every other route before reading the request', async () => {
    const answers: Record<string, number[]> = {};
    for (const route of signedInRoutes()) {
      answers[key(route)] = [
        (await send(route, undefined, '{}')).statusCode,
        // Not JSON at all: parsing it would answer 400.
        (await send(route, `Bearer ${forgedToken}`, '{"userEmail": ')).statusCode,
        // JSON the schema refuses: validating it would answer 400 with the fields at fault.
        (await send(route, `Bearer ${forgedToken}`, '{"unexpected": true}')).statusCode,
      ];
    }
    expect(answers).toEqual(
      Object.fromEntries(Object.keys(answers).map((each) => [each, [401, 401, 401]])),
    );
  });

  it('answers the refusal as JSON in the error shape, naming no field', async () => {
    for (const route of signedInRoutes().filter(hasBody)) {
      const response = await send(route, `Bearer ${forgedToken}`, '{"unexpected": true}');
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: expect.any(String) as unknown,
      });
    }
  });

  it('refuses a proven buyer on every seller route with 403, before validating', async () => {
    const { idToken } = await signedInBuyer();
    const answers: Record<string, number> = {};
    for (const route of signedInRoutes().filter((each) => each.url.startsWith('/api/seller/'))) {
      answers[key(route)] = (
        await send(route, `Bearer ${idToken}`, '{"unexpected": true}')
      ).statusCode;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((each) => [each, 403])));
  });

  it('refuses an address nobody proved before validating, on every other route', async () => {
    const { idToken } = await unprovenBuyer();
    const answers: Record<string, number> = {};
    for (const route of signedInRoutes()) {
      answers[key(route)] = (
        await send(route, `Bearer ${idToken}`, '{"unexpected": true}')
      ).statusCode;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((each) => [each, 403])));
  });

  it('refuses an account opened with a password before its owner, before validating, on every other route', async () => {
    const routes = signedInRoutes();
    // Each on a seller's address, so the seller routes refuse it for the password, not the role.
    const sellers = routes.map(() => uniqueEmail('seller.hijacked'));
    const another = await buildTestApp(database.handle, {
      config: testConfig({ SELLER_EMAILS: sellers.join(',') }),
    });
    const answers: Record<string, number> = {};
    const messages = new Set<string>();
    for (const [index, route] of routes.entries()) {
      // A fresh account each: the first refusal deletes it, and its tokens get 401 after.
      const { hijackerIdToken } = await preHijackedAccount(sellers[index]!);
      const response = await another.inject({
        method: route.method as HTTPMethods,
        url: pathOf(route),
        remoteAddress: nextAddress(),
        headers: {
          authorization: `Bearer ${hijackerIdToken}`,
          ...(hasBody(route) ? { 'content-type': 'application/json' } : {}),
        },
        ...(hasBody(route) ? { payload: '{"unexpected": true}' } : {}),
      });
      answers[key(route)] = response.statusCode;
      // HEAD answers carry no body; an answer let through may be a CSV file.
      if (String(response.headers['content-type']).includes('json') && response.body) {
        messages.add(response.json<{ message?: string }>().message ?? '');
      }
    }
    await another.close();
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((each) => [each, 403])));
    expect([...messages]).toEqual([expect.stringContaining('had a password')]);
  });
});

describe('the seller role', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const unprovenSellerEmail = uniqueEmail('seller.unproven');

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database.handle, {
      config: testConfig({ SELLER_EMAILS: `Seller@Example.com, ${unprovenSellerEmail}` }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const me = (idToken: string) =>
    app.inject({
      method: 'GET',
      url: apiRoutes.me,
      headers: { authorization: `Bearer ${idToken}` },
    });

  it('is told to a seller who proved the address, and to nobody else', async () => {
    const seller = await signInWithEmailLink('seller@example.com');
    expect((await me(seller.idToken)).json()).toEqual({
      email: 'seller@example.com',
      seller: true,
    });
    const buyer = await signedInBuyer();
    expect((await me(buyer.idToken)).json()).toEqual({ email: buyer.email, seller: false });
    // A password account opened for a seller's address proves nothing.
    const impostor = await signUpWithPassword(unprovenSellerEmail);
    expect((await me(impostor.idToken)).statusCode).toBe(403);
  });

  it('will not start with a seller API route that is not for sellers only', async () => {
    const another = await buildTestApp(database.handle);
    expect(() =>
      another.get('/api/seller/test', { config: { access: 'signed-in' } }, async () => ({})),
    ).toThrow("GET /api/seller/test is under /api/seller/ and must declare access 'seller'");
    await another.close();
  });

  it('lets a seller through a seller route, and refuses a buyer with 403 before reading the body', async () => {
    const another = await buildTestApp(database.handle);
    another.post('/api/seller/test', { config: { access: 'seller' } }, async (request) => ({
      body: request.body,
    }));
    const post = async (idToken: string) =>
      (
        await another.inject({
          method: 'POST',
          url: '/api/seller/test',
          headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
          payload: '{"not": json',
        })
      ).statusCode;
    const seller = await signInWithEmailLink('seller@example.com');
    const buyer = await signedInBuyer();
    expect(await post(buyer.idToken)).toBe(403);
    // The seller's request is read (and this one is not JSON).
    expect(await post(seller.idToken)).toBe(400);
    await another.close();
  });
});
