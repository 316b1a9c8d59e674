import { formatDateJakarta, type AdminUserState } from '@sapa/contracts';
import { wibWallClock } from '../../lib/wib-time';

/** The badge colour of each owner state: subscribed green, trial blue, ended orange, disabled red. */
export const USER_STATE_COLORS: Record<AdminUserState, string> = {
  active: 'green',
  trial: 'blue',
  expired: 'orange',
  none: 'gray',
  disabled: 'red',
};

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** An instant as the date and time fields of a WIB form: { date: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function wibFields(value: string | number | Date): { date: string; time: string } {
  const wall = wibWallClock(value);
  if (!wall) return { date: '', time: '' };
  return {
    date: `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`,
    time: `${pad(wall.getHours())}:${pad(wall.getMinutes())}`,
  };
}

/**
 * The date and time fields read in WIB as an ISO time with its offset: ('2026-04-01', '09:30') ->
 * '2026-04-01T09:30:00+07:00'; '' when either is missing or malformed.
 */
export function wibIso(date: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const iso = `${date}T${time}:00+07:00`;
  return Number.isNaN(new Date(iso).getTime()) ? '' : iso;
}

/**
 * 'Perpanjang 30 hari': 30 days after the current end while it is still ahead, else 30 days from
 * now, as WIB form fields.
 */
export function extendedFields(
  expiresAt: string | null,
  days: number,
  now: number = Date.now(),
): { date: string; time: string } {
  const end = expiresAt ? new Date(expiresAt).getTime() : NaN;
  const from = Number.isNaN(end) || end < now ? now : end;
  return wibFields(from + days * DAY_MS);
}

/** 'DD MMMM YYYY HH:mm WIB' in Asia/Jakarta; '-' for no date. */
export function formatDateTimeWib(value: string | null | undefined): string {
  const wall = wibWallClock(value);
  if (!wall) return '-';
  return `${formatDateJakarta(value)} ${pad(wall.getHours())}:${pad(wall.getMinutes())} WIB`;
}
