import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';

/**
 * The spec's routes are exact: "/LOGIN", "/Checkout" or "/login/" is "any
 * other path" and goes to the workshop page. Each route matches case by case
 * (`caseSensitive`); react-router ignores a trailing slash when it matches,
 * so this sends any path that ends in one away first.
 */
export function ExactPaths() {
  const { pathname } = useLocation();
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return <Navigate to={paths.workshop} replace />;
  }
  return <Outlet />;
}
