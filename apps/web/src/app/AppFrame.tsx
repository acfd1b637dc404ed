import type { ReactNode } from 'react';
import { Toaster } from '../lib/toasts';

/**
 * What every page has around it, in the light public shell and in the
 * router app alike. Toasts keep react-hot-toast's defaults, which are the
 * durations and limits of spec section 9; only the look is adjusted; the
 * toaster (and the library) arrive with the first toast (src/lib/toasts.ts).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster toastOptions={{ style: { color: '#0b1f3a', fontSize: '0.9375rem' } }} />
    </>
  );
}
