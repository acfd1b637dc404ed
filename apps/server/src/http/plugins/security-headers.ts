/**
 * Helmet's security headers (Content-Security-Policy, X-Frame-Options,
 * X-Content-Type-Options and the rest) on every answer: API calls, the web
 * app's files, errors and 404s alike.
 *
 * Our policy names no per-request values (no nonces, no functions), so the
 * headers are the same for every answer: helmet works them out once, when
 * the app is built, and each request only copies them onto its reply
 * (@fastify/helmet would build and parse the whole policy again on every
 * request).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, by lower-case name. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export default fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
