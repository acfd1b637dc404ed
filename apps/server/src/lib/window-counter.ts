/**
 * A shared counter in fixed time windows: adds `amount` to `key` in the
 * window that is open (opening one of `windowMs` if none is) and answers
 * the window's total and how long it still runs. The server counts in
 * Postgres, so every instance adds to the same total.
 */
export interface WindowCount {
  total: number;
  resetInMs: number;
}

export type WindowCounter = (
  key: string,
  windowMs: number,
  amount?: number,
) => Promise<WindowCount>;

/** Whole seconds until a window ends, at least 1: the value of a Retry-After header. */
export function retryAfterSeconds(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.resetInMs / 1000));
}
