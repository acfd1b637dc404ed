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
        options: {
          publicUrl: 'http://localhost:4000',
          authEmulatorUrl: 'http://127.0.0.1:9099',
          firebaseProjectId: 'demo-wifi7-workshop',
          paypal: {
            clientId: 'emulator-client-id',
            clientSecret: 'emulator-client-secret',
            webhookId: 'WH-EMULATOR-0001',
            webhookTargetUrl: 'http://localhost:3000/api/webhooks/paypal',
            tokenTtlSeconds: 32400,
            webhookRetryDelaysMs: [1000, 3000, 10000],
          },
          portal: { webhookSecret: 'emulator-portal-secret-change-me' },
        },
      },
    });
  });

  it('reads every setting', () => {
    const result = settingsFromEnv({
      EMULATORS_PORT: '4100',
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
    });
    expect(result.ok && result.settings.options).toMatchObject({
      publicUrl: 'http://emulators.test:4100',
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
