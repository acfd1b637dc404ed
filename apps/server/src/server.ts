/**
 * The process: read the configuration, open and migrate the database,
 * build the app and listen. Ctrl-C or SIGTERM closes it gracefully.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { fillMissingSessionsFromFile, seedCatalogIfEmpty } from './catalog/catalog-file';
import { seedMissingContent } from './content/content-file';
import { loggerOptions } from './lib/logger';
import { createFirebaseVerifier } from './core/identity/firebase-verifier';
import { startJobRunner } from './job-runner';
import { describeSmtpUrl } from './core/mail/transport';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  const database = await openDatabase(config.database, {
    onIdleError: (error) =>
      log.warn({ err: error }, 'an idle database connection failed; it will be replaced'),
  });
  await database.migrate();
  const seeded = await seedCatalogIfEmpty(database.db, config.catalogFile);
  const sessionFill = await fillMissingSessionsFromFile(database.db, config.catalogFile);
  const seededContent = await seedMissingContent(database.db, config.contentFile);
  const app = await buildApp({
    config,
    database,
    verifier: createFirebaseVerifier(config.firebase),
    loggerInstance: log,
  });
  app.log.info(
    {
      database: database.description,
      firebaseProject: config.firebase.projectId,
      authEmulator: config.firebase.authEmulatorHost ?? null,
      smtp: config.mail.smtpUrl ? describeSmtpUrl(config.mail.smtpUrl) : null,
    },
    'configuration loaded',
  );
  if (!config.mail.smtpUrl)
    app.log.warn('SMTP_URL is not set: e-mails wait in the outbox until it is');
  if (seeded)
    app.log.info({ ...seeded, file: config.catalogFile }, 'catalog seeded into an empty database');
  if (sessionFill.outcome === 'filled')
    app.log.info({ batches: sessionFill.batchIds }, 'sessions filled in from the catalog file');
  if (sessionFill.outcome === 'file-unreadable')
    app.log.warn(
      { problem: sessionFill.problem },
      'some batches have no sessions and the catalog file could not be read: set them in the back office',
    );
  if (seededContent.length > 0)
    app.log.info(
      { sections: seededContent, file: config.contentFile },
      'sample page content seeded into the database',
    );

  const jobs = config.jobs.enabled
    ? startJobRunner(
        { db: database.db, ...app.services, log: app.log, pulse: app.instance.jobPulse },
        config.jobs.intervalSeconds,
      )
    : undefined;
  if (jobs) app.instance.jobs = 'running';

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    // Not ready from here on: a load balancer drains this instance while it finishes.
    app.instance.closing = true;
    await jobs?.stop();
    if (jobs) app.instance.jobs = 'stopped';
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  pino(loggerOptions({ logLevel: 'info', logPretty: false }) as pino.LoggerOptions).fatal(
    { err: error },
    'the server could not start',
  );
  process.exit(1);
});
