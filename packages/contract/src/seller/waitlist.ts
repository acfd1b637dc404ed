/** The back office's view of each batch's waitlist, and what a seller may do with a place. */
import { z } from 'zod';
import { text } from '../classic-text';
import { waitlistStateSchema } from '../waitlist';
import { pageOf, pagingSchema, sellerNoteSchema } from './common';

export const sellerWaitlistRoutes = {
  /** GET: every batch with its counts (waiting, offered). */
  batches: '/api/seller/waitlist',
  /** GET: one batch's places, in line order (active first). */
  batch: '/api/seller/waitlist/:batchId',
  /** POST: take a place off the line (an open offer's seat passes on). */
  remove: '/api/seller/waitlist/places/:placeId/remove',
} as const;

export function sellerWaitlistPath(
  route: (typeof sellerWaitlistRoutes)[keyof typeof sellerWaitlistRoutes],
  parameter: string,
): string {
  return route.replace(/:\w+/, encodeURIComponent(parameter));
}

export const sellerWaitlistBatchSchema = z.object({
  batchId: z.string(),
  batchDescription: z.string(),
  seatCapacity: z.number().int(),
  seatsTaken: z.number().int(),
  waiting: z.number().int(),
  offered: z.number().int(),
});
export const sellerWaitlistBatchesResponseSchema = z.object({
  batches: z.array(sellerWaitlistBatchSchema),
});
export type SellerWaitlistBatches = z.infer<typeof sellerWaitlistBatchesResponseSchema>;

export const sellerWaitlistPlaceSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  state: waitlistStateSchema,
  position: z.number().int().nullable(),
  joinedAt: z.string(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** How many offers this place has had (an offer that ran out then a later one count twice). */
  offers: z.number().int(),
  orderId: z.string().nullable(),
});
export type SellerWaitlistPlace = z.infer<typeof sellerWaitlistPlaceSchema>;

export const sellerWaitlistParamsSchema = z
  .object({ batchId: text().trim().min(1).max(64) })
  .strict();
/** `?state=waiting` shows only the places in that state (all when absent). */
export const sellerWaitlistQuerySchema = pagingSchema
  .extend({ state: z.optional(waitlistStateSchema) })
  .strict();
export const sellerWaitlistPageSchema = pageOf(sellerWaitlistPlaceSchema);
export type SellerWaitlistPage = z.infer<typeof sellerWaitlistPageSchema>;

export const sellerWaitlistPlaceParamsSchema = z
  .object({ placeId: text().regex(/^[1-9]\d{0,9}$/, 'Not a place id') })
  .strict();
export const sellerWaitlistRemoveRequestSchema = z
  .object({
    idempotencyKey: text().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not an idempotency key'),
    note: sellerNoteSchema.optional(),
  })
  .strict();
export const sellerWaitlistRemoveResponseSchema = z.object({
  message: z.string(),
  place: sellerWaitlistPlaceSchema,
});
