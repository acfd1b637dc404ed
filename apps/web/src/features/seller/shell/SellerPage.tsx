import { useEffect, type ReactNode } from 'react';

interface SellerPageProps {
  title: string;
  /** One line under the title: what the page is for. */
  description?: ReactNode;
  /** Buttons on the title's row (an export, a "new" button). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One back-office page: its title (also the document's), a line about it, actions, content. */
export function SellerPage({ title, description, actions, children }: SellerPageProps) {
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  return (
    <section aria-labelledby="seller-page-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="seller-page-title" className="text-2xl font-semibold text-navy-950">
            {title}
          </h1>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
