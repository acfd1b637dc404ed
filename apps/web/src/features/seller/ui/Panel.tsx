/** The back office's surfaces: panels, badges, notices, and the loading, empty and failed states. */
import { useId, type ReactNode } from 'react';
import { PageSpinner } from '../../../components/Spinner';
import { failureText } from '../../../lib/failure-text';
import { sellerSurface as surface } from './styles';

/** A titled block of a page, with its actions in the header. */
export function Panel({
  title,
  description,
  actions,
  children,
  className = '',
  padded = true,
}: {
  title?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** False for content that brings its own padding (a table). */
  padded?: boolean;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className={`${surface} ${className}`}>
      {title && (
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-3 sm:px-5">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-navy-950">
              {title}
            </h2>
            {description && <p className="text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={padded ? 'p-4 sm:p-5' : ''}>{children}</div>
    </section>
  );
}

const NOTICE_TONES = {
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

export function Notice({
  tone = 'info',
  title,
  children,
  role,
}: {
  tone?: keyof typeof NOTICE_TONES;
  title?: ReactNode;
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className={`rounded-lg border px-4 py-3 text-sm ${NOTICE_TONES[tone]}`}>
      {title && <p className="mb-1 font-semibold">{title}</p>}
      <div className="[overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

export function ProblemBlock({
  problem,
  onRetry,
  title = 'This could not be loaded',
}: {
  problem: string;
  onRetry: () => void;
  /** Null when the problem says it all. */
  title?: string | null;
}) {
  return (
    <Notice tone="error" role="alert" title={title}>
      <p>{problem}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 rounded-md font-semibold text-red-900 underline underline-offset-4 hover:text-red-950"
      >
        Try again
      </button>
    </Notice>
  );
}

/**
 * A query's states before its data: a spinner while it loads, then (if it
 * failed) the failure in words with a way to try again; nothing once it has
 * its data.
 */
export function QueryStatus({
  query,
  loading,
  title,
  inset = false,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  title?: string | null;
  /** Kept off the edges of a panel without padding of its own (a table's). */
  inset?: boolean;
}) {
  if (query.isPending) return <PageSpinner label={loading} short />;
  if (!query.isError) return null;
  const problem = (
    <ProblemBlock
      title={title}
      problem={failureText(query.error)}
      onRetry={() => void query.refetch()}
    />
  );
  return inset ? <div className="p-4 sm:p-5">{problem}</div> : problem;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-slate-300" fill="none">
        <path
          d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Z M4 7.5l8 4.5 8-4.5 M12 12v9"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <p className="font-semibold text-navy-900">{title}</p>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
    </div>
  );
}

const badgeTones = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  sky: 'bg-sky-50 text-sky-900 ring-sky-600/20',
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
} as const;
export type BadgeTone = keyof typeof badgeTones;

/** A state as a coloured pill; the words carry the meaning, not the colour. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}
