/**
 * The one cache of server data in the browser (TanStack Query). One client
 * for the whole visit: the light public shell and the router app share it,
 * so what the first page loaded is not loaded again after the hand-over.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal is an answer: the page shows the server's words, and the
      // person decides to try again. Network failures get one more try.
      retry: (failures, error) => failures < 1 && !(error instanceof Error && 'status' in error),
      // Pages refetch when the person comes back to the tab, not on every mount.
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
