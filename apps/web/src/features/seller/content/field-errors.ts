/** Finding a form's errors: the message to show under a field, and the field to focus. */
import type { FieldError, FieldErrors, FieldValues, Path } from 'react-hook-form';

/**
 * The message for a field: its own, or for a list typed as lines, the first
 * of its lines' ("Line 2: A topic is required").
 */
export function fieldError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message ?? (error as { root?: FieldError }).root?.message;
  if (typeof own === 'string' && own) return own;
  if (Array.isArray(error)) {
    const index = error.findIndex((line) => fieldError(line));
    if (index >= 0) return `Line ${index + 1}: ${fieldError(error[index])}`;
  }
  return undefined;
}

/**
 * Focuses the first field with an error: its path, or the nearest field
 * above it (a list typed as lines has its errors on its lines).
 */
export function focusFirstError<T extends FieldValues>(
  errors: FieldErrors<T>,
  setFocus: (name: Path<T>) => void,
): void {
  const segments = firstErrorPath(errors)?.split('.') ?? [];
  const before = document.activeElement;
  while (segments.length > 0 && document.activeElement === before) {
    setFocus(segments.join('.') as Path<T>);
    segments.pop();
  }
}

/** The dotted path of the first field with an error, in the form's order. */
function firstErrorPath<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  const walk = (node: unknown, path: string[]): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    if (typeof (node as FieldError).message === 'string') return path.join('.');
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'root') continue;
      const found = walk(child, [...path, key]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(errors, []);
}
