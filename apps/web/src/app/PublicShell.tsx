/**
 * The light public shell: what runs a cold visit to the workshop or login
 * page (the pages the build prerenders), without react-router. It does not
 * route: it shows the one page at the address the visit opened, and any
 * move from it — a link, a redirect, back or forward — hands the visit to
 * the router app, which makes that move (decision record 0007). A visitor
 * who only reads the page never downloads the router.
 */
import { Component, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterSeamProvider, type RouterSeam, type SeamLocation } from '../lib/router-seam';
import { RouteError } from './layout/RouteError';
import type { HandOver } from './router-hand-over';
import { SiteLayout } from './layout/SiteLayout';
import { publicPages } from './public-pages';

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
 * The frame and the public page at `seam.location`. The prerender renders
 * this too, so the browser hydrates exactly what the HTML holds.
 */
export function PublicShell({ seam, error }: { seam: RouterSeam; error?: unknown }) {
  const page = publicPages[seam.location.pathname];
  return (
    <RouterSeamProvider value={seam}>
      <SiteLayout>
        {error === undefined ? (
          <PageErrorBoundary>{page?.()}</PageErrorBoundary>
        ) : (
          <RouteError error={error} />
        )}
      </SiteLayout>
    </RouterSeamProvider>
  );
}

const openedAt = (): SeamLocation => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

/**
 * What may move the visitor: a link of the site, or a button (Login to
 * Enroll, Confirm Email…). Pointing at or focusing one fetches the router
 * app's code ahead of the click, so the move that follows is quick.
 */
const MAY_MOVE = 'a[href^="/"], button';

/** The shell in the browser: the page the visit opened; every move hands over. */
export function BrowserPublicShell({
  handOver,
  preloadRouter,
}: {
  handOver: HandOver;
  /** Loads the router app's code without starting it. */
  preloadRouter: () => void;
}) {
  const [location] = useState(openedAt);
  const [error, setError] = useState<unknown>(undefined);

  // Shows the error page when the router app's code cannot load (e.g. a new
  // release replaced it).
  const handOverOrFail = useCallback<HandOver>(
    (to, options) =>
      handOver(to, options).catch((failure: unknown) => setError(failure ?? new Error('unknown'))),
    [handOver],
  );
  const seam = useMemo<RouterSeam>(
    () => ({ location, navigate: handOverOrFail }),
    [location, handOverOrFail],
  );

  useEffect(() => {
    // The browser has already moved to the entry: the router app starts there.
    const onPopState = () => void handOverOrFail();
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [handOverOrFail]);

  useEffect(() => {
    const onPointerOrFocus = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(MAY_MOVE)) preloadRouter();
    };
    document.addEventListener('pointerover', onPointerOrFocus);
    document.addEventListener('focusin', onPointerOrFocus);
    return () => {
      document.removeEventListener('pointerover', onPointerOrFocus);
      document.removeEventListener('focusin', onPointerOrFocus);
    };
  }, [preloadRouter]);

  return <PublicShell seam={seam} error={error} />;
}
