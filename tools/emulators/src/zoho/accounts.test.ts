import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  ZOHO,
  contactBody,
  linkBody,
  startEmulators,
  zohoClient,
  zohoRefreshParams,
  zohoToken,
  zohoTokenRequest,
} from '../test-support/harness';

let emulators: Emulators;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  emulators = await startEmulators({ clock: clock.read });
});

afterEach(async () => {
  await emulators.app.close();
});

const books = (token: string | undefined) =>
  zohoClient(
    emulators,
    token,
  )({
    url: `/books/v3/contacts?organization_id=${ZOHO.organizationId}&email=a%40b.in`,
  });
const payments = (token: string | undefined) =>
  zohoClient(
    emulators,
    token,
  )({
    url: `/payments/api/v1/paymentlinks?account_id=${ZOHO.accountId}`,
    body: linkBody(),
  });

describe('Zoho OAuth token endpoint', () => {
  it('issues an access token for the Books refresh token, with its scopes', async () => {
    const response = await zohoTokenRequest(emulators, zohoRefreshParams('books'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^1000\.[0-9a-f]{32}\.[0-9a-f]{32}$/),
      scope: 'ZohoBooks.contacts.READ ZohoBooks.contacts.CREATE',
      api_domain: 'http://localhost:4000/zoho',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect((await books(body.access_token)).statusCode).toBe(200);
  });

  it('takes the parameters from the query too, as in Zoho’s documentation', async () => {
    const query = new URLSearchParams(zohoRefreshParams('payments')).toString();
    const response = await emulators.app.inject({
      method: 'POST',
      url: `/zoho/accounts/oauth/v2/token?${query}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe(
      'ZohoPay.payments.CREATE ZohoPay.payments.READ ZohoPay.payments.UPDATE ZohoPay.refunds.CREATE',
    );
  });

  it('refuses with HTTP 200 and an error word, as Zoho does', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...zohoRefreshParams('books'), refresh_token: '1000.unknown' }, 'invalid_code'],
      [{ ...zohoRefreshParams('books'), refresh_token: '' }, 'invalid_code'],
      [{ ...zohoRefreshParams('books'), client_id: 'someone-else' }, 'invalid_client'],
      [{ ...zohoRefreshParams('books'), client_secret: 'wrong' }, 'invalid_client'],
      [
        { ...zohoRefreshParams('books'), grant_type: 'authorization_code' },
        'unsupported_grant_type',
      ],
    ];
    for (const [params, error] of cases) {
      const response = await zohoTokenRequest(emulators, params);
      expect(response.statusCode, JSON.stringify(params)).toBe(200);
      expect(response.json()).toEqual({ error });
    }
    expect(emulators.zoho.tokens.counts().map((count) => count.issued)).toEqual([0, 0]);
  });

  it('does not read a JSON body (Zoho takes form fields or the query only)', async () => {
    const response = await emulators.app.inject({
      method: 'POST',
      url: '/zoho/accounts/oauth/v2/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(zohoRefreshParams('books')),
    });
    expect(response.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('mints at most 10 access tokens per refresh token in 10 minutes', async () => {
    for (let index = 0; index < 10; index += 1) await zohoToken(emulators, 'books');
    const refused = await zohoTokenRequest(emulators, zohoRefreshParams('books'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Access Denied',
      error_description:
        'You have made too many requests continuously. Please try again after some time.',
    });
    // The Payments refresh token has its own allowance.
    expect((await zohoTokenRequest(emulators, zohoRefreshParams('payments'))).statusCode).toBe(200);

    const control = await emulators.app.inject({ method: 'GET', url: '/zoho/_control/tokens' });
    expect(control.json().tokens).toEqual([
      {
        product: 'books',
        refreshToken: '…oken',
        issued: 10,
        issuedInWindow: 10,
        limit: 10,
        live: 10,
        refused: 1,
      },
      {
        product: 'payments',
        refreshToken: '…oken',
        issued: 1,
        issuedInWindow: 1,
        limit: 10,
        live: 1,
        refused: 0,
      },
    ]);

    // The window slides: once the first token is 10 minutes old, one more may be minted.
    clock.advance(10 * 60_000);
    expect((await zohoTokenRequest(emulators, zohoRefreshParams('books'))).statusCode).toBe(200);
  });

  it('lets a test setup raise the limit', async () => {
    await emulators.app.close();
    emulators = await startEmulators({ clock: clock.read, zoho: { tokenMintLimit: 12 } });
    for (let index = 0; index < 12; index += 1) await zohoToken(emulators, 'payments');
    expect((await zohoTokenRequest(emulators, zohoRefreshParams('payments'))).statusCode).toBe(400);
  });

  it('keeps at most 30 live access tokens per refresh token, revoking the oldest', async () => {
    const first = await zohoToken(emulators, 'books');
    for (let batch = 0; batch < 3; batch += 1) {
      for (let index = batch === 0 ? 1 : 0; index < 10; index += 1)
        await zohoToken(emulators, 'books');
      clock.advance(10 * 60_000 + 1);
    }
    expect((await books(first)).statusCode).toBe(200);
    await zohoToken(emulators, 'books');
    expect((await books(first)).statusCode).toBe(401);
    expect(emulators.zoho.tokens.counts()[0]?.live).toBe(30);
  });

  it('expires tokens after expires_in seconds', async () => {
    const token = await zohoToken(emulators, 'books');
    clock.advance(3599_000);
    expect((await books(token)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await books(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      code: 57,
      message: 'You are not authorized to perform this operation',
    });
    expect(emulators.zoho.tokens.counts()[0]?.live).toBe(0);
  });

  it('makes expires_in configurable', async () => {
    await emulators.app.close();
    emulators = await startEmulators({ clock: clock.read, zoho: { tokenTtlSeconds: 120 } });
    const response = await zohoTokenRequest(emulators, zohoRefreshParams('payments'));
    expect(response.json().expires_in).toBe(120);
    clock.advance(120_000);
    expect((await payments(response.json().access_token)).statusCode).toBe(401);
  });

  it('refuses a Books token on Payments and a Payments token on Books', async () => {
    const booksToken = await zohoToken(emulators, 'books');
    const paymentsToken = await zohoToken(emulators, 'payments');
    const onPayments = await payments(booksToken);
    expect(onPayments.statusCode).toBe(401);
    expect(onPayments.json()).toEqual({
      code: 'oauth_scope_mismatch',
      message: 'The OAuth token does not have the scope this request needs.',
    });
    const onBooks = await books(paymentsToken);
    expect(onBooks.statusCode).toBe(401);
    expect(onBooks.json().code).toBe(57);
    expect((await payments(paymentsToken)).statusCode).toBe(201);
    expect(
      (
        await zohoClient(
          emulators,
          booksToken,
        )({
          url: `/books/v3/contacts?organization_id=${ZOHO.organizationId}`,
          body: contactBody(),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('records token requests without their secrets', async () => {
    await zohoToken(emulators, 'books');
    const recorded = emulators.zoho.requests.list({ service: 'accounts' });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/accounts/oauth/v2/token',
      statusCode: 200,
      body: {
        client_id: ZOHO.clientId,
        client_secret: '[redacted]',
        refresh_token: '[redacted]',
        grant_type: 'refresh_token',
      },
    });
    expect(JSON.stringify(recorded)).not.toContain(ZOHO.clientSecret);
    expect(JSON.stringify(recorded)).not.toContain(ZOHO.booksRefreshToken);
  });
});
