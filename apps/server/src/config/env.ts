/**
 * The server's configuration, read once from the environment at start.
 *
 * Every variable is described here and in the README. `loadConfig` checks all
 * of them together and reports every missing or bad value in one message, so
 * a misconfigured deployment fails at boot instead of at the first request.
 * Secrets are only ever read from the environment.
 */
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { PAYPAL_BASE_URLS } from '../integrations/paypal/wire';
import {
  ZOHO_DATA_CENTRES,
  ZOHO_PAYMENTS_BASE_URLS,
  type ZohoDataCentre,
} from '../integrations/zoho/wire';
import type { DatabaseSettings } from '../db/client';
import { findRepositoryRoot } from '../lib/repository-root';

const repositoryRoot = findRepositoryRoot();

const url = (what: string) => z.url({ message: `must be a URL (${what})` });
/** A value that must be set; `where` says where to find it. */
const required = (where: string) => z.string().min(1, `required (${where})`);
const randomSecret = z.string().min(32, 'must be at least 32 characters of random text');
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/**
 * A Google service account key, the JSON file Firebase gives (Project settings →
 * Service accounts → Generate new private key) on one line. Only what
 * firebase-admin signs with is kept.
 */
const serviceAccountKey = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      // Never echo the value: it is a private key.
      ctx.addIssue({ code: 'custom', message: "must be the service account key file's JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object(
        {
          type: z.literal('service_account', 'must be a key of type "service_account"'),
          project_id: z.string().min(1, 'must name its project (project_id)'),
          client_email: z.email('must name its account (client_email)'),
          private_key: z.string().includes('PRIVATE KEY', 'must hold its private_key'),
        },
        "must be the service account key file's JSON",
      )
      .transform((key) => ({
        projectId: key.project_id,
        clientEmail: key.client_email,
        privateKey: key.private_key,
      })),
  );

/** One sender, with or without a display name: `"Wi-Fi 7 Workshop" <workshop@example.com>`. */
const mailbox = z.string().refine((value) => {
  const parsed = addressparser(value, { flatten: true });
  return parsed.length === 1 && z.email().safeParse(parsed[0]!.address).success;
}, 'must be one address, e.g. "Wi-Fi 7 Workshop" <workshop@example.com>');

const databaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  PGLITE_DIR: z.string().default('.data/pglite'),
});

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Pretty, coloured log lines for a person at a terminal instead of JSON. */
    LOG_PRETTY: z.stringbool().default(false),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value) => {
        if (value === undefined || value === '' || value === 'false') return false;
        if (value === 'true') return true;
        const hops = Number(value);
        return Number.isInteger(hops) ? hops : value;
      }),

    PUBLIC_SITE_URL: url('the address people open, e.g. https://workshop.example.com'),
    PUBLIC_API_BASE_URL: optionalString.pipe(url('the API address seen by browsers').optional()),
    CORS_ORIGINS: list,
    /** Who runs the back office: proven addresses, comma-separated. */
    SELLER_EMAILS: list.pipe(
      z.array(
        z.email('must be e-mail addresses, comma-separated').transform((e) => e.toLowerCase()),
      ),
    ),

    ...databaseEnvSchema.omit({ NODE_ENV: true }).shape,

    FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id'),
    FIREBASE_WEB_API_KEY: required('Firebase console → Project settings → Web API key'),
    FIREBASE_AUTH_DOMAIN: optionalString,
    SIGN_IN_MAIL: z.enum(['firebase', 'site']).default('site'),
    /** The site's own sign-in e-mail: one link per address per cooldown, and hourly caps. */
    SIGN_IN_COOLDOWN_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
    SIGN_IN_LINKS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100).default(5),
    SIGN_IN_LINKS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    FIREBASE_AUTH_EMULATOR_HOST: optionalString.pipe(
      z
        .string()
        .regex(/^[\w.-]+:\d+$/, 'must be host:port')
        .optional(),
    ),
    /** Lets the server look accounts up and delete password accounts; the emulator needs none. */
    FIREBASE_SERVICE_ACCOUNT: optionalString.pipe(serviceAccountKey.optional()),

    COMPANY_SITE_URL: url("the company's own website, linked from the logo"),
    COURSES_PORTAL_URL: url('the courses portal where paid students find "My Courses"'),
    GEOLOCATION_URL: url('an IP-geolocation service answering JSON with a country field').default(
      'https://ipapi.co/json/',
    ),

    LOG_TOKEN_SECRET: randomSecret,
    /** The bearer token Prometheus sends to GET /metrics; unset, the endpoint does not exist. */
    METRICS_TOKEN: optionalString.pipe(randomSecret.optional()),

    PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live'], { message: 'must be sandbox or live' }),
    PAYPAL_API_BASE_URL: optionalString.pipe(url('PayPal REST base URL').optional()),
    PAYPAL_CLIENT_ID: required('PayPal developer dashboard → your app'),
    PAYPAL_CLIENT_SECRET: required('PayPal developer dashboard → your app'),
    PAYPAL_WEBHOOK_ID: required('the id PayPal gives the webhook you registered'),
    /** How long one call to PayPal or Zoho may take before it counts as failed. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

    COURSES_PORTAL_WEBHOOK_URL: url('where paid students are handed to the courses portal'),
    COURSES_PORTAL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters'),

    ZOHO_DATA_CENTRE: z
      .enum(Object.keys(ZOHO_DATA_CENTRES) as [ZohoDataCentre, ...ZohoDataCentre[]])
      .default('in'),
    ZOHO_ACCOUNTS_URL: optionalString.pipe(url('Zoho accounts server').optional()),
    ZOHO_CLIENT_ID: required('Zoho API console → your server-based client'),
    ZOHO_CLIENT_SECRET: required('Zoho API console → your server-based client'),
    ZOHO_BOOKS_API_URL: optionalString.pipe(url('Zoho Books API base').optional()),
    ZOHO_BOOKS_REFRESH_TOKEN: required('a refresh token with ZohoBooks.contacts.READ,CREATE'),
    ZOHO_BOOKS_ORGANIZATION_ID: required('Zoho Books → Settings → Organisation profile'),
    ZOHO_PAYMENTS_ENVIRONMENT: z.enum(['sandbox', 'live'], { message: 'must be sandbox or live' }),
    ZOHO_PAYMENTS_API_URL: optionalString.pipe(url('Zoho Payments API base').optional()),
    ZOHO_PAYMENTS_REFRESH_TOKEN: required(
      'a refresh token with ZohoPay.payments.CREATE,READ,UPDATE and ZohoPay.refunds.CREATE',
    ),
    ZOHO_PAYMENTS_ACCOUNT_ID: required('Zoho Payments → Settings → account id'),
    ZOHO_PAYMENTS_WEBHOOK_SIGNING_KEY: z
      .string()
      .min(8, 'required (Zoho Payments → Developer Space → Webhooks → signing key)'),

    UNPAID_HOLDS_PER_NETWORK: z.coerce.number().int().min(1).max(1000).default(3),
    /** The SMTP server that sends our own e-mail; unset outside production keeps mail in the outbox. */
    SMTP_URL: optionalString.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          message: 'must be smtp://user:password@host:587 or smtps://user:password@host:465',
        })
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(mailbox.optional()),
    /** The DKIM selector the back office's sender-domain check looks at (`<selector>._domainkey`). */
    MAIL_DKIM_SELECTOR: optionalString.pipe(
      z
        .string()
        .max(63)
        .regex(
          /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?)*$/,
          'must be a DKIM selector: the part before ._domainkey, e.g. s1 or 20240105pm',
        )
        .optional(),
    ),
    /** The Pacific hour from which the sellers' daily digest is sent. */
    MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
    JOBS_ENABLED: z.stringbool().default(true),
    /** Only for load benchmarks; refused in production. */
    RATE_LIMITS_ENABLED: z.stringbool().default(true),
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),

    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    CATALOG_FILE: z.string().default('catalog/catalog.json'),
    CONTENT_FILE: z.string().default('catalog/content.json'),
  })
  .superRefine((env, ctx) => {
    const refuse = (name: keyof typeof env, message: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message });
    if (env.NODE_ENV === 'production') {
      if (!env.DATABASE_URL)
        refuse(
          'DATABASE_URL',
          'required in production (the embedded PGlite database is for one machine only)',
        );
      if (!env.SMTP_URL)
        refuse(
          'SMTP_URL',
          'required in production (the SMTP server that sends enrolment and seller e-mails, e.g. smtp://user:password@email-smtp.us-east-1.amazonaws.com:587)',
        );
      if (!env.MAIL_FROM)
        refuse(
          'MAIL_FROM',
          'required in production (the sender, e.g. "Wi-Fi 7 Workshop" <workshop@example.com>)',
        );
      if (!env.RATE_LIMITS_ENABLED) refuse('RATE_LIMITS_ENABLED', 'may not be false in production');
      if (!env.FIREBASE_SERVICE_ACCOUNT && !env.FIREBASE_AUTH_EMULATOR_HOST)
        refuse(
          'FIREBASE_SERVICE_ACCOUNT',
          "required in production (the key file's JSON of a service account with the Firebase Authentication Admin role)",
        );
    }
    if (env.SIGN_IN_MAIL === 'site' && !env.SMTP_URL && env.NODE_ENV !== 'production')
      refuse(
        'SIGN_IN_MAIL',
        'is site (the default), which mails the sign-in links over SMTP: set SMTP_URL, or SIGN_IN_MAIL=firebase to have Firebase send them',
      );
    // With the emulator the key is not used (deploy/env.example's placeholder stays in the deployment test).
    if (
      env.FIREBASE_SERVICE_ACCOUNT &&
      !env.FIREBASE_AUTH_EMULATOR_HOST &&
      env.FIREBASE_SERVICE_ACCOUNT.projectId !== env.FIREBASE_PROJECT_ID
    )
      refuse('FIREBASE_SERVICE_ACCOUNT', 'is a key of another project than FIREBASE_PROJECT_ID');
    if (env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID.startsWith('demo-'))
      refuse(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'may only be set with a demo- project id (it disables token signature checks)',
      );
  });

/** The sender outside production when MAIL_FROM is unset. */
const DEVELOPMENT_SENDER = '"Wi-Fi 7 Workshop" <workshop@localhost>';

/** The settings the server runs with: what `loadConfig` makes of the environment. */
export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The server cannot start: the environment is not valid.\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}\nSee the README section "Configuration" for every variable.`,
    );
    this.name = 'ConfigError';
  }
}

function databaseSettingsOf(env: z.infer<typeof databaseEnvSchema>): DatabaseSettings {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: 'pglite', dataDir: path.resolve(repositoryRoot, env.PGLITE_DIR) };
}

/** Only the database settings, for command-line tools that need nothing else. */
export function loadDatabaseSettings(source: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const parsed = databaseEnvSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, source));
  return databaseSettingsOf(parsed.data);
}

function problemsOf(error: z.ZodError, source: NodeJS.ProcessEnv): string[] {
  return error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing =
      issue.code !== 'custom' && issue.path.length === 1 && (source[name] ?? '') === '';
    return missing ? `${name}: required but not set` : `${name}: ${issue.message}`;
  });
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, source));
  const env = parsed.data;
  const stripSlash = (value: string) => value.replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY,
    trustProxy: env.TRUST_PROXY,
    publicSiteUrl: stripSlash(env.PUBLIC_SITE_URL),
    /** Empty string: the API is on the same origin as the site. */
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL ? stripSlash(env.PUBLIC_API_BASE_URL) : '',
    corsOrigins: env.CORS_ORIGINS,
    /** The seller allow-list, lower-case. */
    sellerEmails: env.SELLER_EMAILS,
    database: databaseSettingsOf(env),
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      webApiKey: env.FIREBASE_WEB_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      /** Who e-mails sign-in links: Firebase, or the site from MAIL_FROM (POST /api/sign-in-link). */
      signInMail: env.SIGN_IN_MAIL,
      /** host:port of the Auth Emulator, only for local use and tests. */
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      /** The Admin credential for account look-ups; unset only outside production or with the emulator. */
      serviceAccount: env.FIREBASE_SERVICE_ACCOUNT,
    },
    /** The limits on the site's own sign-in e-mail (README, Security). */
    signInLimits: {
      cooldownSeconds: env.SIGN_IN_COOLDOWN_SECONDS,
      perAddressHour: env.SIGN_IN_LINKS_PER_ADDRESS_HOUR,
      perClientHour: env.SIGN_IN_LINKS_PER_CLIENT_HOUR,
    },
    companySiteUrl: env.COMPANY_SITE_URL,
    coursesPortalUrl: env.COURSES_PORTAL_URL,
    geolocationUrl: env.GEOLOCATION_URL,
    logTokenSecret: env.LOG_TOKEN_SECRET,
    /** GET /metrics answers only with this bearer token; unset, it answers 404. */
    metricsToken: env.METRICS_TOKEN,
    webDistDir: path.resolve(repositoryRoot, env.WEB_DIST_DIR),
    /** Loaded into an empty database at start. */
    catalogFile: path.resolve(repositoryRoot, env.CATALOG_FILE),
    /** The workshop page's sample content, for each section the database lacks at start. */
    contentFile: path.resolve(repositoryRoot, env.CONTENT_FILE),
    paypal: {
      baseUrl: stripSlash(env.PAYPAL_API_BASE_URL ?? PAYPAL_BASE_URLS[env.PAYPAL_ENVIRONMENT]),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
    },
    portal: {
      webhookUrl: env.COURSES_PORTAL_WEBHOOK_URL,
      webhookSecret: env.COURSES_PORTAL_WEBHOOK_SECRET,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
    },
    zoho: {
      accountsUrl: stripSlash(
        env.ZOHO_ACCOUNTS_URL ?? ZOHO_DATA_CENTRES[env.ZOHO_DATA_CENTRE].accounts,
      ),
      clientId: env.ZOHO_CLIENT_ID,
      clientSecret: env.ZOHO_CLIENT_SECRET,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      books: {
        baseUrl: stripSlash(
          env.ZOHO_BOOKS_API_URL ?? `${ZOHO_DATA_CENTRES[env.ZOHO_DATA_CENTRE].apis}/books/v3`,
        ),
        refreshToken: env.ZOHO_BOOKS_REFRESH_TOKEN,
        organizationId: env.ZOHO_BOOKS_ORGANIZATION_ID,
      },
      payments: {
        baseUrl: stripSlash(
          env.ZOHO_PAYMENTS_API_URL ?? ZOHO_PAYMENTS_BASE_URLS[env.ZOHO_PAYMENTS_ENVIRONMENT],
        ),
        refreshToken: env.ZOHO_PAYMENTS_REFRESH_TOKEN,
        accountId: env.ZOHO_PAYMENTS_ACCOUNT_ID,
        webhookSigningKey: env.ZOHO_PAYMENTS_WEBHOOK_SIGNING_KEY,
      },
    },
    mail: {
      /** Unset (outside production only): messages wait in the outbox until one is configured. */
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? DEVELOPMENT_SENDER,
      /** Production insists on an encrypted connection to the SMTP server. */
      requireTls: env.NODE_ENV === 'production',
      digestHour: env.MAIL_DIGEST_HOUR,
      /** Where the sender-domain check looks for the DKIM key; unset, the provider's usual selectors. */
      dkimSelector: env.MAIL_DKIM_SELECTOR,
    },
    jobs: { enabled: env.JOBS_ENABLED, intervalSeconds: env.JOBS_INTERVAL_SECONDS },
    rateLimitsEnabled: env.RATE_LIMITS_ENABLED,
    /** Unpaid seats of one batch that one client network may hold (orders/hold-rules.ts). */
    unpaidHoldsPerNetwork: env.UNPAID_HOLDS_PER_NETWORK,
  };
}
