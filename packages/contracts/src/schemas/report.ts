import { z } from 'zod';
import { PUBLICATION_STATES, RECIPIENT_STATES, broadcastCounts } from './publication';

/**
 * Reports (issue 24): what broadcasts and statuses achieved, per month and per broadcast. Every figure
 * comes from counters and per-day aggregates kept in the transactions that change recipients, never
 * from scanning a period's recipient rows; they agree exactly with the publication pages.
 */

/** A report's period: a calendar month of a year in Asia/Jakarta (2024 onwards). */
export const reportPeriodQuery = z.object({
  year: z.coerce.number().int().min(2024).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

/** The figures of a set of broadcasts (one, or a period's); `counts` as the publication pages show them. */
export const reportFigures = z.object({
  counts: broadcastCounts,
  /** whole percents of the sent (delivered, read, replied) or of the total (failed, optedOut), rounded down */
  rates: z.object({
    delivered: z.number().int(),
    read: z.number().int(),
    replied: z.number().int(),
    failed: z.number().int(),
    optedOut: z.number().int(),
  }),
  /** failed recipients by reason, most first */
  failureReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** One day of a chart, 'YYYY-MM-DD' in Asia/Jakarta: what happened that day (by the event's time). */
export const reportDay = z.object({
  day: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDay>;

/** One broadcast's line in a period's table. */
export const reportBroadcastRow = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.enum(PUBLICATION_STATES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  counts: broadcastCounts,
});
export type ReportBroadcastRow = z.infer<typeof reportBroadcastRow>;

/** GET /report/broadcast?year&month: the period's totals, its days, and its broadcasts. */
export const broadcastPeriodReport = reportFigures.extend({
  year: z.number().int(),
  month: z.number().int(),
  /** every day of the month, oldest first */
  days: z.array(reportDay),
  broadcasts: z.array(reportBroadcastRow),
});
export type BroadcastPeriodReport = z.infer<typeof broadcastPeriodReport>;

/** GET /report/broadcast/{id}: one broadcast's figures and its days from the first send. */
export const broadcastReport = reportFigures.extend({
  broadcast: reportBroadcastRow,
  days: z.array(reportDay),
});
export type BroadcastReport = z.infer<typeof broadcastReport>;

/** GET /report/broadcast/{id}/recipient: the per-recipient table, by state, paged. */
export const reportRecipientQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  state: z.enum(RECIPIENT_STATES).optional(),
});
export type ReportRecipientQuery = z.infer<typeof reportRecipientQuery>;

/** A status post in a period's report. */
export const reportStatusRow = z.object({
  /** the run's id (a recurring post has one row per time it went out) */
  _id: z.string(),
  /** the post's id, for its page under Publikasi > Status */
  postId: z.string(),
  type: z.enum(['text', 'image', 'video']),
  text: z.string(),
  accountId: z.string(),
  accountLabel: z.string(),
  /** when it was (or is due to be) posted */
  at: z.string(),
  /** the contacts it went to (0 when it failed) */
  audience: z.number().int(),
  state: z.enum(['pending', 'sent', 'failed']),
  reason: z.string().nullable(),
});
export type ReportStatusRow = z.infer<typeof reportStatusRow>;

/** GET /report/status?year&month: the period's status posts (one row per run) and their totals. */
export const statusPeriodReport = z.object({
  year: z.number().int(),
  month: z.number().int(),
  totals: z.object({
    posts: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    audience: z.number().int(),
  }),
  runs: z.array(reportStatusRow),
});
export type StatusPeriodReport = z.infer<typeof statusPeriodReport>;

/** The texts of the report endpoints. */
export const REPORT_MESSAGES = {
  agentDenied: 'Agen tidak memiliki izin untuk membuka laporan',
} as const;

/** Who opens a report: the owner (agentId null), or one of their agents with the owner's permission. */
export interface ReportActor {
  agentId: string | null;
  canViewReports: boolean;
}

/** Issue 24 part 5: the owner always; an agent only when the owner allowed it on the agent page. */
export function canViewReports(actor: ReportActor): boolean {
  return actor.agentId === null || actor.canViewReports;
}

/** Asia/Jakarta (WIB) is UTC+7 all year. */
const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** The Asia/Jakarta day of a moment, 'YYYY-MM-DD': the day a report counts an event on. */
export function jakartaDay(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A report period's bounds (from inclusive, to exclusive) and its days, oldest first. */
export function reportMonth(year: number, month: number): { from: Date; to: Date; days: string[] } {
  const from = new Date(Date.UTC(year, month - 1, 1) - JAKARTA_OFFSET_MS);
  const to = new Date(Date.UTC(year, month, 1) - JAKARTA_OFFSET_MS);
  const count = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1, i + 1)).toISOString().slice(0, 10),
  );
  return { from, to, days };
}

/** Years a report may be asked for (spec §9: 2024, 2025, and every later year up to the current one). */
export function reportYears(now: Date): number[] {
  const current = new Date(now.getTime() + 7 * 3600_000).getUTCFullYear();
  const years: number[] = [];
  for (let y = 2024; y <= Math.max(2025, current); y++) years.push(y);
  return years;
}
