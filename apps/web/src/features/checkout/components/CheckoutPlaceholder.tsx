import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';

interface CheckoutPlaceholderProps {
  title: string;
  children: ReactNode;
}

/**
 * The frame of a checkout step whose content is not built yet. Each route
 * already exists (and is guarded), so links and redirects work today.
 */
export function CheckoutPlaceholder({ title, children }: CheckoutPlaceholderProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <title>{`${title} · Wi-Fi 7 Workshop`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-navy-950">{title}</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm sm:p-8">
        {children}
      </div>
      <Link to={paths.workshop} className={`${buttonStyles.secondary} w-fit`}>
        Back to the workshop
      </Link>
    </div>
  );
}
