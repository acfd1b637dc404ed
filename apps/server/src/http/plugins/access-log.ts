/**
 * One access line per request, when its answer has gone ("request
 * completed"): method, path (e-mail addresses masked), the route's
 * template, status, time taken in milliseconds and, on signed-in routes,
 * the caller's uid; the request id comes with every line of the request's
 * logger. Fastify's own request logging writes a line as each request
 * arrives and another as it ends; the arrival line is written at DEBUG
 * only (the deployment test reads it to find the instance serving a
 * request it kills), and an
 * answer that failed as it was sent is still logged at ERROR ("request
 * errored"). Fastify's other lines (errors it handles itself, a client gone
 * mid-stream) are unchanged.
 *
 * Lines go through the request's logger, so a route quieted to WARN
 * (health, metrics) writes no access lines.
 *
 * A refused request (401, 403, 429, and the statuses a route names in
 * `config.refusedStatuses`, such as a webhook's 400) is logged in
 * aggregate (lib/refusal-log.ts): the first of its route and status in a
 * minute as usual, the rest as one summary line with their count, so a
 * client refused at full speed writes a trickle.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskEmails } from '../../lib/logger';
import { logRefusal } from '../../lib/refusal-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Statuses this route answers to refuse a request, besides 401, 403 and 429. */
    refusedStatuses?: readonly number[];
  }
}

const REFUSED_STATUSES: readonly number[] = [401, 403, 429];

export class AccessLog extends LogController {
  /** Only at DEBUG: the line that shows which instance holds a request that never ends. */
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: maskEmails(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      uid: request.identity?.uid,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (isRefusal(request, reply.statusCode)) {
      const kind = `access:${request.method} ${line.route ?? '-'} ${reply.statusCode}`;
      logRefusal(request, kind, 'info', line, 'request completed');
    } else request.log.info(line, 'request completed');
  }
}

function isRefusal(request: FastifyRequest, statusCode: number): boolean {
  return (
    REFUSED_STATUSES.includes(statusCode) ||
    (request.routeOptions.config.refusedStatuses?.includes(statusCode) ?? false)
  );
}
