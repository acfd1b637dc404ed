/** The page-content forms' buttons: smaller than the buyers' calls to action. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50';

export const buttons = {
  solid: `${base} bg-navy-950 text-white hover:bg-navy-800`,
  secondary: `${base} border border-slate-300 bg-white text-navy-950 hover:bg-slate-50`,
  /** A quiet square button with an icon (move up, move down, remove). */
  icon:
    'inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white ' +
    'text-navy-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 ' +
    'focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-40',
  danger:
    'inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white ' +
    'text-red-700 hover:border-red-300 hover:bg-red-50 focus-visible:outline-3 ' +
    'focus-visible:outline-offset-2 focus-visible:outline-sky-600',
} as const;
