import { formatListTime } from '@sapa/contracts';

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;

/**
 * A date whose local fields read the Asia/Jakarta wall clock of `value`, for the contracts' date
 * formatters (they read local fields); null for no date or an unreadable one.
 */
export function wibWallClock(value: string | number | Date | null | undefined): Date | null {
  if (value == null) return null;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  return new Date(new Date(at + WIB_OFFSET_MS).toISOString().slice(0, 19));
}

/** HH:mm for today, otherwise DD/MM/YYYY HH:mm, both in Asia/Jakarta; '-' for no date. */
export function formatWibTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  return formatListTime(wibWallClock(value), wibWallClock(now) ?? now);
}
