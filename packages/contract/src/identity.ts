/** Made with zod/mini: the sign-in pages, which load first, use these. */
import { z } from 'zod/mini';
import { emailSchema } from './common';

/** POST /api/learning-availability/auto-enrollment — records a prospective student. */
export const autoEnrollmentRequestSchema = z.strictObject({ userEmail: emailSchema });
export type AutoEnrollmentRequest = z.input<typeof autoEnrollmentRequestSchema>;

export const autoEnrollmentResponseSchema = z.object({ recorded: z.literal(true) });
export type AutoEnrollmentResponse = z.infer<typeof autoEnrollmentResponseSchema>;

/** GET /api/me — who the signed-in caller is to this site: a buyer, or also a seller. */
export const meResponseSchema = z.object({
  email: z.string(),
  /** On the seller allow-list: the menu offers the back office. */
  seller: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
