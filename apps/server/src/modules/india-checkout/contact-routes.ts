/**
 * The India contact step: look up the buyer's Zoho Books contact by e-mail,
 * or create it. Both need a signed-in user and work only on the user's own
 * e-mail address. The details are kept for the order and the hand-off.
 */
import {
  apiRoutes,
  emailSchema,
  zohoContactLookupResponseSchema,
  zohoContactRequestSchema,
  zohoContactResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ZohoBooksClient } from '../../integrations/zoho/zoho-books-client';
import { forbidden, HttpError } from '../../lib/http-error';
import { requireIdentity } from '../../plugins/authentication';
import { isProviderError } from '../../integrations/shared/provider-http';
import { findZohoContact, saveZohoContact } from './repository';
import { GST_STATE_CODES } from './state-codes';
import { userOrAddressKey } from '../../plugins/rate-limit-keys';

const providerDown = () =>
  new HttpError(502, 'Zoho Books is not answering right now. Please try again later.');

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Database;
  books: ZohoBooksClient;
}> = async (app, { db, books }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.zohoContactByEmail,
    preHandler: app.authenticate,
    schema: {
      params: z.object({ email: emailSchema }),
      response: { 200: zohoContactLookupResponseSchema },
    },
    handler: async (request) => {
      const identity = requireIdentity(request);
      if (request.params.email !== identity.email)
        throw forbidden('You can only look up your own contact.');
      const known = await findZohoContact(db, identity.email);
      if (known) return { code: 0, message: 'success', contact: { contact_id: known.contactId } };
      let found;
      try {
        found = await books.findContactByEmail(identity.email);
      } catch (error) {
        if (isProviderError(error)) throw providerDown();
        throw error;
      }
      if (!found)
        return { code: 0, message: 'No contact with this e-mail address.', contact: null };
      const [first = '', ...rest] = (found.contact_name ?? '').split(' ');
      await saveZohoContact(db, {
        email: identity.email,
        contactId: found.contact_id,
        firstName: found.first_name ?? first,
        lastName: found.last_name ?? rest.join(' '),
        address: '',
        city: '',
        state: '',
        zip: '',
      });
      return { code: 0, message: 'success', contact: { contact_id: found.contact_id } };
    },
  });

  app.route({
    method: 'POST',
    url: apiRoutes.zohoContacts,
    preHandler: app.authenticate,
    schema: { body: zohoContactRequestSchema, response: { 200: zohoContactResponseSchema } },
    config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: userOrAddressKey } },
    handler: async (request) => {
      const identity = requireIdentity(request);
      const body = request.body;
      const person = body.contact_persons[0]!;
      if (person.email !== identity.email)
        throw forbidden('The contact must use your own e-mail address.');
      let result;
      try {
        result = await books.createContact(
          { ...body, place_of_contact: GST_STATE_CODES[body.place_of_contact] },
          identity.email,
        );
      } catch (error) {
        if (isProviderError(error)) throw providerDown();
        throw error;
      }
      await saveZohoContact(db, {
        email: identity.email,
        contactId: result.contact.contact_id,
        firstName: person.first_name,
        lastName: person.last_name,
        address: body.billing_address.address,
        city: body.billing_address.city,
        state: body.billing_address.state,
        zip: body.billing_address.zip,
      });
      request.log.info({ created: result.created }, 'zoho contact ready');
      return {
        code: 0,
        message: result.created ? 'The contact has been added.' : 'The contact already exists.',
        contact: { contact_id: result.contact.contact_id },
      };
    },
  });
};
