/**
 * `POST /zoho/accounts/oauth/v2/token`: Zoho's token endpoint, taking its
 * parameters from a form body (as Zoho's SDKs send them) or the query (as
 * Zoho's docs show them). Answers are OAuth-style and, like Zoho's, mostly
 * HTTP 200 even when refused — see accounts.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZohoTokenIssuer } from './accounts';

function textFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Query parameters, overridden by form fields; a JSON body is not read, as at Zoho. */
function tokenParams(request: FastifyRequest): Record<string, string> {
  const isForm = (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  return { ...textFields(request.query), ...(isForm ? textFields(request.body) : {}) };
}

export const accountsRoutes: FastifyPluginAsync<{ tokens: ZohoTokenIssuer }> = async (
  app,
  { tokens },
) => {
  app.post('/oauth/v2/token', async (request, reply) => {
    const answer = tokens.refresh(tokenParams(request));
    return reply.code(answer.status).send(answer.body);
  });
};
