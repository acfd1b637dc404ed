import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './env';

describe('settingsFromEnv', () => {
  it('uses the documented defaults', () => {
    const result = settingsFromEnv({});
    expect(result).toMatchObject({
      ok: true,
      settings: {
        host: '0.0.0.0',
        port: 4000,
        smtpPort: 4025,
        options: {
          publicUrl: 'http://localhost:4000',
          authEmulatorUrl: undefined,
          firebaseProjectId: 'demo-wifi7-workshop',
          paypal: {
            clientId: 'emulator-client-id',
            clientSecret: 'emulator-client-secret',
            webhookId: 'WH-EMULATOR-0001',
            webhookTargetUrl: 'http://localhost:3000/api/webhooks/paypal',
            tokenTtlSeconds: 32400,
            webhookRetryDelaysMs: [1000, 3000, 10000],
          },
          zoho: {
            clientId: 'emulator-zoho-client-id',
            clientSecret: 'emulator-zoho-client-secret',
            booksRefreshToken: 'emulator-books-refresh-token',
            paymentsRefreshToken: 'emulator-payments-refresh-token',
            organizationId: '60000000001',
            accountId: '23137556',
            signingKey: 'emulator-zoho-signing-key',
            webhookTargetUrl: 'http://localhost:3000/api/webhooks/zoho',
            merchantName: undefined,
            tokenTtlSeconds: 3600,
            tokenMintLimit: 10,
            webhookRetryDelaysMs: [1000, 3000, 10000],
            webhookTimeoutMs: 10000,
          },
          portal: { webhookSecret: 'emulator-portal-secret-change-me' },
        },
      },
    });
  });

  it('reads every Zoho setting', () => {
    const result = settingsFromEnv({
      ZOHO_CLIENT_ID: 'zid',
      ZOHO_CLIENT_SECRET: 'zsecret',
      ZOHO_BOOKS_REFRESH_TOKEN: 'books-rt',
      ZOHO_PAYMENTS_REFRESH_TOKEN: 'payments-rt',
      ZOHO_BOOKS_ORGANIZATION_ID: '60012345678',
      ZOHO_PAYMENTS_ACCOUNT_ID: '105078477',
      ZOHO_WEBHOOK_SIGNING_KEY: 'whsec',
      ZOHO_WEBHOOK_TARGET_URL: 'http://localhost:3100/api/webhooks/zoho',
      ZOHO_MERCHANT_NAME: 'Wireless Academy',
      ZOHO_TOKEN_TTL_SECONDS: '60',
      ZOHO_TOKEN_MINT_LIMIT: '50',
      ZOHO_WEBHOOK_RETRY_DELAYS_MS: '5,50',
      ZOHO_WEBHOOK_TIMEOUT_MS: '2000',
    });
    expect(result.ok && result.settings.options.zoho).toEqual({
      clientId: 'zid',
      clientSecret: 'zsecret',
      booksRefreshToken: 'books-rt',
      paymentsRefreshToken: 'payments-rt',
      organizationId: '60012345678',
      accountId: '105078477',
      signingKey: 'whsec',
      webhookTargetUrl: 'http://localhost:3100/api/webhooks/zoho',
      merchantName: 'Wireless Academy',
      tokenTtlSeconds: 60,
      tokenMintLimit: 50,
      webhookRetryDelaysMs: [5, 50],
      webhookTimeoutMs: 2000,
    });
  });

  it('turns Zoho webhook delivery off and refuses a non-numeric organization or account', () => {
    const off = settingsFromEnv({ ZOHO_WEBHOOK_TARGET_URL: 'off' });
    expect(off.ok && off.settings.options.zoho?.webhookTargetUrl).toBeNull();
    const bad = settingsFromEnv({
      ZOHO_BOOKS_ORGANIZATION_ID: 'org-1',
      ZOHO_PAYMENTS_ACCOUNT_ID: '',
      ZOHO_TOKEN_MINT_LIMIT: '0',
    });
    expect(!bad.ok && bad.problems.map((problem) => problem.split(':')[0])).toEqual([
      'ZOHO_BOOKS_ORGANIZATION_ID',
      'ZOHO_PAYMENTS_ACCOUNT_ID',
      'ZOHO_TOKEN_MINT_LIMIT',
    ]);
  });

  it('reads every setting', () => {
    const result = settingsFromEnv({
      EMULATORS_PORT: '4100',
      EMULATORS_SMTP_PORT: '4125',
      EMULATORS_PUBLIC_URL: 'http://emulators.test:4100',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_WEBHOOK_TARGET_URL: 'http://localhost:3100/api/webhooks/paypal',
      PAYPAL_MERCHANT_NAME: 'Wireless Academy',
      PAYPAL_MERCHANT_EMAIL: 'merchant@example.com',
      PAYPAL_TOKEN_TTL_SECONDS: '120',
      PAYPAL_WEBHOOK_RETRY_DELAYS_MS: '10, 20',
      PORTAL_WEBHOOK_SECRET: 'shh',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
    });
    expect(result.ok && result.settings.smtpPort).toBe(4125);
    expect(result.ok && result.settings.options).toMatchObject({
      publicUrl: 'http://emulators.test:4100',
      authEmulatorUrl: 'http://127.0.0.1:9199',
      paypal: {
        clientId: 'id',
        clientSecret: 'secret',
        webhookId: 'WH-1',
        webhookTargetUrl: 'http://localhost:3100/api/webhooks/paypal',
        merchantName: 'Wireless Academy',
        merchantEmail: 'merchant@example.com',
        tokenTtlSeconds: 120,
        webhookRetryDelaysMs: [10, 20],
      },
      portal: { webhookSecret: 'shh' },
    });
  });

  it('turns webhook delivery off, and the public URL follows the port', () => {
    const result = settingsFromEnv({ PAYPAL_WEBHOOK_TARGET_URL: 'off', EMULATORS_PORT: '4100' });
    expect(result.ok && result.settings.options.paypal?.webhookTargetUrl).toBeNull();
    expect(result.ok && result.settings.options.publicUrl).toBe('http://localhost:4100');
  });

  it('names every bad value', () => {
    const result = settingsFromEnv({
      EMULATORS_PORT: 'four',
      PAYPAL_WEBHOOK_TARGET_URL: 'localhost:3000',
      PAYPAL_WEBHOOK_RETRY_DELAYS_MS: '1s,3s',
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((problem) => problem.split(':')[0])).toEqual([
      'EMULATORS_PORT',
      'PAYPAL_WEBHOOK_TARGET_URL',
      'PAYPAL_WEBHOOK_RETRY_DELAYS_MS',
    ]);
  });
});
