import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../api/seller-request';

export type Loaded<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/**
 * Loads a back-office list on mount and on `reload()`, keeping the last
 * answer on screen while a reload runs and ignoring answers that arrive
 * after a newer request (or after the page is gone).
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latest.current;
    load().then(
      (data) => {
        if (request === latest.current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (request === latest.current) {
          setState({ status: 'failed', message: failureMessage(error) });
        }
      },
    );
  }, [load]);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
