/**
 * Tells zod not to compile its parsers with `new Function`: the site's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids
 * it, and zod's probe for it is reported as a CSP violation. zod reads the
 * setting when a schema is made, so this module is main.tsx's first import,
 * before the contract's schemas exist.
 */
import { config } from 'zod';

config({ jitless: true });
