/**
 * The browser's log channel (spec section 7): GET a token, then POST lines
 * with it in X-LOG-TOKEN. Each line becomes one structured server log entry
 * tagged `source: "web"`. Size is bounded by the schema and the body limit,
 * rate by a shared per-token (or per-address) limit, volume by a byte budget
 * per token and per address, and repeats are written once with a count
 * (push-budget.ts).
 */
import {
  apiRoutes,
  LOG_TOKEN_HEADER,
  logPushRequestSchema,
  logTokenResponseSchema,
  type LogSeverity,
} from '@wifi7/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../lib/http-error';
import { logRefusal } from '../../lib/refusal-log';
import type { WindowCounter } from '../../lib/window-counter';
import { checkLogToken, issueLogToken } from './log-token';
import { chargeLogBytes, repeatsOf } from './push-budget';

const levelOf: Record<LogSeverity | 'DEBUG', 'debug' | 'info' | 'warn' | 'error'> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warn',
  ERROR: 'error',
};

export const webLogRoutes: FastifyPluginAsyncZod<{
  secret: string;
  /** Counts bytes and repeats; without one (rate limits off), every line is written. */
  counter?: WindowCounter;
}> = async (app, { secret, counter }) => {
  const tokenOf = (request: FastifyRequest) => {
    const header = request.headers[LOG_TOKEN_HEADER];
    return typeof header === 'string' ? header : undefined;
  };
  const tokenIdOf = (request: FastifyRequest) => {
    const token = tokenOf(request);
    const check = token ? checkLogToken(secret, token) : undefined;
    return check?.valid ? check.tokenId : undefined;
  };

  app.route({
    method: 'GET',
    url: apiRoutes.webLogsToken,
    schema: { response: { 200: logTokenResponseSchema } },
    config: {
      access: 'public',
      rateLimit: { max: 30, timeWindow: '1 minute', acrossInstances: true },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueLogToken(secret);
    },
  });

  app.route({
    method: 'POST',
    url: apiRoutes.webLogsPush,
    bodyLimit: 8 * 1024,
    schema: { body: logPushRequestSchema },
    config: {
      access: 'public',
      rateLimit: {
        max: 60,
        timeWindow: '1 minute',
        acrossInstances: true,
        // Count per token when it is genuine, per address otherwise.
        keyGenerator: (request: FastifyRequest) => {
          const tokenId = tokenIdOf(request);
          return tokenId ? `token:${tokenId}` : `ip:${request.ip}`;
        },
      },
    },
    // The token is checked after the rate limit has counted the push (so forged tokens count
    // against the address's limit too) and before the body is parsed or validated.
    preParsing: async (request, reply, payload) => {
      const token = tokenOf(request);
      if (!token) {
        await reply.code(401).send(errorBody(401, 'A log token is required in X-LOG-TOKEN.'));
        return payload;
      }
      const check = checkLogToken(secret, token);
      if (!check.valid) {
        logRefusal(
          request,
          `web-log:${check.reason}`,
          'warn',
          { logToken: check.reason },
          'web log push refused',
        );
        await reply.code(403).send(errorBody(403, 'The log token is not valid or has expired.'));
      }
      // Answered above or not, the body is left as it came.
      return payload;
    },
    handler: async (request, reply) => {
      const { message, severity } = request.body;
      let repeated: number | undefined;
      if (counter) {
        // The token was checked on arrival; only the address is left if it expired since.
        const from = { tokenId: tokenIdOf(request) ?? '', address: request.ip };
        const retryAfter = await chargeLogBytes(counter, from, message);
        if (retryAfter !== undefined) {
          const message = `Too many log lines. Retry in ${retryAfter} seconds.`;
          return reply.code(429).header('retry-after', retryAfter).send(errorBody(429, message));
        }
        const repeat = await repeatsOf(counter, request.ip, request.body);
        if (!repeat.write) return reply.code(204).send();
        repeated = repeat.repeated;
      }
      request.log[levelOf[severity ?? 'DEBUG']](
        { source: 'web', ...(repeated ? { repeated } : {}) },
        message,
      );
      return reply.code(204).send();
    },
  });
};
