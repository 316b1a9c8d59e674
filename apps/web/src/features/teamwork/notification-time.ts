/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;

/**
 * When a notification came, as people in Indonesia read it: 'baru saja', '5 menit lalu', '14:05'
 * today (WIB), else '27/11 14:05'.
 */
export function notificationTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const diff = now - at;
  if (diff >= 0 && diff < 60_000) return 'baru saja';
  if (diff >= 0 && diff < 3_600_000) return `${Math.floor(diff / 60_000)} menit lalu`;
  const wall = new Date(at + WIB_OFFSET_MS).toISOString();
  const today = new Date(now + WIB_OFFSET_MS).toISOString().slice(0, 10);
  const time = wall.slice(11, 16);
  return wall.slice(0, 10) === today ? time : `${wall.slice(8, 10)}/${wall.slice(5, 7)} ${time}`;
}
