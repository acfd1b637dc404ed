/**
 * The browser's log channel (spec section 7): GET a token, then POST lines
 * with it in X-LOG-TOKEN. Each line becomes one structured server log entry
 * tagged `source: "web"`. Size is bounded by the schema and the body limit,
 * rate by a shared per-token (or per-address) limit.
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
import { checkLogToken, issueLogToken } from './log-token';

const levelOf: Record<LogSeverity | 'DEBUG', 'debug' | 'info' | 'warn' | 'error'> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warn',
  ERROR: 'error',
};

export const webLogRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  const tokenOf = (request: FastifyRequest) => {
    const header = request.headers[LOG_TOKEN_HEADER];
    return typeof header === 'string' ? header : undefined;
  };

  app.route({
    method: 'GET',
    url: apiRoutes.webLogsToken,
    schema: { response: { 200: logTokenResponseSchema } },
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
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
        // Count per token when it is genuine, per address otherwise.
        keyGenerator: (request: FastifyRequest) => {
          const token = tokenOf(request);
          const check = token ? checkLogToken(secret, token) : undefined;
          return check?.valid ? `token:${check.tokenId}` : `ip:${request.ip}`;
        },
      },
    },
    // The token is checked before the body is parsed or validated.
    onRequest: async (request, reply) => {
      const token = tokenOf(request);
      if (!token) {
        return reply.code(401).send({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'A log token is required in X-LOG-TOKEN.',
        });
      }
      const check = checkLogToken(secret, token);
      if (!check.valid) {
        request.log.warn({ logToken: check.reason }, 'web log push refused');
        return reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          message: 'The log token is not valid or has expired.',
        });
      }
    },
    handler: async (request, reply) => {
      const { message, severity } = request.body;
      request.log[levelOf[severity ?? 'DEBUG']]({ source: 'web' }, message);
      return reply.code(204).send();
    },
  });
};
