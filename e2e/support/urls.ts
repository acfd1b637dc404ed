export const siteUrl = 'http://localhost:3100';
export const inboxUrl = 'http://localhost:4100';
export const authEmulatorUrl = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199'}`;
