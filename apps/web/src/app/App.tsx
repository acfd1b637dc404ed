import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../lib/toasts';
import type { AppRouter } from './router';

/**
 * What every page has around its routes. Toasts keep react-hot-toast's
 * defaults, which are the durations and limits of spec section 9; only the
 * look is adjusted; the toaster (and the library) arrive with the first
 * toast (src/lib/toasts.ts). The build's prerender renders the same frame around its
 * static router, so the browser hydrates exactly what the HTML holds.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster toastOptions={{ style: { color: '#0b1f3a', fontSize: '0.9375rem' } }} />
    </>
  );
}

/** The app's providers in the browser. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
