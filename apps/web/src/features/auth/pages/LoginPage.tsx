import { Navigate } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { site } from '../../../content/site';
import { LoginForm } from '../components/LoginForm';
import { useAuth } from '../hooks/use-auth';

/** /login — sends the sign-in link; a signed-in visitor goes to the workshop. */
export function LoginPage() {
  const { user } = useAuth();
  if (user) return <Navigate to={paths.workshop} replace />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-8 px-4 py-12 sm:py-20">
      <title>{`Login · ${site.productTitle}`}</title>
      <div className="flex flex-col gap-3 text-center">
        <p className="text-sm font-semibold tracking-wide text-sky-700 uppercase">
          {site.productTitle}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-navy-950">
          Sign in to enroll
        </h1>
        <p className="text-slate-600">
          No password needed: we email you a secure link that signs you in.
        </p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <LoginForm />
      </div>
    </div>
  );
}
