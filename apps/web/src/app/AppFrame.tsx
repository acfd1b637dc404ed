import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../lib/toasts';

/**
 * What every page has around it, in the light public shell and in the
 * router app alike: the one cache of server data, so what the first page
 * loaded is not loaded again after the hand-over, and the toaster. Toasts
 * keep react-hot-toast's defaults, which are the durations and limits of spec
 * section 9; only the look is adjusted; the toaster (and the library) arrive
 * with the first toast (src/lib/toasts.ts).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster toastOptions={{ style: { color: '#0b1f3a', fontSize: '0.9375rem' } }} />
    </QueryClientProvider>
  );
}
