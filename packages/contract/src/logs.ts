/** Made with zod/mini: every page sends its log lines with these. */
import { z } from 'zod/mini';
import { miniText } from './text';

/** GET /api/web-logs/token */
export const logTokenResponseSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type LogTokenResponse = z.infer<typeof logTokenResponseSchema>;

/** How long the browser keeps a log token before asking for a new one (spec section 9). */
export const LOG_TOKEN_CACHE_SECONDS = 240;

/**
 * Severity of a browser log message. DEBUG is expressed by leaving the
 * severity out (spec section 3, "Log message").
 */
export const logSeveritySchema = z.enum(['INFO', 'WARNING', 'ERROR']);
export type LogSeverity = z.infer<typeof logSeveritySchema>;

export const LOG_MESSAGE_MAX_LENGTH = 2000;

/** POST /api/web-logs/push */
export const logPushRequestSchema = z.strictObject({
  message: miniText(z.minLength(1), z.maxLength(LOG_MESSAGE_MAX_LENGTH)),
  severity: z.optional(logSeveritySchema),
});
export type LogPushRequest = z.infer<typeof logPushRequestSchema>;
