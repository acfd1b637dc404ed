import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth';

/**
 * Route guard: pages below it need a signed-in user (spec section 4,
 * "Checkout guards"). While the session is still being restored it waits,
 * so a signed-in visitor who reloads is not bounced to /login.
 */
export function RequireAuth() {
  const { loading, user } = useAuth();
  if (loading) return <PageSpinner label="Checking your sign-in…" />;
  if (!user) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
