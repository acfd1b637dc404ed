import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageSpinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { useAttentionCount } from '../attention/attention-list';

const SECTIONS = [
  { to: paths.sellerOrders, label: 'Orders' },
  { to: paths.sellerAttention, label: 'Needs attention' },
  { to: paths.sellerBatches, label: 'Batches' },
  { to: paths.sellerWaitlist, label: 'Waitlist' },
  { to: paths.sellerDiscountCodes, label: 'Prices and codes' },
  { to: paths.sellerBuyerPolicy, label: 'Buyer policy' },
  { to: paths.sellerGroupSales, label: 'Company purchases' },
  { to: paths.sellerContent, label: 'Page content' },
  { to: paths.sellerEmail, label: 'E-mail delivery' },
  { to: paths.sellerAudit, label: 'Audit log' },
] as const;

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  'flex shrink-0 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ' +
  (isActive ? 'bg-navy-950 text-white' : 'text-navy-800 hover:bg-slate-200');

/**
 * The back office's frame: its sections as a sidebar on a desktop and as
 * tabs on a phone (wrapped, so none is hidden off the edge), and the
 * section's page beside or below.
 */
export function SellerLayout({ children }: { children: ReactNode }) {
  const attention = useAttentionCount();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 lg:flex-row lg:px-8 lg:py-10">
      <nav aria-label="Back office" className="lg:w-52 lg:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
          Back office
        </p>
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className={sectionClass}>
                {section.label}
                {section.to === paths.sellerAttention && attention ? (
                  <AttentionCount count={attention} />
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Whatever a link, a focus or a scroll brings into view stays clear of the site's sticky bar. */}
      <div className="min-w-0 flex-1 [&_*]:scroll-mt-24">
        <Suspense fallback={<PageSpinner label="Loading…" />}>{children}</Suspense>
      </div>
    </div>
  );
}

/** How many items need attention, beside the menu entry. */
function AttentionCount({ count }: { count: number }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-semibold text-navy-950 tabular-nums"
      >
        {count}
      </span>
      <span className="sr-only">{`, ${count === 1 ? '1 item' : `${count} items`}`}</span>
    </>
  );
}
