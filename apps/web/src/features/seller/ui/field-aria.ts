/** The ids that tie a control to its label's hint and error. */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** What ties a control to its frame: its id, whether it is invalid, its hint and error. */
export function fieldAria(id: string, hint: boolean, error: string | undefined) {
  const describedBy = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  } as const;
}
