/**
 * `POST /portal/api/enrollments`: the courses portal's hand-off endpoint.
 * The body is read as raw bytes and the signature checked on them before
 * anything is parsed; then the JSON is validated, de-duplicated on its id,
 * stored, and the student gets an e-mail. Every attempt is recorded,
 * including refused and faulted ones.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { applyFault, installLostAnswerHook } from '../faults';
import { handoffSchema } from './handoff';
import type { PortalReceiver } from './portal';
import { checkHandoffSignature } from './signature';
import { type PortalRequest, bodyText } from './state';

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export const receiverRoutes: FastifyPluginAsync<{ portal: PortalReceiver }> = async (
  app,
  { portal },
) => {
  const { state, faults } = portal;
  const live = new WeakMap<FastifyRequest, PortalRequest>();

  // Every body arrives as bytes: the signature covers them exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request) => {
    live.set(
      request,
      state.startRequest({
        receivedAt: new Date().toISOString(),
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        headers: {
          contentType: header(request, 'content-type'),
          handoffId: header(request, 'x-handoff-id'),
          timestamp: header(request, 'x-handoff-timestamp'),
          signature: header(request, 'x-handoff-signature'),
        },
      }),
    );
  });
  installLostAnswerHook(app);
  app.addHook('preHandler', async (request, reply) => {
    const entry = live.get(request);
    if (entry) entry.body = bodyText(Buffer.isBuffer(request.body) ? request.body : undefined);
    const fault = faults.take(
      [request.url.split('?')[0] ?? request.url],
      request.method,
      entry?.body,
    );
    if (!fault) return;
    if (entry) entry.fault = fault.mode;
    const answered = await applyFault(fault, request, reply, {
      error: (target, status) =>
        target
          .code(status)
          .send({ error: status === 429 ? 'Too many requests' : 'Internal server error' }),
    });
    if (!answered) return;
    if (entry) entry.outcome = 'fault';
    return reply;
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = live.get(request);
    if (entry) entry.statusCode = reply.statusCode;
  });

  app.post('/api/enrollments', async (request, reply) => {
    const entry = live.get(request);
    const refuse = (status: number, error: string, issues?: string[]) => {
      if (entry) {
        entry.outcome = 'rejected';
        entry.error = error;
      }
      return reply.code(status).send({ error, ...(issues ? { issues } : {}) });
    };
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

    const contentType = (request.headers['content-type'] ?? '').toLowerCase();
    if (!contentType.startsWith('application/json')) {
      return refuse(415, 'Content-Type must be application/json.');
    }
    const signature = checkHandoffSignature({
      secret: portal.secret,
      timestamp: header(request, 'x-handoff-timestamp') ?? undefined,
      signature: header(request, 'x-handoff-signature') ?? undefined,
      rawBody: raw,
      nowMs: portal.clock(),
    });
    if (!signature.ok) return refuse(401, signature.error);

    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(400, 'The body is not valid JSON.');
    }
    const parsed = handoffSchema.safeParse(json);
    if (!parsed.success) {
      return refuse(
        400,
        'The body is not a valid hand-off.',
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
      );
    }
    const handoff = parsed.data;
    const handoffId = header(request, 'x-handoff-id');
    if (handoffId !== handoff.id) {
      return refuse(400, 'X-Handoff-Id must be present and equal to the body id.');
    }

    const fresh = state.accept(handoff, new Date(portal.clock()).toISOString());
    if (entry) entry.outcome = fresh ? 'accepted' : 'duplicate';
    if (fresh) portal.notify(handoff);
    return reply.code(200).send({ received: true, duplicate: !fresh });
  });
};
