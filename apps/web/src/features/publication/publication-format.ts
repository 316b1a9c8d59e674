import {
  formatDateTimeLong,
  LIMITS,
  type BroadcastCounts,
  type PublicationState,
  type StatusPost,
} from '@sapa/contracts';

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;

/** Minggu (0) .. Sabtu (6), as the API numbers weekdays. */
export const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

/** spec §9: 2024, 2025 and every later year up to the current one. */
export function yearOptions(now: Date = new Date()): number[] {
  const years: number[] = [...LIMITS.yearOptions];
  for (let y = years.at(-1)! + 1; y <= now.getFullYear(); y++) years.push(y);
  return years;
}

/** A time as people in Indonesia read it, in Asia/Jakarta: '05 Januari 2026 07:00 WIB'; '-' for none. */
export function formatWib(iso: string | null | undefined): string {
  if (!iso) return '-';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  // a date whose local fields read the Jakarta wall clock, for the contracts' formatter
  const wall = new Date(new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19));
  return `${formatDateTimeLong(wall)} WIB`;
}

/** A date-time input's 'YYYY-MM-DDTHH:mm' read in Asia/Jakarta, as the API's ISO time; null when empty. */
export function wibInputToIso(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+07:00` : null;
}

/** An ISO time as a date-time input's value in Asia/Jakarta. */
export function isoToWibInput(iso: string): string {
  return new Date(new Date(iso).getTime() + WIB_OFFSET_MS).toISOString().slice(0, 16);
}

/** How long sending takes, in plain words: 'sekitar 2 jam 15 menit', 'kurang dari 1 menit'. */
export function formatEstimate(seconds: number): string {
  if (seconds < 60) return 'kurang dari 1 menit';
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} hari`);
  if (hours) parts.push(`${hours} jam`);
  // days and minutes together say more than anyone needs
  if (mins && !days) parts.push(`${mins} menit`);
  return `sekitar ${parts.join(' ')}`;
}

/** How far a broadcast is: the recipients no longer waiting, 0..100. */
export function progressOf(counts: BroadcastCounts): number {
  if (!counts.total) return 0;
  return Math.round(((counts.total - counts.pending) / counts.total) * 100);
}

/** '1.250' (Indonesian thousands). */
export function formatCount(n: number): string {
  return n.toLocaleString('id-ID');
}

/** A status post's schedule: 'Sekali', 'Setiap hari 07:00', 'Setiap Senin 07:00'. */
export function scheduleLabel(post: Pick<StatusPost, 'repeat' | 'time' | 'weekday'>): string {
  if (post.repeat === 'daily') return `Setiap hari ${post.time ?? ''}`.trim();
  if (post.repeat === 'weekly')
    return `Setiap ${WEEKDAYS[post.weekday ?? 0] ?? ''} ${post.time ?? ''}`.replace(/\s+/g, ' ').trim();
  return 'Sekali';
}

/** The badge tint of each state (its text stays dark for AA contrast). */
export const STATE_COLORS: Record<PublicationState, string> = {
  running: 'blue',
  finish: 'teal',
  paused: 'orange',
  scheduled: 'gray',
};
