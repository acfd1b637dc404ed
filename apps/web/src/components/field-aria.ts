/**
 * What ties a form control to its `Field`: the ids of its hint and error,
 * and the ARIA a control spreads so screen readers read them with it.
 */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The `aria-describedby` of a control: its hint (or "Optional") and its error. */
export function describedBy(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * Spread on the input, select or text area of a `Field`: its id, whether it
 * is invalid, and what describes it. `hint` is true when the field has a
 * hint or is optional (its "Optional" is then the description).
 */
export function fieldAria(id: string, hint: boolean, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  } as const;
}

/** Controls look roomy on the buyer's pages and compact on the back office's dense ones. */
const base =
  'block w-full rounded-lg border border-slate-300 bg-white text-base text-navy-950 ' +
  'shadow-xs placeholder:text-slate-400 focus-visible:border-sky-600 focus-visible:outline-3 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-sky-500/40 ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-500/30';

export const controlStyles = {
  buyer:
    `${base} px-3.5 py-2.5 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ` +
    '[&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700',
  /** 16 px text on a phone, so the browser does not zoom in; 44 px tall there, for a finger. */
  backOffice: `${base} min-h-11 px-3 py-2 disabled:bg-slate-100 sm:min-h-10 sm:text-sm`,
} as const;

export type ControlLook = keyof typeof controlStyles;

/** Selects draw their own chevron (see `SelectChevron`), the same in every browser. */
export const selectStyles = `${controlStyles.buyer} appearance-none pr-10`;
