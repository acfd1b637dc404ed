/**
 * Toast helpers. react-hot-toast's own defaults already equal spec section 9
 * (blank 4 s, error 4 s, success 2 s, loading until replaced, custom 4 s, at
 * most 20, 350 px wide), so only the long-lived errors need a duration.
 */
import toast from 'react-hot-toast';

/** Sign-in and invoice error toasts stay 7 seconds (spec section 8). */
export const LONG_ERROR_TOAST_MS = 7000;

export function showLongError(message: string): string {
  return toast.error(message, { duration: LONG_ERROR_TOAST_MS });
}

export { toast };
