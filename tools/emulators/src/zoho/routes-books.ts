/**
 * Zoho Books v3 contacts under `/zoho/books/v3`: every call needs a live
 * `Authorization: Zoho-oauthtoken` with the Books scope for what it does,
 * and the organization's `organization_id`; every answer is wrapped in
 * `{code, message}` (code 0 on success).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZohoTokenIssuer } from './accounts';
import type { ContactBook, ContactQuery } from './contacts';
import { booksErrors } from './errors';

export interface BooksRoutesOptions {
  tokens: ZohoTokenIssuer;
  contacts: ContactBook;
  organizationId: string;
}

type OrgQuery = { organization_id?: string };

/** Books' v3 API also takes a form field `JSONString` holding the JSON body. */
function contactBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'JSONString' in body) {
    const text = (body as { JSONString: unknown }).JSONString;
    if (typeof text !== 'string') throw booksErrors.malformedBody();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw booksErrors.malformedBody();
    }
  }
  return body;
}

export const booksRoutes: FastifyPluginAsync<BooksRoutesOptions> = async (
  app,
  { tokens, contacts, organizationId },
) => {
  app.addHook('preHandler', async (request) => {
    const scope =
      request.method === 'GET' ? 'ZohoBooks.contacts.READ' : 'ZohoBooks.contacts.CREATE';
    // A valid token without the Books scope (a Payments token) is refused the same way.
    if (tokens.check(request.headers.authorization, scope) !== 'ok')
      throw booksErrors.notAuthorized();
    const given = (request.query as OrgQuery).organization_id?.trim();
    if (!given) throw booksErrors.organizationRequired();
    if (given !== organizationId) throw booksErrors.wrongOrganization(given);
  });

  app.get<{ Querystring: ContactQuery & OrgQuery }>('/contacts', async (request) => ({
    code: 0,
    message: 'success',
    ...contacts.list(request.query),
  }));

  app.post('/contacts', async (request, reply) =>
    reply.code(201).send({
      code: 0,
      message: 'The contact has been added.',
      contact: contacts.create(contactBody(request)),
    }),
  );

  app.get<{ Params: { id: string } }>('/contacts/:id', async (request) => ({
    code: 0,
    message: 'success',
    contact: contacts.get(request.params.id),
  }));
};
