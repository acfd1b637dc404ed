/**
 * GET /metrics for Prometheus, and the hook that times every request.
 *
 * The figures say how the business runs (orders by state, backlogs), so the
 * endpoint needs METRICS_TOKEN as a bearer token; without one configured it
 * does not exist (404). The token is checked before anything else is done,
 * so a stranger's scrape costs no database query.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { operatorRoutes } from '@wifi7/contract';
import fp from 'fastify-plugin';
import { errorBody } from '../../lib/http-error';
import type { AppMetrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  // Equal-length digests: the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(presented), digest(token));
}

export const metricsPlugin = fp<{ metrics: AppMetrics; token: string | undefined }>(
  async (app, { metrics, token }) => {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        // The route's template (`/api/seller/orders/:orderId`), never the raw URL: bounded labels.
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get(
      operatorRoutes.metrics,
      { logLevel: 'warn', config: { access: 'public', rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        if (!token) {
          return reply.code(404).send(errorBody(404, 'Metrics are not enabled.'));
        }
        if (!bearerMatches(request.headers.authorization, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send(errorBody(401, 'The metrics token is missing or wrong.'));
        }
        reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  },
  { name: 'metrics' },
);
