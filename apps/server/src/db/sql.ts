/** The text searched for as itself inside a LIKE pattern (the default escape is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A unique index refused the write (PostgreSQL 23505), as thrown by pg, PGlite or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
