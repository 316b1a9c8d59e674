import type { StatusRepeat } from '@sapa/contracts';

/**
 * Asia/Jakarta (WIB) is UTC+7 all year: Indonesia keeps no daylight saving time, so a fixed offset is
 * exact and no time-zone database is needed. A recurring post's HH:mm and weekday are WIB wall-clock
 * times, as the shop owner reads them.
 */
const WIB_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** A recurring post's rule: its HH:mm (WIB) and, for a weekly one, the weekday (0 = Minggu). */
export interface Recurrence {
  repeat: Exclude<StatusRepeat, 'none'>;
  time: string;
  weekday: number | null;
}

/**
 * The first time strictly after `after` that a recurring post is due: the next HH:mm in WIB, on the
 * right weekday for a weekly post (a post whose time today has passed goes tomorrow, or next week).
 */
export function nextOccurrence(rule: Recurrence, after: Date): Date {
  const [hours, minutes] = rule.time.split(':').map(Number) as [number, number];
  // WIB wall-clock time as if it were UTC: its UTC fields are the Jakarta calendar's
  const wall = after.getTime() + WIB_OFFSET_MS;
  const midnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  let candidate = midnight + (hours * 60 + minutes) * 60_000;
  if (rule.repeat === 'weekly' && rule.weekday !== null) {
    const today = new Date(midnight).getUTCDay();
    candidate += ((rule.weekday - today + 7) % 7) * DAY_MS;
  }
  const step = rule.repeat === 'weekly' ? 7 * DAY_MS : DAY_MS;
  while (candidate <= wall) candidate += step;
  return new Date(candidate - WIB_OFFSET_MS);
}

/** The instant a WIB calendar day ('2026-03-02') begins. */
export function wibDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);
}

/** The instant the WIB day after `day` begins (the exclusive end of a range ending on `day`). */
export function wibDayEnd(day: string): Date {
  return new Date(wibDayStart(day).getTime() + DAY_MS);
}

/** The WIB year as [start, end). */
export function wibYear(year: number): [Date, Date] {
  return [wibDayStart(`${year}-01-01`), wibDayStart(`${year + 1}-01-01`)];
}
