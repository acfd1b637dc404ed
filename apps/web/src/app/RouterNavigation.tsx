import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from '../lib/navigation';

/**
 * Feeds the site's navigation (src/lib/navigation.tsx) from react-router, so
 * the pages and the frame written against it work the same inside the
 * router app as in the light public shell.
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({
      location: { pathname, search, hash, state },
      navigate: (to, options) => navigate(to, options),
    }),
    [pathname, search, hash, state, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
