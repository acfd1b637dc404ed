import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router';

/**
 * The app's providers. Toasts keep react-hot-toast's defaults, which are the
 * durations and limits of spec section 9; only the look is adjusted.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster toastOptions={{ style: { color: '#0b1f3a', fontSize: '0.9375rem' } }} />
    </>
  );
}
