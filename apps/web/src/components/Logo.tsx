/** The company mark: Wi-Fi arcs on a navy tile, as in the favicon. Decorative. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b1f3a" />
      <rect
        x="1"
        y="1"
        width="62"
        height="62"
        rx="13"
        fill="none"
        stroke="#38bdf8"
        strokeOpacity="0.35"
        strokeWidth="2"
      />
      <path
        d="M14 28a26 26 0 0 1 36 0"
        fill="none"
        stroke="#38bdf8"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M21 36a16 16 0 0 1 22 0"
        fill="none"
        stroke="#38bdf8"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="45" r="4.5" fill="#f8fafc" />
    </svg>
  );
}
