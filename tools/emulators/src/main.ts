/**
 * Starts the emulators with the settings of the environment (see env.ts):
 * `EMULATORS_PORT` (default 4000), `EMULATORS_SMTP_PORT` (default 4025),
 * `EMULATORS_HOST`, `EMULATORS_PUBLIC_URL`,
 * `FIREBASE_AUTH_EMULATOR_HOST` and `FIREBASE_PROJECT_ID` for the sign-in
 * relay, `PAYPAL_*` for the PayPal emulator, `ZOHO_*` for the Zoho emulator
 * and `PORTAL_WEBHOOK_SECRET` for the courses portal.
 */
import { buildEmulators } from './app';
import { settingsFromEnv } from './env';

const result = settingsFromEnv(process.env);
if (!result.ok) {
  console.error(`The emulators cannot start:\n  ${result.problems.join('\n  ')}`);
  process.exit(1);
}
const { host, port, smtpPort, options } = result.settings;
const { app, paypal, zoho, smtp } = await buildEmulators(options);

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host, port });
await smtp.listen({ host, port: smtpPort });
console.log(`Emulators and local inbox on http://localhost:${port}`);
console.log(`The inbox takes our own e-mail over SMTP at smtp://localhost:${smtpPort}`);
console.log(
  `PayPal API at ${paypal.config.apiBaseUrl} (client id ${paypal.config.clientId}); ` +
    `webhooks to ${paypal.config.webhookTargetUrl ?? 'nowhere (off)'} as ${paypal.config.webhookId}`,
);
console.log(
  `Zoho accounts at ${zoho.config.accountsUrl}, Books at ${zoho.config.booksApiUrl} ` +
    `(organization ${zoho.config.organizationId}), Payments at ${zoho.config.paymentsApiUrl} ` +
    `(account ${zoho.config.accountId}); webhooks to ${zoho.config.webhookTargetUrl ?? 'nowhere (off)'}`,
);
