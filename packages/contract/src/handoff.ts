/**
 * The message that hands a paid student to the courses portal (and takes
 * them back, or moves them): POSTed as JSON to COURSES_PORTAL_WEBHOOK_URL,
 * signed with COURSES_PORTAL_WEBHOOK_SECRET. One definition for the server
 * that sends it, the API reference that documents it, and the portal's
 * developers, who may import it to check what arrives.
 */
import { z } from 'zod/mini';
import { currencySchema } from './money-schemas';
import { paymentRailSchema } from './seller/orders';

export const HANDOFF_KINDS = [
  'enrollment.created',
  'enrollment.revoked',
  'enrollment.moved',
] as const;
export type HandoffKind = (typeof HANDOFF_KINDS)[number];

/** The headers that come with every hand-off. */
export const HANDOFF_HEADERS = {
  id: 'x-handoff-id',
  timestamp: 'x-handoff-timestamp',
  signature: 'x-handoff-signature',
} as const;

const batchSchema = z.object({
  batchId: z.string(),
  batchDescription: z.string(),
});

export const handoffPayloadSchema = z
  .object({
    id: z.string().check(z.describe('The message id: the portal ignores an id it has seen')),
    type: z.enum(HANDOFF_KINDS),
    occurredAt: z.iso.datetime().check(z.describe('When the order was paid, refunded or moved')),
    student: z.object({ email: z.email(), firstName: z.string(), lastName: z.string() }),
    workshop: z
      .object({ sku: z.string(), name: z.string(), ...batchSchema.shape })
      .check(z.describe('The workshop and the batch the student is in (for a move: joins)')),
    order: z.object({
      id: z.string(),
      rail: paymentRailSchema,
      currency: currencySchema,
      total: z.string().check(z.describe('The amount paid in major units, e.g. "449.10"')),
    }),
    movedFrom: z.optional(batchSchema).check(z.describe('`enrollment.moved` only: the batch left')),
    seat: z
      .optional(z.object({ number: z.number(), of: z.number() }))
      .check(
        z.describe(
          'Company orders only: which of the order’s seats the student holds (`student` is its attendee, not the buyer)',
        ),
      ),
    purchaser: z
      .optional(z.email())
      .check(z.describe('Company orders only: the address of whoever bought the seat')),
  })
  .check(z.describe('A hand-off to the courses portal'));
export type HandoffPayload = z.infer<typeof handoffPayloadSchema>;
export type HandoffBatch = z.infer<typeof batchSchema>;

/** What the portal answers (2xx) once it has the student; anything else is retried. */
export const handoffAcknowledgementSchema = z.object({ received: z.literal(true) });
