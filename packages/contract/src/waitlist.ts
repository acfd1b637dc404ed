/**
 * The waitlist of a full batch (beyond the spec). A signed-in buyer with a
 * proven address queues for a batch with no free seat; when a seat frees,
 * the first in line is e-mailed an offer: a link that holds that seat for
 * them for `WAITLIST_OFFER_HOURS` and takes them to checkout. Unused, the
 * offer passes to the next in line. One place per address per batch.
 * Made with zod/mini: the workshop page, which loads first, reads a
 * signed-in buyer's places with these.
 */
import { z } from 'zod/mini';
import { batchIdSchema } from './catalog';
import { miniText } from './text';

/** The states of a place in line. */
export const waitlistStateSchema = z.enum([
  /** In line. */
  'waiting',
  /** A seat is held for them until `offerExpiresAt`. */
  'offered',
  /** They ordered with the held seat. */
  'converted',
  /** The offer ran out unused; the seat went to the next in line. */
  'expired',
  /** They left the line themselves. */
  'left',
  /** The seller took them off the line. */
  'removed',
]);
export type WaitlistState = z.infer<typeof waitlistStateSchema>;

export const waitlistJoinRequestSchema = z.strictObject({ batchId: batchIdSchema });
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequestSchema>;
export const waitlistLeaveRequestSchema = waitlistJoinRequestSchema;

export const waitlistPlaceSchema = z.object({
  batchId: z.string(),
  state: waitlistStateSchema,
  /** 1 = next in line; null once no longer waiting. */
  position: z.nullable(z.number().check(z.int(), z.positive())),
  /** ISO 8601; while `offered`, until when the seat is held. */
  offerExpiresAt: z.nullable(z.string()),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/**
 * Answer to join: `joined` (a new place), or `already` (the address already
 * holds one; same place returned), or `seat_free` (the batch has a free
 * seat after all: buy it instead; nothing was recorded).
 */
export const waitlistJoinResponseSchema = z.object({
  outcome: z.enum(['joined', 'already', 'seat_free']),
  place: z.nullable(waitlistPlaceSchema),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

/**
 * Answer to leave: `left` (the place is given up; a seat held for it passes
 * to the next in line), or `not_in_line` (the address holds no place there).
 */
export const waitlistLeaveResponseSchema = z.object({
  outcome: z.enum(['left', 'not_in_line']),
  place: z.nullable(waitlistPlaceSchema),
});
export type WaitlistLeaveResponse = z.infer<typeof waitlistLeaveResponseSchema>;

export const waitlistMineResponseSchema = z.object({ places: z.array(waitlistPlaceSchema) });
export type WaitlistMineResponse = z.infer<typeof waitlistMineResponseSchema>;

/** The offer link's secret, as e-mailed. */
export const waitlistOfferTokenSchema = miniText(
  z.regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not an offer link'),
);
export const waitlistClaimRequestSchema = z.strictObject({ token: waitlistOfferTokenSchema });

/**
 * Answer to claim: `ready` (the seat is held for the caller; go to checkout
 * with this batch until `offerExpiresAt`), `expired` (the hold ran out),
 * `used` (already ordered), `not_yours` (made for another address),
 * `unknown` (no such offer).
 */
export const waitlistClaimResponseSchema = z.object({
  outcome: z.enum(['ready', 'expired', 'used', 'not_yours', 'unknown']),
  productSku: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  batchId: z.nullable(z.string()),
  offerExpiresAt: z.nullable(z.string()),
});
export type WaitlistClaimResponse = z.infer<typeof waitlistClaimResponseSchema>;
