import { z } from 'zod';
import { emailSchema } from './common';

/** POST /api/learning-availability/auto-enrollment — records a prospective student. */
export const autoEnrollmentRequestSchema = z.object({ userEmail: emailSchema }).strict();
export type AutoEnrollmentRequest = z.input<typeof autoEnrollmentRequestSchema>;

export const autoEnrollmentResponseSchema = z.object({ recorded: z.literal(true) });
export type AutoEnrollmentResponse = z.infer<typeof autoEnrollmentResponseSchema>;
