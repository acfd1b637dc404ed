import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** A key file's JSON as Firebase gives it (the key is not a real one). */
const serviceAccountKey = {
  type: 'service_account',
  project_id: 'wifi7-workshop-prod',
  private_key_id: '0123456789abcdef',
  private_key: '-----BEGIN PRIVATE KEY-----\nbm90IGEgcmVhbCBrZXk=\n-----END PRIVATE KEY-----\n',
  client_email: 'workshop-server@wifi7-workshop-prod.iam.gserviceaccount.com',
  client_id: '100000000000000000001',
};

const valid = {
  PUBLIC_SITE_URL: 'https://workshop.example.com/',
  FIREBASE_PROJECT_ID: 'wifi7-workshop-prod',
  FIREBASE_WEB_API_KEY: 'AIzaSyExample',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccountKey),
  COMPANY_SITE_URL: 'https://example.com',
  COURSES_PORTAL_URL: 'https://courses.example.com',
  LOG_TOKEN_SECRET: 'x'.repeat(32),
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/workshop',
  NODE_ENV: 'production',
  PAYPAL_ENVIRONMENT: 'live',
  PAYPAL_CLIENT_ID: 'client-id',
  PAYPAL_CLIENT_SECRET: 'client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  COURSES_PORTAL_WEBHOOK_URL: 'https://courses.example.com/hooks/enrollments',
  COURSES_PORTAL_WEBHOOK_SECRET: 'portal-secret-portal-secret',
  ZOHO_CLIENT_ID: '1000.ABC',
  ZOHO_CLIENT_SECRET: 'zoho-secret',
  ZOHO_BOOKS_REFRESH_TOKEN: '1000.books',
  ZOHO_BOOKS_ORGANIZATION_ID: '600000001',
  ZOHO_PAYMENTS_ENVIRONMENT: 'live',
  ZOHO_PAYMENTS_REFRESH_TOKEN: '1000.pay',
  ZOHO_PAYMENTS_ACCOUNT_ID: '23137556',
  ZOHO_PAYMENTS_WEBHOOK_SIGNING_KEY: 'signing-key-123',
  SMTP_URL: 'smtp://AKIAEXAMPLE:s3cr%40t@email-smtp.us-east-1.amazonaws.com:587',
  MAIL_FROM: '"Wi-Fi 7 Workshop" <workshop@example.com>',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('reads a complete production environment', () => {
    const config = loadConfig(valid);
    expect(config.publicSiteUrl).toBe('https://workshop.example.com');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: valid.DATABASE_URL,
      poolMax: 10,
    });
    expect(config.firebase.authDomain).toBe('wifi7-workshop-prod.firebaseapp.com');
    expect(config.port).toBe(3000);
    expect(config.paypal.baseUrl).toBe('https://api-m.paypal.com');
    expect(loadConfig({ ...valid, PAYPAL_ENVIRONMENT: 'sandbox' }).paypal.baseUrl).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    expect(config.zoho.accountsUrl).toBe('https://accounts.zoho.in');
    expect(config.zoho.books.baseUrl).toBe('https://www.zohoapis.in/books/v3');
    expect(config.zoho.payments.baseUrl).toBe('https://payments.zoho.in/api/v1');
    const us = loadConfig({
      ...valid,
      ZOHO_DATA_CENTRE: 'com',
      ZOHO_PAYMENTS_ENVIRONMENT: 'sandbox',
    });
    expect(us.zoho.accountsUrl).toBe('https://accounts.zoho.com');
    expect(us.zoho.payments.baseUrl).toBe('https://paymentssandbox.zoho.in/api/v1');
  });

  it('lists every missing variable, one line each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of [
      'PUBLIC_SITE_URL',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_WEB_API_KEY',
      'COMPANY_SITE_URL',
      'COURSES_PORTAL_URL',
      'LOG_TOKEN_SECRET',
      'PAYPAL_ENVIRONMENT',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'COURSES_PORTAL_WEBHOOK_URL',
      'COURSES_PORTAL_WEBHOOK_SECRET',
    ]) {
      expect(problems).toContain(`${name}: required but not set`);
    }
  });

  it('explains bad values', () => {
    const problems = problemsOf({
      ...valid,
      PUBLIC_SITE_URL: 'workshop',
      LOG_TOKEN_SECRET: 'short',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
    });
    expect(problems.find((line) => line.startsWith('PUBLIC_SITE_URL:'))).toMatch(/must be a URL/);
    expect(problems.find((line) => line.startsWith('LOG_TOKEN_SECRET:'))).toMatch(/at least 32/);
    expect(problems.some((line) => line.startsWith('PORT:'))).toBe(true);
    expect(problems.find((line) => line.startsWith('DATABASE_URL:'))).toMatch(/postgres:\/\//);
  });

  it('requires a real database in production and allows PGlite elsewhere', () => {
    expect(problemsOf({ ...valid, DATABASE_URL: undefined })).toEqual([
      'DATABASE_URL: required in production (the embedded PGlite database is for one machine only)',
    ]);
    const local = loadConfig({ ...valid, NODE_ENV: 'development', DATABASE_URL: '' });
    expect(local.database.kind).toBe('pglite');
  });

  it('refuses the Auth Emulator for a real Firebase project', () => {
    expect(problemsOf({ ...valid, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })[0]).toMatch(
      /^FIREBASE_AUTH_EMULATOR_HOST: may only be set with a demo- project/,
    );
  });

  it('reads the service account, required in production unless the Auth Emulator stands in', () => {
    expect(loadConfig(valid).firebase.serviceAccount).toEqual({
      projectId: 'wifi7-workshop-prod',
      clientEmail: serviceAccountKey.client_email,
      privateKey: serviceAccountKey.private_key,
    });
    expect(problemsOf({ ...valid, FIREBASE_SERVICE_ACCOUNT: '' })).toEqual([
      expect.stringMatching(/^FIREBASE_SERVICE_ACCOUNT: required in production/),
    ]);
    const emulated = {
      ...valid,
      FIREBASE_PROJECT_ID: 'demo-wifi7-workshop',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_SERVICE_ACCOUNT: undefined,
    };
    expect(loadConfig(emulated).firebase.serviceAccount).toBeUndefined();
    const local = { ...valid, NODE_ENV: 'development', FIREBASE_SERVICE_ACCOUNT: undefined };
    expect(loadConfig(local).firebase.serviceAccount).toBeUndefined();
  });

  it('explains a bad service account key without repeating it', () => {
    const notJson = `${serviceAccountKey.private_key}`;
    expect(problemsOf({ ...valid, FIREBASE_SERVICE_ACCOUNT: notJson })).toEqual([
      "FIREBASE_SERVICE_ACCOUNT: must be the service account key file's JSON",
    ]);
    const keyless = JSON.stringify({ ...serviceAccountKey, private_key: undefined });
    expect(problemsOf({ ...valid, FIREBASE_SERVICE_ACCOUNT: keyless })).toEqual([
      expect.stringMatching(/^FIREBASE_SERVICE_ACCOUNT\.private_key: /),
    ]);
    const elsewhere = JSON.stringify({ ...serviceAccountKey, project_id: 'another-project' });
    expect(problemsOf({ ...valid, FIREBASE_SERVICE_ACCOUNT: elsewhere })).toEqual([
      'FIREBASE_SERVICE_ACCOUNT: is a key of another project than FIREBASE_PROJECT_ID',
    ]);
    const problems = problemsOf({
      ...valid,
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...serviceAccountKey, type: 'user' }),
    }).join('\n');
    expect(problems).toMatch(/^FIREBASE_SERVICE_ACCOUNT\.type: /);
    expect(problems).not.toContain('PRIVATE KEY');
  });

  it('reads the mail settings, and requires SMTP_URL and MAIL_FROM in production only', () => {
    expect(loadConfig(valid).mail).toEqual({
      smtpUrl: valid.SMTP_URL,
      from: valid.MAIL_FROM,
      requireTls: true,
      digestHour: 7,
    });
    expect(problemsOf({ ...valid, SMTP_URL: undefined, MAIL_FROM: '' })).toEqual([
      expect.stringMatching(/^SMTP_URL: required in production/),
      expect.stringMatching(/^MAIL_FROM: required in production/),
    ]);
    const local = loadConfig({
      ...valid,
      NODE_ENV: 'development',
      SMTP_URL: '',
      MAIL_FROM: '',
      SIGN_IN_MAIL: 'firebase',
    });
    expect(local.mail).toMatchObject({ smtpUrl: undefined, requireTls: false });
    expect(local.mail.from).toMatch(/^"Wi-Fi 7 Workshop" <.+>$/);
    expect(loadConfig({ ...valid, MAIL_DIGEST_HOUR: '18' }).mail.digestHour).toBe(18);
  });

  it('has the site mail the sign-in links by default, within limits the seller may change', () => {
    const config = loadConfig(valid);
    expect(config.firebase.signInMail).toBe('site');
    expect(config.signInLimits).toEqual({
      cooldownSeconds: 60,
      perAddressHour: 5,
      perClientHour: 10,
    });
    expect(
      loadConfig({
        ...valid,
        SIGN_IN_COOLDOWN_SECONDS: '30',
        SIGN_IN_LINKS_PER_ADDRESS_HOUR: '3',
        SIGN_IN_LINKS_PER_CLIENT_HOUR: '200',
      }).signInLimits,
    ).toEqual({ cooldownSeconds: 30, perAddressHour: 3, perClientHour: 200 });
    expect(problemsOf({ ...valid, SIGN_IN_COOLDOWN_SECONDS: '0' })).toEqual([
      expect.stringMatching(/^SIGN_IN_COOLDOWN_SECONDS: /),
    ]);
    // Without an SMTP server nobody could sign in: refused outside production too.
    expect(problemsOf({ ...valid, NODE_ENV: 'development', SMTP_URL: '', MAIL_FROM: '' })).toEqual([
      expect.stringMatching(
        /^SIGN_IN_MAIL: is site \(the default\).*set SMTP_URL, or SIGN_IN_MAIL=firebase/,
      ),
    ]);
    expect(loadConfig({ ...valid, SIGN_IN_MAIL: 'firebase' }).firebase.signInMail).toBe('firebase');
  });

  it('reads MAIL_DKIM_SELECTOR, a selector only', () => {
    expect(loadConfig({ ...valid, MAIL_DKIM_SELECTOR: ' 20240105pm ' }).mail.dkimSelector).toBe(
      '20240105pm',
    );
    expect(loadConfig({ ...valid, MAIL_DKIM_SELECTOR: '' }).mail.dkimSelector).toBeUndefined();
    for (const bad of ['s1._domainkey.example.com x', 'bad selector', '-s1', 's1.']) {
      expect(problemsOf({ ...valid, MAIL_DKIM_SELECTOR: bad })).toEqual([
        expect.stringMatching(/^MAIL_DKIM_SELECTOR: must be a DKIM selector/),
      ]);
    }
  });

  it('explains a bad SMTP_URL, MAIL_FROM or digest hour without repeating the password', () => {
    const problems = problemsOf({
      ...valid,
      SMTP_URL: 'https://user:hunter2@mail.example.com',
      MAIL_FROM: 'Workshop <not an address>',
      MAIL_DIGEST_HOUR: '24',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^SMTP_URL: must be smtp:\/\/user:password@host:587 or smtps:/),
      expect.stringMatching(/^MAIL_FROM: must be one address/),
      expect.stringMatching(/^MAIL_DIGEST_HOUR: /),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsOf({ ...valid, MAIL_FROM: 'a@example.com, b@example.com' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: must be one address/),
    ]);
    expect(problemsOf({ ...valid, SMTP_URL: 'smtps://mail.example.com' })).toEqual([]);
    expect(problemsOf({ ...valid, MAIL_FROM: 'workshop@example.com' })).toEqual([]);
  });

  it('puts the problems in the error message', () => {
    expect(() => loadConfig({})).toThrow(/The server cannot start[\s\S]*FIREBASE_PROJECT_ID/);
  });
});
