/**
 * When to ask a provider again about an order still waiting for payment:
 * soon after it was issued, then less and less often (PayPal asks for
 * webhooks rather than polling), never later than the hold's end, and
 * never again at once.
 */
const CHECK_STEPS_SECONDS = [120, 300, 900, 1800, 3600, 7200];
const LAST_STEP_SECONDS = 3 * 3600;

export function nextCheckAt(now: Date, checksSoFar: number, holdExpiresAt: Date): Date {
  const delay = CHECK_STEPS_SECONDS[checksSoFar] ?? LAST_STEP_SECONDS;
  const later = now.getTime() + delay * 1000;
  // Past the hold's end (an order a person must decide on) the steps alone space the checks:
  // the end would make it due on every pass.
  if (holdExpiresAt <= now) return new Date(later);
  return new Date(Math.min(later, holdExpiresAt.getTime()));
}

/** How soon to retry talking to a provider that failed. */
export function retryAfterFailure(now: Date, failures: number): Date {
  const delay = Math.min(60 * 2 ** Math.max(failures - 1, 0), 3600);
  return new Date(now.getTime() + delay * 1000);
}
