/**
 * Tells zod not to compile its parsers with `new Function`: the site's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids
 * it, and zod's probe for it is reported as a CSP violation. zod reads the
 * setting when a schema is made, so this module is main.tsx's first import.
 * It sets zod's shared configuration object (`globalThis.__zod_globalConfig`,
 * which zod's `config()` writes to and every copy of zod reads) rather than
 * calling `config()`, so the first page load does not fetch zod for it;
 * zod-jitless.test.ts holds zod to that.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
