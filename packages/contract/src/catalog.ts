/**
 * Made with zod/mini: the workshop page, which loads first, reads the
 * workshop list and the prices with these. Classic schemas compose them as
 * they are.
 */
import { z } from 'zod/mini';
import { countryCodeSchema } from './common';
import { currencySchema, discountPercentSchema } from './money-schemas';
import { miniText } from './text';

export const productSkuSchema = miniText(z.trim(), z.minLength(1), z.maxLength(64));
export const batchIdSchema = miniText(z.trim(), z.minLength(1), z.maxLength(64));

export const batchSchema = z.object({
  batchId: batchIdSchema,
  /** "dates -- timing", e.g. "Jan 10 - Feb 21 (US) -- 9 to 11 AM Pacific Time". */
  batchDescription: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

export const workshopSchema = z.object({
  productSku: productSkuSchema,
  productName: z.string(),
  batchDetails: z.array(batchSchema),
});
export type Workshop = z.infer<typeof workshopSchema>;

/** GET /api/learning-availability/workshop-list */
export const workshopListResponseSchema = z.object({
  availableWorkshops: z.array(workshopSchema),
});
export type WorkshopListResponse = z.infer<typeof workshopListResponseSchema>;

export const discountCodeInputSchema = z.nullable(
  z.pipe(
    miniText(z.maxLength(64)),
    z.transform((value: string) => value.trim()),
  ),
);

/** POST /api/courses/pricing */
export const pricingRequestSchema = z.strictObject({
  productSkus: z.array(productSkuSchema).check(z.minLength(1), z.maxLength(20)),
  countryCode: countryCodeSchema,
  discountCode: discountCodeInputSchema,
});
export type PricingRequest = z.input<typeof pricingRequestSchema>;

export const priceEntrySchema = z.object({
  productSku: z.string(),
  /** List price in major units (e.g. 499.00); the discount is not taken off. */
  price: z.number().check(z.nonnegative()),
  currency: currencySchema,
  /** Discount in percent, 0 when no code applies. */
  discount: discountPercentSchema,
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

export const pricingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  prices: z.array(priceEntrySchema),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;
