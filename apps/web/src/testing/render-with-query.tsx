/**
 * Renders a component the way the router app does, under a QueryClientProvider,
 * with a fresh client per render (no answer carried between tests) and no
 * retries (a scripted refusal is shown at once).
 */
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

// What a query does reaches the page at once, not a timer later: a test reads
// the page as soon as its request is answered, or asked again, inside act().
notifyManager.setScheduler((notify) => notify());

/** A fresh client and a wrapper that provides it, e.g. for `renderHook`. */
export function queryWrapper() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

export function renderWithQuery(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const { queryClient, wrapper } = queryWrapper();
  return { queryClient, ...render(ui, { ...options, wrapper }) };
}
