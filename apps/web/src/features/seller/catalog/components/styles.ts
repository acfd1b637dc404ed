/** Class names and ARIA wiring shared by the catalog pages' components. */
const smallBase =
  'inline-flex items-center justify-center gap-2 rounded-lg border px-3.5 py-2 text-sm font-semibold ' +
  'whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** The back office's buttons: the site's looks, sized for a working page. */
export const smallButton = {
  solid: `${smallBase} border-transparent bg-navy-950 text-white hover:bg-navy-800 focus-visible:outline-sky-600`,
  secondary: `${smallBase} border-slate-300 bg-white text-navy-950 hover:bg-slate-50 focus-visible:outline-sky-600`,
  danger: `${smallBase} border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-500`,
} as const;

export const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-navy-950 sm:min-h-10 ' +
  'shadow-xs placeholder:text-slate-400 focus-visible:border-sky-600 focus-visible:outline-3 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-sky-500/40 disabled:bg-slate-100 ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-500/30 sm:text-sm';

/** The ids that tie a control to its label, hint and error. */
export function fieldAria(id: string, hint: boolean, error: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** The scrolling body and the button row of a dialog's form. */
export const dialogBodyClass = 'min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6';
export const dialogFooterClass =
  'flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6';
