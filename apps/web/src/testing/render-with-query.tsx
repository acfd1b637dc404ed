/**
 * Renders a component the way the router app does, under a QueryClientProvider,
 * with a fresh client per render (no answer carried between tests) and no
 * retries (a scripted refusal is shown at once).
 */
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

// Answers reach the page in the same turn as the request settles, not a timer
// later: a test reads the page as soon as its request is answered.
notifyManager.setScheduler(queueMicrotask);

export function renderWithQuery(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...render(ui, { ...options, wrapper }) };
}
