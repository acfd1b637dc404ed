/**
 * The checkout's icons: 20×20, drawn in the text colour and hidden from
 * screen readers, since the text next to them says the same.
 */
const tickPath =
  'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';
const alertPath =
  'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z';

function Icon({ path, className }: { path: string; className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d={path} clipRule="evenodd" />
    </svg>
  );
}

export function CheckIcon({ className = 'size-4 shrink-0' }: { className?: string }) {
  return <Icon path={tickPath} className={className} />;
}

export function AlertIcon({ className = 'size-4 shrink-0' }: { className?: string }) {
  return <Icon path={alertPath} className={className} />;
}

const badgeTones = {
  success: 'bg-emerald-100 text-emerald-700',
  warning: 'bg-amber-100 text-amber-700',
} as const;

/** A round badge over a page's outcome: a tick when it went well, else an alert. */
export function StatusBadge({ tone }: { tone: keyof typeof badgeTones }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-12 items-center justify-center rounded-full ${badgeTones[tone]}`}
    >
      {tone === 'success' ? <CheckIcon className="size-6" /> : <AlertIcon className="size-6" />}
    </span>
  );
}
