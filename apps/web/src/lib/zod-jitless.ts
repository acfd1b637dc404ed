/**
 * Tells zod not to compile its parsers with `new Function`: the site's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids
 * it, and zod's probe for it is reported as a CSP violation. zod reads the
 * setting when a schema is made, so this module is main.tsx's first import,
 * before the contract's schemas exist. `config` comes from zod/mini (zod's
 * core, which classic schemas share), so the first page load does not
 * fetch zod's classic API for it.
 */
import { config } from 'zod/mini';

config({ jitless: true });
