/**
 * POST /api/checkout/paypal-invoice — the purchase path outside India.
 *
 * The spec lists this call without authentication; we require the bearer
 * token (a signed-in user is always present at checkout, and an open
 * endpoint would let anyone send invoices to any address), and the body's
 * e-mail must be the token's. The rail follows from the billing country;
 * the amount comes from the catalog and the discount code, never from the
 * browser.
 */
import {
  apiRoutes,
  paypalInvoiceRequestSchema,
  paypalInvoiceResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden } from '../../lib/http-error';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';
import { normalizeDiscountCode } from '../../catalog/discounts';
import { railForCountry } from '../../orders/rail-port';
import type { OrderService } from '../../orders/service';
import { clientOf, purchase } from './purchase';
import { buyerResend } from '../../orders/commands/buyer';
import type { OrderRow } from '../../orders/repository';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export const paypalInvoiceRoute: FastifyPluginAsyncZod<{ orders: OrderService }> = async (
  app,
  { orders },
) => {
  app.route({
    method: 'POST',
    url: apiRoutes.paypalInvoice,
    schema: { body: paypalInvoiceRequestSchema, response: { 200: paypalInvoiceResponseSchema } },
    ...providerCallLimits(app, 'paypalCheckout'),
    handler: async (request) => {
      const identity = requireIdentity(request);
      const { userEmail, courseInfo, billingInformation, discountCode, group } = request.body;
      if (userEmail !== identity.email) {
        throw forbidden("The invoice can only go to the signed-in user's e-mail address.");
      }
      if (railForCountry(billingInformation.isoCode) !== 'paypal_invoice') {
        throw badRequest(
          'Buyers in India pay with a Zoho payment link: choose "Proceed with Zoho Payment".',
        );
      }
      const item = courseInfo[0]!;
      const { order, reused, sentBefore } = await purchase(orders, identity, {
        rail: 'paypal_invoice',
        workshopSku: item.productSku,
        batchId: item.batchId,
        client: clientOf(request),
        discountCode: normalizeDiscountCode(discountCode),
        billing: billingInformation,
        group,
      });
      const sentAgain = sentBefore && (await sendAgain(orders, order, identity.email, request.log));
      request.log.info(
        { order: order.id, reused, sentAgain, status: order.status },
        'invoice checkout',
      );
      return {
        orderId: order.id,
        status: order.status,
        invoiceNumber: order.invoiceNumber,
        // Told of already: an order whose invoice was out before this request (a lost
        // first answer, or a double submit still issuing, is told of here first).
        reused: sentBefore,
        sentAgain,
        sentTo: order.invoiceEmail ?? order.email,
      };
    },
  });
};

/** An invoice sent this recently is not sent again by a second checkout. */
const SENT_RECENTLY_MS = 10 * 60 * 1000;

/**
 * A second checkout of an order whose invoice is out: PayPal sends it again,
 * as "Send the invoice again" on My orders would (counted against the same
 * daily limit). Answers whether it went; the checkout stands either way.
 */
async function sendAgain(
  orders: OrderService,
  order: OrderRow,
  email: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  // A double submit, or a second look minutes later, finds the invoice just sent: not again.
  if (
    order.status !== 'awaiting_payment' ||
    Date.now() - order.createdAt.getTime() < SENT_RECENTLY_MS
  ) {
    return false;
  }
  try {
    await buyerResend(orders.command, order.id, email, {
      idempotencyKey: `checkout-${randomUUID()}`,
    });
    return true;
  } catch (error) {
    log.warn({ order: order.id, err: error }, 'a second checkout could not send the invoice again');
    return false;
  }
}
