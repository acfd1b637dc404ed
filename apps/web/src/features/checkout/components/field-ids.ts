/** Text inputs, selects and text areas of the checkout forms. */
export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-navy-950 ' +
  'shadow-xs placeholder:text-slate-400 focus-visible:border-sky-600 focus-visible:outline-3 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-sky-500/40 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  '[&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-500/30';

/** Selects draw their own chevron (see `SelectChevron`), the same in every browser. */
export const selectClass = `${controlClass} appearance-none pr-10`;

export interface FieldIds {
  hint: string;
  error: string;
}

export function fieldIds(id: string): FieldIds {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** The `aria-describedby` of a control: its hint (or "Optional") and its error. */
export function describedBy(
  id: string,
  { hint, error }: { hint?: boolean; error?: string | undefined },
): string | undefined {
  const ids = fieldIds(id);
  const parts = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * What ties a control to its `Field`: its id, whether it is invalid, and the
 * hint and error that describe it. Spread on the input, select or text area.
 */
export function controlAria(
  id: string,
  { hint = false, error }: { hint?: boolean; error?: string | undefined },
) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  } as const;
}
