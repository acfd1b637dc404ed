/** A decorative downward chevron (a select's, a disclosure's); the control says what it does. */
export function ChevronDown({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M5.2 7.2a.75.75 0 0 1 1.06.02L10 11.2l3.74-3.98a.75.75 0 1 1 1.1 1.02l-4.3 4.5a.75.75 0 0 1-1.08 0l-4.3-4.5a.75.75 0 0 1 .04-1.04Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
