/**
 * POST /api/sign-in-link — the site's own sign-in e-mail (beyond the spec,
 * whose page asks Firebase to send it). Firebase makes the link, exactly as
 * the spec asks for it; we send it through our outbox from the seller's
 * address, within limits of our own:
 * - per client address: `perClientHour` links an hour, so one client
 *   cannot mail many addresses;
 * - per e-mail address: one link per `cooldownSeconds` (the login page
 *   says how long is left), and `perAddressHour` an hour.
 * The numbers are the seller's (SIGN_IN_* settings, README: Security).
 * The counters are rows in PostgreSQL (one upsert each), so the limits are
 * exact across instances. A refused request costs no link and no e-mail,
 * and is logged in aggregate with the other refusals.
 */
import { randomUUID } from 'node:crypto';
import {
  apiRoutes,
  signInLinkRequestSchema,
  signInLinkResponseSchema,
  signInWaitText,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdTokenVerifier } from '../../core/identity/firebase-verifier';
import { signInMessage } from '../../core/identity/sign-in-message';
import { enqueueMail, type MailDeliverer } from '../../core/mail/outbox';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { retryAfterSeconds } from '../../lib/window-counter';
import { postgresWindowCounter } from '../plugins/rate-limit-store';
import { networkOf } from '../plugins/rate-limit-keys';

export interface SignInLimits {
  cooldownSeconds: number;
  perAddressHour: number;
  perClientHour: number;
}

const HOUR_MS = 3600_000;

/** The 429 the login page shows in words: "You can ask for a new link in 40 s". */
export class SignInLinkRefused extends HttpError {
  constructor(readonly retryInSeconds: number) {
    super(429, signInWaitText(retryInSeconds));
  }
}

export const signInLinkRoute: FastifyPluginAsyncZod<{
  db: Database;
  verifier: IdTokenVerifier;
  mail: MailDeliverer;
  /** The site's origin: the link's continue URL is this plus /wifi7-workshop. */
  siteUrl: string;
  /** SIGN_IN_MAIL=site; otherwise every request is a 404, before its body is read. */
  enabled: boolean;
  limits: SignInLimits;
}> = async (app, { db, verifier, mail, siteUrl, enabled, limits }) => {
  const count = postgresWindowCounter(db);
  const continueUrl = `${siteUrl}/wifi7-workshop`;

  /** Counts the hit against `key`; refuses when it is over `limit` in the window. */
  const within = async (key: string, limit: number, windowMs: number) => {
    const counted = await count(key, windowMs);
    if (counted.total > limit) throw new SignInLinkRefused(retryAfterSeconds(counted));
  };

  app.route({
    method: 'POST',
    url: apiRoutes.signInLink,
    schema: { body: signInLinkRequestSchema, response: { 200: signInLinkResponseSchema } },
    config: { access: 'public' },
    onRequest: async () => {
      if (!enabled) throw new HttpError(404, 'Firebase sends the sign-in links of this site.');
    },
    handler: async (request, reply) => {
      const { email } = request.body;
      try {
        await within(`sign-in-client:${networkOf(request.ip)}`, limits.perClientHour, HOUR_MS);
        await within(`sign-in-cooldown:${email}`, 1, limits.cooldownSeconds * 1000);
        await within(`sign-in-address:${email}`, limits.perAddressHour, HOUR_MS);
      } catch (error) {
        if (error instanceof SignInLinkRefused) {
          void reply.header('retry-after', String(error.retryInSeconds));
        }
        throw error;
      }
      const link = await verifier.signInLink(email, continueUrl);
      const id = await enqueueMail(db, {
        kind: 'sign-in',
        // Each request is its own cause: every accepted request sends its own link.
        dedupeKey: `sign-in:${randomUUID()}`,
        to: [email],
        ...signInMessage(email, link),
      });
      if (id) mail.deliverSoon(id);
      request.log.info({ mail: id }, 'sign-in link queued');
      return { sent: true as const, nextInSeconds: limits.cooldownSeconds };
    },
  });
};
