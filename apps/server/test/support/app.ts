import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type AppDependencies } from '../../src/app';
import { loadConfig, type Config } from '../../src/config/env';
import type { DatabaseHandle } from '../../src/db/client';
import { createFirebaseVerifier } from '../../src/core/identity/firebase-verifier';
import { authEmulatorHost, TEST_PROJECT_ID } from './auth-emulator';

export const testEnv = {
  NODE_ENV: 'test',
  PUBLIC_SITE_URL: 'http://localhost:3100',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_WEB_API_KEY: 'test-api-key',
  COMPANY_SITE_URL: 'https://company.example.com',
  COURSES_PORTAL_URL: 'https://portal.example.com',
  GEOLOCATION_URL: 'http://localhost:4100/geo/json',
  LOG_TOKEN_SECRET: 'integration-test-secret-integration-test-secret',
  PAYPAL_ENVIRONMENT: 'sandbox',
  // Overridden by suites that start the PayPal emulator; nothing listens here.
  PAYPAL_API_BASE_URL: 'http://127.0.0.1:9/paypal',
  PAYPAL_CLIENT_ID: 'emulator-client-id',
  PAYPAL_CLIENT_SECRET: 'emulator-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-EMULATOR-0001',
  COURSES_PORTAL_WEBHOOK_URL: 'http://127.0.0.1:9/portal/api/enrollments',
  COURSES_PORTAL_WEBHOOK_SECRET: 'emulator-portal-secret-change-me',
  ZOHO_ACCOUNTS_URL: 'http://127.0.0.1:9/zoho/accounts',
  ZOHO_CLIENT_ID: 'emulator-zoho-client-id',
  ZOHO_CLIENT_SECRET: 'emulator-zoho-client-secret',
  ZOHO_BOOKS_API_URL: 'http://127.0.0.1:9/zoho/books/v3',
  ZOHO_BOOKS_REFRESH_TOKEN: 'emulator-books-refresh-token',
  ZOHO_BOOKS_ORGANIZATION_ID: '60000000001',
  ZOHO_PAYMENTS_ENVIRONMENT: 'sandbox',
  ZOHO_PAYMENTS_API_URL: 'http://127.0.0.1:9/zoho/payments/api/v1',
  ZOHO_PAYMENTS_REFRESH_TOKEN: 'emulator-payments-refresh-token',
  ZOHO_PAYMENTS_ACCOUNT_ID: '23137556',
  ZOHO_PAYMENTS_WEBHOOK_SIGNING_KEY: 'emulator-zoho-signing-key',
  SELLER_EMAILS: 'seller@example.com, Second.Seller@example.com',
  // These suites have no SMTP server to mail sign-in links; the stack's do (stack.ts).
  SIGN_IN_MAIL: 'firebase',
} as const;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    ...testEnv,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    ...overrides,
  });
}

/** Collects the app's log lines as parsed JSON objects. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  /** Every byte the logger wrote, as a log file would hold them. */
  bytes = 0;
  readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, callback) => {
      this.bytes += chunk.length;
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        this.lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  /** `level`: the least a line must be to be written; every line by default. */
  constructor(private readonly level = 'trace') {}
  options(): FastifyServerOptions['logger'] {
    return { level: this.level, stream: this.stream };
  }
}

export async function buildTestApp(
  database: DatabaseHandle,
  options: {
    config?: Config;
    logs?: LogCapture;
    onRoute?: AppDependencies['onRoute'];
    dns?: AppDependencies['dns'];
  } = {},
) {
  const config = options.config ?? testConfig();
  const app = await buildApp({
    config,
    database,
    verifier: createFirebaseVerifier(config.firebase),
    logger: options.logs ? options.logs.options() : false,
    onRoute: options.onRoute,
    ...(options.dns ? { dns: options.dns } : {}),
  });
  return app;
}
