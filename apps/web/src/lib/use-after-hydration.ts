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

const hydrated = () => true;

/**
 * False while a prerendered page is not yet hydrated: a control that needs
 * the app (the login form's field, the menu) waits for it instead of taking
 * input that would be lost or submit the form the browser's way.
 */
export function useHydrated(): boolean {
  return useAfterHydration(hydrated, false);
}
