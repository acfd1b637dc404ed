/** The back office's control looks: compact buttons, links and inputs for dense pages. */
/** Small buttons of the back office (the site's big ones suit a buyer's page). */
const smallBase =
  'inline-flex items-center justify-center gap-1.5 rounded-lg px-3.5 py-2 text-sm font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const sellerButton = {
  primary: `${smallBase} bg-navy-950 text-white hover:bg-navy-800 focus-visible:outline-sky-600`,
  secondary: `${smallBase} border border-slate-300 bg-white text-navy-950 hover:bg-slate-50 focus-visible:outline-sky-600`,
  danger: `${smallBase} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-500`,
  quiet: `${smallBase} text-sky-800 hover:bg-sky-50 focus-visible:outline-sky-600`,
} as const;

/** Text links in the back office. */
export const sellerLink =
  'rounded font-medium text-sky-800 underline decoration-sky-300 underline-offset-4 hover:text-sky-950 hover:decoration-sky-600';

/** Inputs and selects of the back office's filters and dialogs. */
export const sellerControl =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-navy-950 ' +
  'shadow-xs placeholder:text-slate-400 focus-visible:border-sky-600 focus-visible:outline-3 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-sky-500/40 ' +
  'aria-invalid:border-red-600';
