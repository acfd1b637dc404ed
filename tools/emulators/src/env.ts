/**
 * The emulators' settings from environment variables, checked once at
 * start: a bad value stops the process with one line per problem rather
 * than surfacing later as a confusing failure.
 */
import { z } from 'zod';
import type { EmulatorOptions } from './app';

const text = z.string().trim().min(1);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const url = z.url({ protocol: /^https?$/ });
/** An unset or empty variable means "use the default". */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
/** A webhook target: a URL, or `off` (or empty) to keep events undelivered. */
const webhookTarget = (fallback: string) =>
  z
    .union([z.literal(''), z.literal('off'), url])
    .default(fallback)
    .transform((target) => (target === '' || target === 'off' ? null : target));
/** Comma-separated waits between delivery attempts, e.g. `1000,3000,10000`. */
const delays = (fallback: string) =>
  z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'comma-separated milliseconds, e.g. 1000,3000,10000')
    .default(fallback)
    .transform((list) =>
      list
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    );
const digits = z.string().trim().regex(/^\d+$/, 'digits only');

const envSchema = z.object({
  EMULATORS_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  EMULATORS_HOST: text.default('0.0.0.0'),
  /** Where the inbox takes our site's own e-mail over SMTP. */
  EMULATORS_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(4025),
  EMULATORS_LOG: z.enum(['true', 'false']).default('false'),
  EMULATORS_PUBLIC_URL: blankAsUnset(url),
  /** Only where Firebase sends the sign-in links (SIGN_IN_MAIL=firebase): they are relayed. */
  FIREBASE_AUTH_EMULATOR_HOST: blankAsUnset(text),
  FIREBASE_PROJECT_ID: text.default('demo-wifi7-workshop'),
  PAYPAL_CLIENT_ID: text.default('emulator-client-id'),
  PAYPAL_CLIENT_SECRET: text.default('emulator-client-secret'),
  PAYPAL_WEBHOOK_ID: text.default('WH-EMULATOR-0001'),
  PAYPAL_WEBHOOK_TARGET_URL: webhookTarget('http://localhost:3000/api/webhooks/paypal'),
  PAYPAL_MERCHANT_NAME: optionalText,
  PAYPAL_MERCHANT_EMAIL: blankAsUnset(z.email()),
  PAYPAL_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(32_400),
  PAYPAL_WEBHOOK_RETRY_DELAYS_MS: delays('1000,3000,10000'),
  PAYPAL_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ZOHO_CLIENT_ID: text.default('emulator-zoho-client-id'),
  ZOHO_CLIENT_SECRET: text.default('emulator-zoho-client-secret'),
  ZOHO_BOOKS_REFRESH_TOKEN: text.default('emulator-books-refresh-token'),
  ZOHO_PAYMENTS_REFRESH_TOKEN: text.default('emulator-payments-refresh-token'),
  ZOHO_BOOKS_ORGANIZATION_ID: digits.default('60000000001'),
  ZOHO_PAYMENTS_ACCOUNT_ID: digits.default('23137556'),
  ZOHO_WEBHOOK_SIGNING_KEY: text.default('emulator-zoho-signing-key'),
  ZOHO_WEBHOOK_TARGET_URL: webhookTarget('http://localhost:3000/api/webhooks/zoho'),
  /** Unset: `Wi-Fi 7 Workshop`. */
  ZOHO_MERCHANT_NAME: optionalText,
  ZOHO_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  ZOHO_TOKEN_MINT_LIMIT: z.coerce.number().int().positive().default(10),
  ZOHO_WEBHOOK_RETRY_DELAYS_MS: delays('1000,3000,10000'),
  ZOHO_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PORTAL_WEBHOOK_SECRET: text.default('emulator-portal-secret-change-me'),
});

export interface EmulatorSettings {
  host: string;
  port: number;
  smtpPort: number;
  options: EmulatorOptions;
}

export type SettingsResult =
  { ok: true; settings: EmulatorSettings } | { ok: false; problems: string[] };

export function settingsFromEnv(env: Record<string, string | undefined>): SettingsResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  return {
    ok: true,
    settings: {
      host: e.EMULATORS_HOST,
      port: e.EMULATORS_PORT,
      smtpPort: e.EMULATORS_SMTP_PORT,
      options: {
        authEmulatorUrl: e.FIREBASE_AUTH_EMULATOR_HOST
          ? `http://${e.FIREBASE_AUTH_EMULATOR_HOST}`
          : undefined,
        firebaseProjectId: e.FIREBASE_PROJECT_ID,
        logger: e.EMULATORS_LOG === 'true',
        publicUrl: e.EMULATORS_PUBLIC_URL ?? `http://localhost:${e.EMULATORS_PORT}`,
        paypal: {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          webhookId: e.PAYPAL_WEBHOOK_ID,
          webhookTargetUrl: e.PAYPAL_WEBHOOK_TARGET_URL,
          merchantName: e.PAYPAL_MERCHANT_NAME,
          merchantEmail: e.PAYPAL_MERCHANT_EMAIL,
          tokenTtlSeconds: e.PAYPAL_TOKEN_TTL_SECONDS,
          webhookRetryDelaysMs: e.PAYPAL_WEBHOOK_RETRY_DELAYS_MS,
          webhookTimeoutMs: e.PAYPAL_WEBHOOK_TIMEOUT_MS,
        },
        zoho: {
          clientId: e.ZOHO_CLIENT_ID,
          clientSecret: e.ZOHO_CLIENT_SECRET,
          booksRefreshToken: e.ZOHO_BOOKS_REFRESH_TOKEN,
          paymentsRefreshToken: e.ZOHO_PAYMENTS_REFRESH_TOKEN,
          organizationId: e.ZOHO_BOOKS_ORGANIZATION_ID,
          accountId: e.ZOHO_PAYMENTS_ACCOUNT_ID,
          signingKey: e.ZOHO_WEBHOOK_SIGNING_KEY,
          webhookTargetUrl: e.ZOHO_WEBHOOK_TARGET_URL,
          merchantName: e.ZOHO_MERCHANT_NAME,
          tokenTtlSeconds: e.ZOHO_TOKEN_TTL_SECONDS,
          tokenMintLimit: e.ZOHO_TOKEN_MINT_LIMIT,
          webhookRetryDelaysMs: e.ZOHO_WEBHOOK_RETRY_DELAYS_MS,
          webhookTimeoutMs: e.ZOHO_WEBHOOK_TIMEOUT_MS,
        },
        portal: { webhookSecret: e.PORTAL_WEBHOOK_SECRET },
      },
    },
  };
}
