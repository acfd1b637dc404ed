import { Spinner } from '../../../components/Spinner';
import { useEffect, useRef, type ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  /** A short line under the heading. */
  lead?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame of a checkout page: document title, heading and content column. */
export function PageFrame({ title, lead, width = 'narrow', children }: PageFrameProps) {
  return (
    <div
      className={`mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12 ${
        width === 'wide' ? 'max-w-6xl' : 'max-w-2xl'
      }`}
    >
      <title>{`${title} · Wi-Fi 7 Workshop`}</title>
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">{title}</h1>
        {lead && <p className="text-slate-600">{lead}</p>}
      </div>
      {children}
    </div>
  );
}

/** A white card: the surface of forms and summaries. */
export function Card({
  children,
  className = '',
  as: Tag = 'div',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section' | 'aside';
  labelledBy?: string;
}) {
  return (
    <Tag
      aria-labelledby={labelledBy}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 ${className}`}
    >
      {children}
    </Tag>
  );
}

/** A loading state inside a card, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3 text-navy-700">
      <Spinner className="size-6 text-sky-600" />
      <span>{label}</span>
    </div>
  );
}

/** A section's heading, focused on mount when the buyer's choice just brought the section in. */
export function SectionHeading({
  id,
  focusOnMount,
  children,
}: {
  id: string;
  focusOnMount: boolean;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  return (
    <h2
      ref={headingRef}
      id={id}
      tabIndex={-1}
      className="text-lg font-semibold text-navy-950 outline-none"
    >
      {children}
    </h2>
  );
}
