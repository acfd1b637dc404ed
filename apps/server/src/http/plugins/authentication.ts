/**
 * Who may call a route, declared once per route as `config.access`:
 * `'public'`; `'signed-in'` — a verified Firebase ID token whose e-mail
 * address is proven; or `'seller'` — signed in, with an address on the
 * seller allow-list (`SELLER_EMAILS`). Every `/api/` route must say which,
 * and every `/api/seller/` route must be `'seller'`; a route that does not
 * stops the app from starting.
 *
 * A signed-in route gets `app.authenticate` as its last `onRequest` hook
 * (after the rate limit), so the caller is known before the body is parsed
 * or validated: a forged token gets 401, never 400 with the fields a call
 * expects, and an oversized or garbled body is not even read. It reads
 * `Authorization: Bearer <Firebase ID token>`, verifies it and puts the
 * caller's identity on `request.identity`; otherwise it answers 401.
 * Only proven addresses act: a valid token whose e-mail address was never
 * verified (a password account can claim anyone's) is answered 403, and so
 * is a proven one whose account has a password (opened by someone else
 * before the owner's first link sign-in; the verifier deletes it, so the
 * owner signs in again by link). A deleted or disabled account, or a revoked
 * session, is answered 401.
 * Each failure is logged at ERROR, in aggregate (the first of its kind in a
 * minute, then a count: lib/refusal-log.ts), a success at DEBUG (the
 * request's access line carries the uid), by uid only: never the token or
 * the address.
 *
 * A token once verified is remembered in memory for a minute at most (less
 * when it expires sooner), so a page's burst of calls verifies it, and looks
 * its account up, once: a disabled or deleted account loses access within
 * that minute. Only a verified token is remembered; every instance keeps its
 * own, a cache and no state.
 */
import { apiErrorReasons } from '@wifi7/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../../lib/http-error';
import { logRefusal } from '../../lib/refusal-log';
import { claimsOf } from './rate-limit-keys';
import {
  InvalidIdTokenError,
  PasswordAccountError,
  type Identity,
  type IdTokenVerifier,
} from '../../core/identity/firebase-verifier';

export type RouteAccess = 'public' | 'signed-in' | 'seller';

/** Where the back office's API lives: every route under it is for sellers only. */
const SELLER_API_PREFIX = '/api/seller/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every `/api/` route. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** The `onRequest` hook of every signed-in route; routes declare `access` instead. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Whether a proven address is on the seller allow-list. */
    isSeller(identity: Identity): boolean;
  }
  interface FastifyRequest {
    /** Set on signed-in routes; absent on public ones. */
    identity?: Identity;
  }
}

/**
 * How long a verified token is taken on trust at most, even when it expires
 * later: how long a disabled or deleted account may still act.
 */
const REMEMBER_VERIFIED_MS = 60_000;
/** Tokens remembered at most; the oldest goes first (a token is about 1 kB). */
const REMEMBERED_TOKENS = 10_000;

/** Verified tokens and whom they name, until each one's expiry. */
class VerifiedTokens {
  private readonly entries = new Map<string, { identity: Identity; untilMs: number }>();

  get(token: string, nowMs: number): Identity | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.untilMs > nowMs) return entry.identity;
    this.entries.delete(token);
    return undefined;
  }

  remember(token: string, identity: Identity, nowMs: number): void {
    const untilMs = Math.min(expiryOf(token) ?? nowMs, nowMs + REMEMBER_VERIFIED_MS);
    if (untilMs <= nowMs) return;
    if (this.entries.size >= REMEMBERED_TOKENS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { identity, untilMs });
  }
}

/** The `exp` claim of a token already verified, in ms since the epoch. */
function expiryOf(token: string): number | undefined {
  const { exp } = claimsOf(token) ?? {};
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error("Route uses request.identity without access 'signed-in'");
  return request.identity;
}

export default fp<{ verifier: IdTokenVerifier; sellerEmails: readonly string[] }>(
  async (app, { verifier, sellerEmails }) => {
    const sellers = new Set(sellerEmails.map((email) => email.toLowerCase()));
    const verified = new VerifiedTokens();
    app.decorate('isSeller', (identity: Identity) => sellers.has(identity.email.toLowerCase()));
    app.decorateRequest('identity', undefined);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) {
        logRefusal(
          request,
          'auth:missing-bearer',
          'error',
          { auth: 'missing-bearer' },
          'authentication failed: no bearer token',
        );
        return refuse(reply, 401, 'Sign in to continue: this call needs a bearer ID token.');
      }
      const token = match[1];
      let identity = verified.get(token, Date.now());
      if (!identity) {
        try {
          identity = await verifier.verify(token);
          verified.remember(token, identity, Date.now());
        } catch (error) {
          if (error instanceof PasswordAccountError) {
            request.log.error(
              { auth: 'password-account', uid: error.uid, deleted: error.deleted },
              'authentication failed: the account has a password',
            );
            if (!error.deleted) {
              return refuse(
                reply,
                403,
                'This account has a password, which this site never offers, so it cannot be used here. Please contact us.',
              );
            }
            return refuse(
              reply,
              403,
              'This account had a password, which this site never offers, so we have closed it. Sign in again with the link we e-mail you.',
              apiErrorReasons.accountClosed,
            );
          }
          const code = error instanceof InvalidIdTokenError ? error.code : 'unknown';
          logRefusal(
            request,
            `auth:rejected:${code}`,
            'error',
            { auth: 'rejected', code },
            'authentication failed: ID token rejected',
          );
          return refuse(
            reply,
            401,
            'Your session has expired or is not valid. Please sign in again.',
          );
        }
      }
      if (!identity.emailVerified) {
        // A password or similar account: anyone can claim any address that way.
        logRefusal(
          request,
          'auth:unverified-email',
          'error',
          { auth: 'unverified-email', uid: identity.uid },
          'authentication failed: the e-mail address is not verified',
        );
        return refuse(
          reply,
          403,
          'Your e-mail address has not been confirmed. Sign in with the link we e-mail you.',
        );
      }
      request.identity = identity;
      // The request's access line names the uid too (plugins/access-log.ts).
      request.log.debug({ auth: 'verified', uid: identity.uid }, 'authentication verified');
    });
    const requireSeller = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.identity && app.isSeller(request.identity)) return;
      logRefusal(
        request,
        'auth:not-a-seller',
        'error',
        { auth: 'not-a-seller', uid: request.identity?.uid },
        'authorization failed: not on the seller list',
      );
      return refuse(reply, 403, 'This part of the site is for the seller only.');
    };
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      const where = `${String(route.method)} ${route.url}`;
      if (route.url.startsWith(SELLER_API_PREFIX) && access !== 'seller') {
        throw new Error(`${where} is under ${SELLER_API_PREFIX} and must declare access 'seller'`);
      }
      if (access === 'signed-in' || access === 'seller') {
        route.onRequest = [
          ...hooksOf(route.onRequest),
          app.authenticate as onRequestHookHandler,
          ...(access === 'seller' ? [requireSeller as onRequestHookHandler] : []),
        ];
      } else if (access !== 'public' && route.url.startsWith('/api/')) {
        throw new Error(`${where} must declare config.access: 'public' or 'signed-in'`);
      }
    });
    app.addHook('onClose', () => verifier.close());
  },
  { name: 'authentication' },
);

function hooksOf(hooks: RouteOptions['onRequest']): onRequestHookHandler[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? [...hooks] : [hooks];
}

function refuse(reply: FastifyReply, statusCode: 401 | 403, message: string, reason?: string) {
  if (reply.sent) return reply;
  return reply.code(statusCode).send(errorBody(statusCode, message, reason));
}
