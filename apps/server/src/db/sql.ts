import { sql, type SQL } from 'drizzle-orm';

/** The text searched for as itself inside a LIKE pattern (the default escape is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A unique index refused the write (PostgreSQL 23505), as thrown by pg, PGlite or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * A list as one text[] parameter: drizzle spreads an array written into `sql` as a list of
 * parameters (`($1, $2)`, and `()` when empty); `= any(...)` and `unnest(...)` need one array.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}
