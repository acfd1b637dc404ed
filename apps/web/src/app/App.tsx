import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { AppFrame } from './AppFrame';
import type { AppRouter } from './router';

/**
 * The router app in the browser. It takes over from the light public shell
 * with the same frame around it, so the toaster and its toasts stay.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppFrame>
  );
}
