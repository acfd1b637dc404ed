import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * `value()` in the browser, but `prerendered` while React hydrates a
 * prerendered page (and in the prerender itself), so the first render matches
 * the HTML; React renders again with `value()` straight after.
 */
export function useAfterHydration<T>(value: () => T, prerendered: T): T {
  return useSyncExternalStore(subscribeNever, value, () => prerendered);
}
