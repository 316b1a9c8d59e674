import { wibWallClock } from '../../lib/wib-time';
import { ACTION_LABELS, AUDIT_TEXT as T, TARGET_TYPE_LABELS } from './audit-strings';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'DD/MM/YYYY HH:mm' in Asia/Jakarta, whatever the browser's zone; '-' for an unreadable time. */
export function formatAuditTime(value: string | null | undefined): string {
  const d = wibWallClock(value);
  if (!d) return T.none;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An action in the operator's words ('transaction.confirm' -> 'Konfirmasi transfer'), else as written. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** A target type in the operator's words ('user' -> 'Pengguna'), else as written. */
export function targetTypeLabel(type: string): string {
  return TARGET_TYPE_LABELS[type] ?? type;
}

/** One changed field: its name ('' when the whole value is not an object) and both sides. */
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with object keys sorted, so that two equal values compare equal whatever their key order. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (isRecord(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

const same = (a: unknown, b: unknown) => stable(a ?? null) === stable(b ?? null);

/**
 * What an entry changed, key by key: the fields whose values differ between `before` and `after`
 * (a created target has no before, a deleted one no after). Values that are not objects compare
 * whole, as one row without a key.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const objects = (before == null || isRecord(before)) && (after == null || isRecord(after));
  if (objects && (isRecord(before) || isRecord(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
    return keys.filter((k) => !same(b[k], a[k])).map((k) => ({ key: k, before: b[k], after: a[k] }));
  }
  return same(before, after) ? [] : [{ key: '', before, after }];
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value as the diff shows it: '-' for none, 'Ya'/'Tidak', times in WIB, text as it is; objects
 * and lists as pretty JSON (`block`).
 */
export function formatAuditValue(value: unknown): { text: string; block: boolean } {
  if (value === null || value === undefined || value === '') return { text: T.none, block: false };
  if (typeof value === 'boolean') return { text: value ? T.yes : T.no, block: false };
  if (typeof value === 'string') {
    return { text: ISO_TIME.test(value) ? `${formatAuditTime(value)} WIB` : value, block: false };
  }
  if (typeof value === 'object') return { text: JSON.stringify(value, null, 2), block: true };
  return { text: String(value), block: false };
}
