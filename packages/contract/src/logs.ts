/** Made with zod/mini: every page sends its log lines with these. */
import { z } from 'zod/mini';
import { LOG_MESSAGE_MAX_LENGTH } from './log-limits';
import { miniText } from './text';

/** GET /api/web-logs/token */
export const logTokenResponseSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type LogTokenResponse = z.infer<typeof logTokenResponseSchema>;

/**
 * Severity of a browser log message. DEBUG is expressed by leaving the
 * severity out (spec section 3, "Log message").
 */
export const logSeveritySchema = z.enum(['INFO', 'WARNING', 'ERROR']);
export type LogSeverity = z.infer<typeof logSeveritySchema>;

/** POST /api/web-logs/push */
export const logPushRequestSchema = z.strictObject({
  message: miniText(z.minLength(1), z.maxLength(LOG_MESSAGE_MAX_LENGTH)),
  severity: z.optional(logSeveritySchema),
});
export type LogPushRequest = z.infer<typeof logPushRequestSchema>;
