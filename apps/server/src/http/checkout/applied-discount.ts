/**
 * The discount code a buyer takes to the India payment step. The spec's
 * Zoho checkout request carries no code ("discount codes are applied
 * automatically"), so the checkout page tells us the cart's code with an
 * explicit command before the buyer goes on; the checkout applies it only
 * if it still applies then. Pricing stays a pure read.
 */
import {
  apiRoutes,
  appliedDiscountRequestSchema,
  appliedDiscountResponseSchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '../../db/client';
import { requireIdentity } from '../plugins/authentication';
import { providerCallLimits } from '../plugins/provider-call-limits';
import {
  discountMessages,
  normalizeDiscountCode,
  type DiscountCode,
} from '../../catalog/discounts';
import { quote } from '../../catalog/pricing';
import { RAIL_CURRENCY } from '../../orders/rail-port';
import { findAppliedDiscount, forgetAppliedDiscount, rememberAppliedDiscount } from './repository';

/** The code, if it takes something off this workshop on the India rail today. */
async function applicable(db: Db, sku: string, code: DiscountCode) {
  const priced = await quote(db, {
    productSkus: [sku],
    currency: RAIL_CURRENCY.zoho_link,
    discountCode: code,
  });
  const decision = priced.discount;
  if (decision?.applies && priced.lines[0]!.discountPercent > 0)
    return { code: decision.code, message: discountMessages.applied };
  return {
    code: null,
    message: decision?.applies ? discountMessages.wrongProduct : decision!.message,
  };
}

export async function applicableRememberedCode(
  db: Db,
  email: string,
  sku: string,
): Promise<DiscountCode | null> {
  const remembered = normalizeDiscountCode(await findAppliedDiscount(db, email, sku));
  return remembered ? (await applicable(db, sku, remembered)).code : null;
}

export const appliedDiscountRoute: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.route({
    method: 'PUT',
    url: apiRoutes.appliedDiscount,
    schema: {
      body: appliedDiscountRequestSchema,
      response: { 200: appliedDiscountResponseSchema },
    },
    ...providerCallLimits(app, 'appliedDiscount'),
    handler: async (request) => {
      const { email } = requireIdentity(request);
      const { productSku, discountCode } = request.body;
      const code = normalizeDiscountCode(discountCode);
      const result = code ? await applicable(db, productSku, code) : null;
      if (result?.code) {
        await rememberAppliedDiscount(db, email, productSku, result.code);
        return { applied: true, message: result.message };
      }
      await forgetAppliedDiscount(db, email, productSku);
      return { applied: false, message: result?.message ?? 'No discount code.' };
    },
  });
};
