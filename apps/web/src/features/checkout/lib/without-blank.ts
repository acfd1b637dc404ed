/** The values without company fields left blank, so a private buyer's request is the spec's. */
export function withoutBlank<T extends object>(values: T, keys: readonly (keyof T)[]): T {
  const kept = { ...values };
  for (const key of keys) {
    const value = kept[key];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) delete kept[key];
  }
  return kept;
}
