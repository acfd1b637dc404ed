/**
 * `app.authenticate` — a preHandler for routes that need a signed-in user.
 * It reads `Authorization: Bearer <Firebase ID token>`, verifies it and puts
 * the caller's identity on `request.identity`; otherwise it answers 401.
 * Each step is logged, with ERROR on failure, without the token itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  InvalidIdTokenError,
  type Identity,
  type IdTokenVerifier,
} from '../modules/identity/firebase-verifier';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; absent on routes that do not use it. */
    identity?: Identity;
  }
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('Route uses request.identity without app.authenticate');
  return request.identity;
}

export default fp<{ verifier: IdTokenVerifier }>(
  async (app, { verifier }) => {
    app.decorateRequest('identity', undefined);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) {
        request.log.error({ auth: 'missing-bearer' }, 'authentication failed: no bearer token');
        return unauthorized(reply, 'Sign in to continue: this call needs a bearer ID token.');
      }
      try {
        request.identity = await verifier.verify(match[1]);
        request.log.info(
          { auth: 'verified', uid: request.identity.uid },
          'authentication verified',
        );
      } catch (error) {
        const code = error instanceof InvalidIdTokenError ? error.code : 'unknown';
        request.log.error({ auth: 'rejected', code }, 'authentication failed: ID token rejected');
        return unauthorized(
          reply,
          'Your session has expired or is not valid. Please sign in again.',
        );
      }
    });
    app.addHook('onClose', () => verifier.close());
  },
  { name: 'authentication' },
);

function unauthorized(reply: FastifyReply, message: string) {
  return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message });
}
