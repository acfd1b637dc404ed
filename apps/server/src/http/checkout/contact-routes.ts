/**
 * The India contact step: look up the buyer's Zoho Books contact by e-mail,
 * or create it. Both need a signed-in user and work only on the user's own
 * e-mail address. The details are kept for the order and the hand-off.
 */
import {
  apiRoutes,
  zohoContactLookupParamsSchema,
  zohoContactLookupResponseSchema,
  zohoContactRequestSchema,
  zohoContactResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';
import type { BuyerContacts } from '../../orders/rail-port';
import { railDown } from './purchase';
import { findZohoContact, saveZohoContact } from './repository';

const zohoDown = railDown('Zoho Books is not answering right now. Please try again later.');

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The Zoho rail's contacts: India's buyers need one before paying. */
  contacts: BuyerContacts;
}> = async (app, { db, contacts }) => {
  app.route({
    method: 'GET',
    url: apiRoutes.zohoContactByEmail,
    ...providerCallLimits(app, 'contactLookup'),
    schema: {
      params: zohoContactLookupParamsSchema,
      response: { 200: zohoContactLookupResponseSchema },
    },
    handler: async (request) => {
      const identity = requireIdentity(request);
      if (request.params.email !== identity.email)
        throw forbidden('You can only look up your own contact.');
      const known = await findZohoContact(db, identity.email);
      if (known) return { code: 0, message: 'success', contact: { contact_id: known.contactId } };
      const found = await contacts.findByEmail(identity.email).catch(zohoDown);
      if (!found)
        return { code: 0, message: 'No contact with this e-mail address.', contact: null };
      await saveZohoContact(db, {
        email: identity.email,
        contactId: found.contactId,
        firstName: found.firstName,
        lastName: found.lastName,
        address: '',
        city: '',
        state: '',
        zip: '',
      });
      return { code: 0, message: 'success', contact: { contact_id: found.contactId } };
    },
  });

  app.route({
    method: 'POST',
    url: apiRoutes.zohoContacts,
    schema: { body: zohoContactRequestSchema, response: { 200: zohoContactResponseSchema } },
    ...providerCallLimits(app, 'contactCreate'),
    handler: async (request) => {
      const identity = requireIdentity(request);
      const body = request.body;
      const person = body.contact_persons[0]!;
      if (person.email !== identity.email)
        throw forbidden('The contact must use your own e-mail address.');
      const details = {
        email: identity.email,
        firstName: person.first_name,
        lastName: person.last_name,
        address: body.billing_address.address,
        city: body.billing_address.city,
        state: body.billing_address.state,
        zip: body.billing_address.zip,
      };
      const result = await contacts
        .create({
          ...details,
          displayName: body.contact_name,
          // Checked by the contract: a valid GSTIN comes with business_gst, none with consumer.
          ...(body.gst_no ? { gstin: body.gst_no } : {}),
          ...(body.company_name ? { company: body.company_name } : {}),
        })
        .catch(zohoDown);
      await saveZohoContact(db, { ...details, contactId: result.contact.contactId });
      request.log.info({ created: result.created }, 'zoho contact ready');
      return {
        code: 0,
        message: result.created ? 'The contact has been added.' : 'The contact already exists.',
        contact: { contact_id: result.contact.contactId },
      };
    },
  });
};
