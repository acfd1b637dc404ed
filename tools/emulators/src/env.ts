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

const envSchema = z.object({
  EMULATORS_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  EMULATORS_HOST: text.default('0.0.0.0'),
  EMULATORS_LOG: z.enum(['true', 'false']).default('false'),
  EMULATORS_PUBLIC_URL: blankAsUnset(url),
  FIREBASE_AUTH_EMULATOR_HOST: text.default('127.0.0.1:9099'),
  FIREBASE_PROJECT_ID: text.default('demo-wifi7-workshop'),
  PAYPAL_CLIENT_ID: text.default('emulator-client-id'),
  PAYPAL_CLIENT_SECRET: text.default('emulator-client-secret'),
  PAYPAL_WEBHOOK_ID: text.default('WH-EMULATOR-0001'),
  /** `off` (or empty) keeps events undelivered. */
  PAYPAL_WEBHOOK_TARGET_URL: z
    .union([z.literal(''), z.literal('off'), url])
    .default('http://localhost:3000/api/webhooks/paypal'),
  PAYPAL_MERCHANT_NAME: optionalText,
  PAYPAL_MERCHANT_EMAIL: blankAsUnset(z.email()),
  PAYPAL_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(32_400),
  /** Comma-separated waits between delivery attempts, e.g. `1000,3000,10000`. */
  PAYPAL_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'comma-separated milliseconds, e.g. 1000,3000,10000')
    .default('1000,3000,10000'),
  PAYPAL_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PORTAL_WEBHOOK_SECRET: text.default('emulator-portal-secret-change-me'),
});

export interface EmulatorSettings {
  host: string;
  port: number;
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
  const target = e.PAYPAL_WEBHOOK_TARGET_URL;
  return {
    ok: true,
    settings: {
      host: e.EMULATORS_HOST,
      port: e.EMULATORS_PORT,
      options: {
        authEmulatorUrl: `http://${e.FIREBASE_AUTH_EMULATOR_HOST}`,
        firebaseProjectId: e.FIREBASE_PROJECT_ID,
        logger: e.EMULATORS_LOG === 'true',
        publicUrl: e.EMULATORS_PUBLIC_URL ?? `http://localhost:${e.EMULATORS_PORT}`,
        paypal: {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          webhookId: e.PAYPAL_WEBHOOK_ID,
          webhookTargetUrl: target === '' || target === 'off' ? null : target,
          merchantName: e.PAYPAL_MERCHANT_NAME,
          merchantEmail: e.PAYPAL_MERCHANT_EMAIL,
          tokenTtlSeconds: e.PAYPAL_TOKEN_TTL_SECONDS,
          webhookRetryDelaysMs: e.PAYPAL_WEBHOOK_RETRY_DELAYS_MS.split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map(Number),
          webhookTimeoutMs: e.PAYPAL_WEBHOOK_TIMEOUT_MS,
        },
        portal: { webhookSecret: e.PORTAL_WEBHOOK_SECRET },
      },
    },
  };
}
