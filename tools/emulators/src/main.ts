/**
 * Starts the emulators: `EMULATORS_PORT` (default 4000),
 * `FIREBASE_AUTH_EMULATOR_HOST` (host:port of the Auth Emulator) and
 * `FIREBASE_PROJECT_ID` come from the environment.
 */
import { buildEmulators } from './app';

const port = Number(process.env.EMULATORS_PORT ?? 4000);
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const { app } = await buildEmulators({
  authEmulatorUrl: `http://${authHost}`,
  firebaseProjectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-wifi7-workshop',
  logger: process.env.EMULATORS_LOG === 'true',
});

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: process.env.EMULATORS_HOST ?? '0.0.0.0', port });
console.log(`Emulators and local inbox on http://localhost:${port}`);
