import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that turns itself off `durationMs` after it was last shown. Showing
 * it again restarts the time, so a second click gets the full duration.
 */
export function useTimedFlag(durationMs: number) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(false);
  }, []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { visible, show, hide };
}
