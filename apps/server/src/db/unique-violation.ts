/** True for a Postgres unique violation (node-postgres and PGlite alike, wrapped or not). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return (
        !constraint ||
        candidate.constraint === constraint ||
        (candidate.message ?? '').includes(constraint)
      );
    }
  }
  return false;
}
