/** Small line icons for the workshop page; decorative only. */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  className: 'size-6',
};

export function DownloadIcon() {
  return (
    <svg {...common}>
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5" />
      <path d="M4 17v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2" />
    </svg>
  );
}

export function CertificateIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M7 8h10M7 11h6" />
      <path d="m14.5 16-1 5 2.5-1.5 2.5 1.5-1-5" />
    </svg>
  );
}

export function BookIcon() {
  return (
    <svg {...common}>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5z" />
      <path d="M20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5z" />
    </svg>
  );
}

export function WaveformIcon() {
  return (
    <svg {...common}>
      <path d="M3 12h2l2-6 3 12 3-9 2 6 2-3h4" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common} className="size-5 shrink-0">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...common} className="size-5">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg {...common} className="size-4 shrink-0">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg {...common} className="mr-1.5 inline size-4 shrink-0 align-[-0.2em]">
      <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
    </svg>
  );
}

export function ExternalLinkIcon() {
  return (
    <svg {...common} className="size-3.5 shrink-0">
      <path d="M14 5h5v5M19 5l-8 8" />
      <path d="M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4" />
    </svg>
  );
}

export function QuoteIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-7"
      fill="currentColor"
    >
      <path d="M9.5 6C6.5 7.2 4.5 9.8 4.5 13.2V18h5.2v-5H7.3c.2-2 1.3-3.5 3-4.3zm9 0c-3 1.2-5 3.8-5 7.2V18h5.2v-5h-2.4c.2-2 1.3-3.5 3-4.3z" />
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <svg {...common} className="size-4 shrink-0">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}
