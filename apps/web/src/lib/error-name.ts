/**
 * A short, log-safe name for a failure: the HTTP status when there is one,
 * else the error's class name. Never the message, which may carry personal data.
 */
export function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error) {
    return `status ${String((error as { status: unknown }).status)}`;
  }
  return error instanceof Error ? error.name : 'unknown error';
}
