/** Date formatting with Indonesian month names (spec §9). All formats use the viewer's local time. */
export const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** DD MMMM YYYY, e.g. '05 Januari 2026'; '-' when there is no date. */
export function formatDateLong(value: DateInput | null | undefined): string {
  const d = value == null ? null : toDate(value);
  if (!d) return '-';
  return `${pad(d.getDate())} ${MONTHS_ID[d.getMonth()]} ${d.getFullYear()}`;
}

/** Asia/Jakarta (WIB) is UTC+7 all year: no daylight saving since 1964. */
const JAKARTA_OFFSET_MS = 7 * 3600_000;

/**
 * DD MMMM YYYY of the day in Asia/Jakarta, whatever the zone of the machine printing it: what the
 * server writes on invoices and in billing emails (issue 22). '-' when there is no date.
 */
export function formatDateJakarta(value: DateInput | null | undefined): string {
  const d = value == null ? null : toDate(value);
  if (!d) return '-';
  const wib = new Date(d.getTime() + JAKARTA_OFFSET_MS);
  return `${pad(wib.getUTCDate())} ${MONTHS_ID[wib.getUTCMonth()]} ${wib.getUTCFullYear()}`;
}

/** DD MMMM YYYY HH:mm, as in the chat drawer. */
export function formatDateTimeLong(value: DateInput | null | undefined): string {
  const d = value == null ? null : toDate(value);
  if (!d) return '-';
  return `${formatDateLong(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** DD/MM/YY, as in chat rows. */
export function formatDateShort(value: DateInput | null | undefined): string {
  const d = value == null ? null : toDate(value);
  if (!d) return '-';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${String(d.getFullYear()).slice(-2)}`;
}

/** HH:mm when the date is today, otherwise DD/MM/YYYY HH:mm. */
export function formatListTime(value: DateInput | null | undefined, now: Date = new Date()): string {
  const d = value == null ? null : toDate(value);
  if (!d) return '-';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const sameDay =
    d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  if (sameDay) return time;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${time}`;
}

/** Media duration in rounded seconds shown as minutes.seconds, e.g. 75 -> '1.15'. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}.${pad(total % 60)}`;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** HH:mm in local time, as under each bubble; '' for an unreadable date. */
export function formatClock(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/**
 * The time in a chat row. The spec asks for both 'DD/MM/YY' in the row and 'HH:mm today,
 * otherwise DD/MM/YYYY HH:mm' in the list; the row reads them together: HH:mm for today, DD/MM/YY
 * for other days, with the full DD/MM/YYYY HH:mm as the title.
 */
export function formatRowTime(value: DateInput, now: Date = new Date()): { text: string; title: string } {
  const d = toDate(value);
  if (!d) return { text: '', title: '' };
  const full = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${formatClock(d)}`;
  return { text: sameDay(d, now) ? formatListTime(d, now) : formatDateShort(d), title: full };
}

/** The day separator between messages: 'Hari ini', 'Kemarin', else DD MMMM YYYY. */
export function dayLabel(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  if (sameDay(d, now)) return 'Hari ini';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(d, yesterday)) return 'Kemarin';
  return formatDateLong(d);
}

/** A local calendar day, to tell when a separator is due. */
export function dayKey(value: DateInput): string {
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** When an account was last seen: 'baru saja', '5 menit lalu', '3 jam lalu', else DD/MM/YY HH:mm. */
export function formatLastSeen(value: DateInput | null, now: number = Date.now()): string {
  const at = value == null ? null : toDate(value);
  if (!at) return '-';
  const diff = now - at.getTime();
  if (diff >= 0 && diff < 60_000) return 'baru saja';
  if (diff >= 0 && diff < 3_600_000) return `${Math.floor(diff / 60_000)} menit lalu`;
  if (diff >= 0 && diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} jam lalu`;
  return `${formatDateShort(at)} ${formatClock(at)}`;
}
