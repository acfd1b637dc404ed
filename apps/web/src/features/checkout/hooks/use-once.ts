import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Runs `start` once per mounted page, even under React's StrictMode, which
 * mounts, unmounts and mounts again in development: a page that creates
 * something on load (a payment link) must not send the request twice.
 * `alive()` tells a late answer whether the page is still there.
 */
export function useOnce(start: (alive: () => boolean) => void): void {
  const started = useRef(false);
  const mounted = useRef(false);
  const run = useEffectEvent(start);

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      run(() => mounted.current);
    }
    return () => {
      mounted.current = false;
    };
  }, []);
}
