/** Made with zod/mini: the sign-in pages, which load first, use these. */
import { z } from 'zod/mini';
import { emailSchema } from './common';

/** POST /api/learning-availability/auto-enrollment — records a prospective student. */
export const autoEnrollmentRequestSchema = z.strictObject({ userEmail: emailSchema });
export type AutoEnrollmentRequest = z.input<typeof autoEnrollmentRequestSchema>;

export const autoEnrollmentResponseSchema = z.object({ recorded: z.literal(true) });
export type AutoEnrollmentResponse = z.infer<typeof autoEnrollmentResponseSchema>;

/**
 * POST /api/sign-in-link — beyond the spec, whose page asks Firebase to
 * send the link: the site makes the same link (request type EMAIL_SIGNIN,
 * continue URL the site's origin plus /wifi7-workshop, handled in the app)
 * and e-mails it from the seller's own address, within limits of its own.
 */
export const signInLinkRequestSchema = z.strictObject({ email: emailSchema });
export type SignInLinkRequest = z.input<typeof signInLinkRequestSchema>;

export const signInLinkResponseSchema = z.object({
  sent: z.literal(true),
  /** When this address may ask for another link. */
  nextInSeconds: z.number(),
});
export type SignInLinkResponse = z.infer<typeof signInLinkResponseSchema>;

/** GET /api/me — who the signed-in caller is to this site: a buyer, or also a seller. */
export const meResponseSchema = z.object({
  email: z.string(),
  /** On the seller allow-list: the menu offers the back office. */
  seller: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
