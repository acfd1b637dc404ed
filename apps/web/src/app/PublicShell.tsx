/**
 * The light public shell: what runs a cold visit to the workshop or login
 * page (the pages the build prerenders). It renders the site's frame and
 * the page without react-router, moving between those two pages itself.
 * The first move to any other page hands the visit to the router app
 * (src/app/router.tsx), fetched then: a visitor who only reads the
 * workshop page never downloads it.
 */
import { Component, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageSpinner } from '../components/Spinner';
import {
  NavigationProvider,
  type NavigateFunction,
  type NavigateOptions,
  type Navigation,
  type NavigationLocation,
} from '../lib/navigation';
import { RouteError } from './layout/RouteError';
import { isPublicPage, publicPages } from './public-pages';
import { SiteLayout } from './layout/SiteLayout';

/** Catches a page that fails to render, as the router's errorElement does. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/**
 * The frame and the page at `navigation.location`; another page shows the
 * loading state while the router app arrives. The prerender renders this
 * too, so the browser hydrates exactly what the HTML holds.
 */
export function PublicShell({ navigation, error }: { navigation: Navigation; error?: unknown }) {
  const page = publicPages[navigation.location.pathname];
  return (
    <NavigationProvider value={navigation}>
      <SiteLayout>
        {error !== undefined ? (
          <RouteError error={error} />
        ) : page ? (
          <PageErrorBoundary key={navigation.location.pathname}>{page()}</PageErrorBoundary>
        ) : (
          <PageSpinner label="Loading…" />
        )}
      </SiteLayout>
    </NavigationProvider>
  );
}

/**
 * History entries as react-router writes them (`usr` holds the state,
 * `idx` the position), so the router app reads the ones made here when it
 * takes over, and back and forward keep working across the hand-over.
 */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyEntry = (): HistoryEntry => (window.history.state ?? {}) as HistoryEntry;

function currentLocation(): NavigationLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: historyEntry().usr ?? null };
}

/**
 * The light shell in the browser: keeps the address and the history, and
 * calls `startRouter` (once) when the visitor moves to a page it does not
 * have; the router app then replaces it.
 */
export function BrowserPublicShell({ startRouter }: { startRouter: () => Promise<void> }) {
  const [location, setLocation] = useState(currentLocation);
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    if (isPublicPage(location.pathname)) return;
    startRouter().catch((failure: unknown) => setError(failure ?? new Error('unknown')));
  }, [location.pathname, startRouter]);

  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // Stable, as the router's is, so effects that depend on it do not rerun.
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null }: NavigateOptions = {}) => {
      const url = new URL(to, window.location.href);
      const index = historyEntry().idx ?? 0;
      const entry: HistoryEntry = {
        usr: state,
        key: Math.random().toString(36).slice(2, 10),
        idx: replace ? index : index + 1,
      };
      const address = url.pathname + url.search + url.hash;
      if (replace) window.history.replaceState(entry, '', address);
      else window.history.pushState(entry, '', address);
      setLocation(currentLocation());
      if (!replace) window.scrollTo(0, 0);
    },
    [],
  );
  const navigation = useMemo<Navigation>(() => ({ location, navigate }), [location, navigate]);

  return <PublicShell navigation={navigation} error={error} />;
}
