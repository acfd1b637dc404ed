import { Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { ReactRouterSeam } from '../ReactRouterSeam';
import { RouteError } from './RouteError';
import { SiteLayout } from './SiteLayout';

/** The router app's frame: the site's layout around the current route. */
export function RootLayout() {
  return (
    <ReactRouterSeam>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
      <ScrollRestoration />
    </ReactRouterSeam>
  );
}

/** A route's errorElement: the error page inside the layout. */
export function RouterRouteError() {
  return <RouteError error={useRouteError()} />;
}
