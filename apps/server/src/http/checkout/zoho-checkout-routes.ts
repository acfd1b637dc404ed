/**
 * The India payment step: POST /api/checkout/zoho-checkout places (or
 * reuses) the buyer's INR order, priced on the server with the discount
 * code they applied earlier, and answers its Zoho payment link.
 * GET /api/zoho-payment-status/check asks Zoho about the buyer's latest
 * order and answers "success" only when Zoho says it is paid.
 */
import {
  apiRoutes,
  formatMinor,
  zohoCheckoutRequestSchema,
  zohoCheckoutResponseSchema,
  zohoPaymentStatusResponseSchema,
  type ZohoPaymentStatusResponse,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { badRequest, forbidden, HttpError } from '../../lib/http-error';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';
import { findLatestOrder, type OrderRow } from '../../orders/repository';
import type { OrderService } from '../../orders/service';
import { applicableRememberedCode } from './applied-discount';
import { clientOf, purchase, railDown } from './purchase';
import { findZohoContact } from './repository';

export const ZOHO_RETURN_PATH = '/checkout/zoho-payment-status';

export const zohoCheckoutRoutes: FastifyPluginAsyncZod<{
  db: Database;
  orders: OrderService;
  siteUrl: string;
}> = async (app, { db, orders, siteUrl }) => {
  app.route({
    method: 'POST',
    url: apiRoutes.zohoCheckout,
    schema: { body: zohoCheckoutRequestSchema, response: { 200: zohoCheckoutResponseSchema } },
    ...providerCallLimits(app, 'zohoCheckout'),
    handler: async (request) => {
      const identity = requireIdentity(request);
      const body = request.body;
      if (body.email !== identity.email)
        throw forbidden('The payment link can only be for your own e-mail address.');
      if (body.returnUrl !== `${siteUrl}${ZOHO_RETURN_PATH}`) {
        throw badRequest(`returnUrl must be ${siteUrl}${ZOHO_RETURN_PATH}`);
      }
      const contact = await findZohoContact(db, identity.email);
      if (!contact) throw new HttpError(422, 'Enter your contact information before paying.');
      const sku = body.productSkuList[0]!;
      const { order, reused } = await purchase(orders, identity, {
        rail: 'zoho_link',
        workshopSku: sku,
        batchId: body.batchId,
        client: clientOf(request),
        discountCode: await applicableRememberedCode(db, identity.email, sku),
        group: body.group,
        billing: {
          firstName: contact.firstName,
          lastName: contact.lastName,
          country: 'India',
          isoCode: 'IN',
          state: contact.state,
          city: contact.city,
          zipcode: contact.zip,
          address: contact.address,
        },
      });
      if (!order.paymentUrl)
        throw new HttpError(502, 'The payment link is not ready yet. Please try again.');
      request.log.info({ order: order.id, reused }, 'zoho checkout');
      return {
        code: 0,
        message: 'The payment link has been created.',
        payment_links: { url: order.paymentUrl, amount: formatMinor(order.totalMinor) },
      };
    },
  });

  app.route({
    method: 'GET',
    url: apiRoutes.zohoPaymentStatus,
    ...providerCallLimits(app, 'paymentStatus'),
    schema: { response: { 200: zohoPaymentStatusResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = requireIdentity(request);
      const latest = await findLatestOrder(db, identity.email, 'zoho_link');
      if (!latest)
        return { status: 'not_found', message: 'No India order for this e-mail address.' } as const;
      if (latest.status !== 'awaiting_payment') return statusOf(latest);
      const synced = await orders.settlement
        .sync(latest, 'buyer returned from Zoho')
        .catch(railDown('Zoho Payments is not answering right now.'));
      return statusOf(synced);
    },
  });
};

function statusOf(order: OrderRow): ZohoPaymentStatusResponse {
  switch (order.status) {
    case 'paid':
      return { status: 'success', message: 'Payment received.' };
    case 'pending':
    case 'awaiting_payment':
      // A declined attempt leaves the link open: it can be paid until the hold ends.
      return {
        status: 'pending',
        message: 'The payment has not been received yet.',
        payBy: order.holdExpiresAt.toISOString(),
      };
    default:
      return { status: 'failed', message: `The order is ${order.status.replace('_', ' ')}.` };
  }
}
