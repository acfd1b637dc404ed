/**
 * The hand-off message our server sends the courses portal when a student
 * is enrolled (paid), un-enrolled (refunded, cancelled) or moved to another
 * batch (`movedFrom` names the batch left, `workshop` the one joined). The portal stands
 * apart from our code, so the schema is written here from the agreed
 * contract rather than imported.
 */
import { z } from 'zod';

const batchSchema = z.object({
  batchId: z.string().min(1).max(100),
  batchDescription: z.string().max(500),
});

export const handoffSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.enum(['enrollment.created', 'enrollment.revoked', 'enrollment.moved']),
    occurredAt: z.iso.datetime({ offset: true }),
    student: z.object({
      email: z.email(),
      firstName: z.string().min(1).max(200),
      lastName: z.string().min(1).max(200),
    }),
    workshop: z.object({
      sku: z.string().min(1).max(100),
      name: z.string().min(1).max(300),
      batchId: z.string().min(1).max(100),
      batchDescription: z.string().max(500),
    }),
    order: z.object({
      id: z.string().min(1).max(200),
      rail: z.enum(['paypal_invoice', 'zoho_link']),
      currency: z.enum(['USD', 'INR']),
      total: z.string().regex(/^\d+\.\d{2}$/, 'a decimal string with two decimals, e.g. "449.10"'),
    }),
    movedFrom: batchSchema.optional(),
  })
  .refine(
    (handoff) => (handoff.type === 'enrollment.moved') === (handoff.movedFrom !== undefined),
    {
      message: 'a move names the batch left, and only a move does',
      path: ['movedFrom'],
    },
  );

export type Handoff = z.infer<typeof handoffSchema>;
