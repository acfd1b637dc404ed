interface SpinnerProps {
  className?: string;
}

/** A decorative spinning ring; pair it with visible or screen-reader text. */
export function Spinner({ className = 'size-5' }: SpinnerProps) {
  return (
    <svg
      className={`animate-spin motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Full-area loading state for a page or a lazily loaded route (`short`: for a block of one). */
export function PageSpinner({ label, short = false }: { label: string; short?: boolean }) {
  return (
    <div
      role="status"
      className={`flex ${short ? 'min-h-40' : 'min-h-[50vh]'} items-center justify-center gap-3 text-navy-700`}
    >
      <Spinner className="size-6 text-sky-600" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
