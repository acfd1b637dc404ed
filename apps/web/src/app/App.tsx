import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './AppFrame';
import type { AppRouter } from './router';

/**
 * The router app in the browser. It takes over from the light public shell
 * with the same frame around it, so the toaster, its toasts and the answers
 * the first page loaded stay.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
