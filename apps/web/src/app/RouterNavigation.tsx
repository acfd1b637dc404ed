import { useCallback, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type NavigateFunction, type Navigation } from '../lib/navigation';

/**
 * Feeds the site's navigation (src/lib/navigation.tsx) from react-router, so
 * the pages and the frame written against it work the same inside the
 * router app as in the light public shell.
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash, state } = useLocation();
  const routerNavigate = useNavigate();
  // As stable as the router's own, so effects that depend on it do not rerun.
  const navigate = useCallback<NavigateFunction>(
    (to, options) => routerNavigate(to, options),
    [routerNavigate],
  );
  const navigation = useMemo<Navigation>(
    () => ({ location: { pathname, search, hash, state }, navigate }),
    [pathname, search, hash, state, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
