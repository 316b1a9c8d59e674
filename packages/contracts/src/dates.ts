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
