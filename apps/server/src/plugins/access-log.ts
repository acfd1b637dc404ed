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
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskEmails } from '../lib/logger';

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
    else request.log.info(line, 'request completed');
  }
}
