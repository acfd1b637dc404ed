import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RouterSeamProvider, type RouterSeam } from '../lib/router-seam';

/** The router seam (src/lib/router-seam.tsx) backed by react-router, inside the router app. */
export function ReactRouterSeam({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  // Stable between navigations, so effects that depend on it do not rerun.
  const navigate = useNavigate();
  const seam = useMemo<RouterSeam>(
    () => ({ location: { pathname, search, hash }, navigate }),
    [pathname, search, hash, navigate],
  );
  return <RouterSeamProvider value={seam}>{children}</RouterSeamProvider>;
}
