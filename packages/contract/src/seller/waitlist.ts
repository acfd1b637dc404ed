/** The back office's view of each batch's waitlist, and what a seller may do with a place. */
import { z } from 'zod/mini';
import { miniText } from '../text';
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
  seatCapacity: z.number().check(z.int()),
  seatsTaken: z.number().check(z.int()),
  waiting: z.number().check(z.int()),
  offered: z.number().check(z.int()),
});
export const sellerWaitlistBatchesResponseSchema = z.object({
  batches: z.array(sellerWaitlistBatchSchema),
});
export type SellerWaitlistBatches = z.infer<typeof sellerWaitlistBatchesResponseSchema>;

export const sellerWaitlistPlaceSchema = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  state: waitlistStateSchema,
  position: z.nullable(z.number().check(z.int())),
  joinedAt: z.string(),
  offeredAt: z.nullable(z.string()),
  offerExpiresAt: z.nullable(z.string()),
  /** How many offers this place has had (an offer that ran out then a later one count twice). */
  offers: z.number().check(z.int()),
  orderId: z.nullable(z.string()),
});
export type SellerWaitlistPlace = z.infer<typeof sellerWaitlistPlaceSchema>;

export const sellerWaitlistParamsSchema = z.strictObject({
  batchId: miniText(z.trim(), z.minLength(1), z.maxLength(64)),
});
/** `?state=waiting` shows only the places in that state (all when absent). */
export const sellerWaitlistQuerySchema = z.extend(pagingSchema, {
  state: z.optional(waitlistStateSchema),
});
export const sellerWaitlistPageSchema = pageOf(sellerWaitlistPlaceSchema);
export type SellerWaitlistPage = z.infer<typeof sellerWaitlistPageSchema>;

export const sellerWaitlistPlaceParamsSchema = z.strictObject({
  placeId: miniText(z.regex(/^[1-9]\d{0,9}$/, 'Not a place id')),
});
export const sellerWaitlistRemoveRequestSchema = z.strictObject({
  idempotencyKey: miniText(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not an idempotency key')),
  note: z.optional(sellerNoteSchema),
});
export const sellerWaitlistRemoveResponseSchema = z.object({
  message: z.string(),
  place: sellerWaitlistPlaceSchema,
});
