/**
 * The routes a client reaches without a bearer token: the OAuth token
 * endpoint, and the certificate URL named in webhook deliveries.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TokenIssuer } from './auth';

export interface PublicRoutesOptions {
  tokens: TokenIssuer;
  certId: string;
  certificatePem: string;
}

function isFormBody(
  value: unknown,
  contentType: string | undefined,
): value is Record<string, unknown> {
  return (
    (contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') &&
    typeof value === 'object' &&
    value !== null
  );
}

export const publicRoutes: FastifyPluginAsync<PublicRoutesOptions> = async (
  app,
  { tokens, certId, certificatePem },
) => {
  // OAuth errors have their own shape (RFC 6749), not PayPal's REST error body.
  app.post('/v1/oauth2/token', async (request, reply) => {
    if (!tokens.authenticatesClient(request.headers.authorization)) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const body = isFormBody(request.body, request.headers['content-type']) ? request.body : {};
    const grantType = body.grant_type;
    if (grantType !== 'client_credentials') {
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        error_description:
          grantType === undefined ? 'Grant Type is NULL' : 'unsupported grant_type',
      });
    }
    return reply.code(200).send(tokens.issue());
  });

  app.get<{ Params: { certId: string } }>(
    '/v1/notifications/certs/:certId',
    async (request, reply) => {
      if (request.params.certId !== certId) return reply.code(404).send();
      return reply.type('application/x-pem-file').send(certificatePem);
    },
  );
};
