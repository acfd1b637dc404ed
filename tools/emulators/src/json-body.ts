/**
 * A JSON body parser for the emulators' APIs that treats an empty body as
 * no body (clients often send `Content-Type: application/json` on a POST
 * without one) and reports malformed JSON through the context's error
 * handler, so each service can answer in its own error format.
 */
import type { FastifyInstance } from 'fastify';

export class MalformedJsonError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The request body is not well-formed JSON.');
  }
}

/** Replaces the JSON parser in one Fastify context (call inside it). */
export function useLenientJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new MalformedJsonError(), undefined);
    }
  });
}
