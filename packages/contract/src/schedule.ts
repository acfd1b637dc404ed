/**
 * What anyone may see of the workshop's batches before signing in, and
 * what a signed-in buyer has bought. Beyond the spec: the spec's
 * `GET /api/learning-availability/workshop-list` (signed in) stays as it is.
 * Made with zod/mini: the workshop page, which loads first, reads these.
 */
import { z } from 'zod/mini';
import { batchIdSchema, productSkuSchema } from './catalog';

/** Seats left are shown only when this few remain (none shown above it). */
export const FEW_SEATS_LEFT = 5;

export const scheduledSessionSchema = z.object({
  /** 1-based. */
  number: z.number().check(z.int(), z.positive()),
  /** The instant it starts, ISO 8601 in UTC (`2027-01-12T17:00:00.000Z`). */
  startsAt: z.string(),
  /** The instant it ends, ISO 8601 in UTC. */
  endsAt: z.string(),
});
export type ScheduledSession = z.infer<typeof scheduledSessionSchema>;

export const scheduledBatchSchema = z.object({
  batchId: batchIdSchema,
  /** "dates -- timing", as in the workshop list. */
  batchDescription: z.string(),
  /** The batch's sessions in order (15 once the seller has set them; may be empty). */
  sessions: z.array(scheduledSessionSchema),
  /** Every seat is taken (sold, held by an open order or offered to someone waiting). */
  full: z.boolean(),
  /** Seats left when `FEW_SEATS_LEFT` or fewer remain (0 when full); otherwise null. */
  seatsLeft: z.nullable(z.number().check(z.int(), z.nonnegative())),
});
export type ScheduledBatch = z.infer<typeof scheduledBatchSchema>;

/** GET /api/schedule — public, cached, no personal data: every open batch of every active workshop. */
export const scheduleResponseSchema = z.object({
  workshops: z.array(
    z.object({
      productSku: productSkuSchema,
      productName: z.string(),
      batches: z.array(scheduledBatchSchema),
    }),
  ),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const batchCalendarParamsSchema = z.strictObject({ batchId: batchIdSchema });

/** GET /api/me/enrolments — the batches the signed-in buyer has paid for (a paid order). */
export const myEnrolmentsResponseSchema = z.object({
  enrolments: z.array(
    z.object({
      productSku: z.string(),
      batchId: z.string(),
      /** Path of the batch's calendar file (`/api/batches/{batchId}/calendar.ics`). */
      calendarPath: z.string(),
    }),
  ),
});
export type MyEnrolmentsResponse = z.infer<typeof myEnrolmentsResponseSchema>;
