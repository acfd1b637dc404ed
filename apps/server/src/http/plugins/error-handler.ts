/**
 * One error handler for the whole API. Every error answer has the shape of
 * the contract's `apiErrorSchema`. Validation failures list their fields;
 * 4xx messages are passed on; 5xx answers say nothing about internals.
 * (Unknown paths are answered by the site module: the app page or a JSON 404.)
 */
import type { ApiError } from '@wifi7/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody } from '../../lib/http-error';
import { logRefusal } from '../../lib/refusal-log';

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ApiError = {
          ...errorBody(400, 'The request is not valid.'),
          issues: error.validation.map((issue) => ({
            path:
              [issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), issue.params?.issue]
                .filter(Boolean)
                .join('') ||
              (error.validationContext ?? 'body'),
            message: issue.message ?? 'is not valid',
          })),
        };
        request.log.info({ issues: body.issues?.length }, 'request rejected by validation');
        return reply.code(400).send(body);
      }
      const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const meantForCaller = (error as { expose?: boolean }).expose === true;
      if (statusCode >= 500 && !meantForCaller) {
        request.log.error({ err: error }, 'request failed');
        const message = 'Something went wrong on our side. Please try again later.';
        return reply.code(statusCode).send(errorBody(statusCode, message));
      }
      const refused = { statusCode, code: error.code ?? error.name };
      // A rate limit's 429 comes at full speed: logged in aggregate, like other refusals.
      if (statusCode === 429) {
        logRefusal(
          request,
          `refused:${request.routeOptions.url ?? '-'}:429`,
          'info',
          refused,
          'request refused',
        );
      } else request.log[statusCode >= 500 ? 'warn' : 'info'](refused, 'request refused');
      const reason = meantForCaller ? (error as { reason?: string }).reason : undefined;
      return reply.code(statusCode).send(errorBody(statusCode, error.message, reason));
    });
  },
  { name: 'error-handler' },
);
