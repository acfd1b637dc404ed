import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { useSellerAccess } from '../../auth';

/**
 * The back office's guard. The server checks the seller role on every call;
 * this only spares a buyer who typed /seller a page of failing requests.
 */
export function RequireSeller({ children }: { children: ReactNode }) {
  const seller = useSellerAccess();
  if (seller === undefined) return <PageSpinner label="Checking your access…" />;
  if (!seller) {
    return (
      <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <h1 className="text-2xl font-semibold">For the seller only</h1>
        <p className="text-navy-700">
          This part of the site is for the seller only. Sign in with the seller’s e-mail address to
          use it.
        </p>
        <Link
          to={paths.workshop}
          className="rounded-lg bg-navy-950 px-4 py-2.5 font-medium text-white hover:bg-navy-800"
        >
          Go to Workshop
        </Link>
      </section>
    );
  }
  return children;
}
