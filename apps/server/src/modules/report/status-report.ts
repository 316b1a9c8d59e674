import { and, asc, eq, gte, lt } from 'drizzle-orm';
import {
  reportMonth,
  type ReportPeriodQuery,
  type ReportStatusRow,
  type StatusPeriodReport,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, statusPosts, statusRuns } from '../../db/schema';
import type { Actor } from '../auth/actor';

/**
 * GET /report/status?year&month: each time one of the tenant's status posts was due in that
 * Asia/Jakarta month (one row per run, oldest first, through status_runs_owner_due_idx) with its
 * post and number, and their totals.
 */
export async function statusPeriodReport(
  ctx: AppContext,
  actor: Actor,
  query: ReportPeriodQuery,
): Promise<StatusPeriodReport> {
  const { from, to } = reportMonth(query.year, query.month);
  const rows = await ctx.db
    .select({
      id: statusRuns.id,
      postId: statusRuns.postId,
      dueAt: statusRuns.dueAt,
      at: statusRuns.at,
      state: statusRuns.state,
      viewers: statusRuns.viewers,
      reason: statusRuns.reason,
      type: statusPosts.type,
      text: statusPosts.text,
      accountId: statusPosts.accountId,
      accountLabel: accounts.labelName,
    })
    .from(statusRuns)
    .innerJoin(statusPosts, eq(statusPosts.id, statusRuns.postId))
    .leftJoin(accounts, eq(accounts.id, statusPosts.accountId))
    .where(
      and(
        eq(statusRuns.ownerId, actor.ownerId),
        eq(statusPosts.ownerId, actor.ownerId),
        gte(statusRuns.dueAt, from),
        lt(statusRuns.dueAt, to),
      ),
    )
    .orderBy(asc(statusRuns.dueAt), asc(statusRuns.id));
  const runs: ReportStatusRow[] = rows.map((r) => ({
    _id: r.id,
    postId: r.postId,
    type: r.type as ReportStatusRow['type'],
    text: r.text,
    accountId: r.accountId,
    // a number removed since keeps its place in the report as '-'
    accountLabel: r.accountLabel ?? '-',
    at: (r.at ?? r.dueAt).toISOString(),
    audience: r.state === 'failed' ? 0 : r.viewers,
    state: r.state as ReportStatusRow['state'],
    reason: r.reason,
  }));
  return {
    year: query.year,
    month: query.month,
    totals: {
      posts: runs.length,
      sent: runs.filter((r) => r.state === 'sent').length,
      failed: runs.filter((r) => r.state === 'failed').length,
      audience: runs.reduce((sum, r) => sum + r.audience, 0),
    },
    runs,
  };
}
