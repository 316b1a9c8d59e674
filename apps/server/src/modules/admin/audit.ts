import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { admins, auditLog } from '../../db/schema';
import type { AuthContext } from '../auth/sessions';

/** Keys whose values never reach the audit log (passwords, their hashes, keys, tokens). */
const SECRET_KEYS = /password|hash|secret|serverkey|token|apikey|^key$/i;

/** A copy of `value` with every secret replaced by '[disembunyikan]', for the audit log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, v]) => [
        key,
        SECRET_KEYS.test(key) ? (v ? '[disembunyikan]' : v) : redact(v),
      ]),
    );
  }
  return value;
}

export interface AuditInput {
  /** what was done, 'area.verb': 'transaction.confirm', 'user.disable', 'settings.billing' */
  action: string;
  /** what it was done to: 'transaction', 'user', 'withdrawal', 'settings', 'article', 'admin' */
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one operator's write (issue 23): who (the admin session's operator), when, what, and the
 * target before and after, secrets redacted. Pass the write's transaction so the row commits with it.
 */
export async function recordAudit(
  ctx: AppContext,
  auth: Pick<AuthContext, 'kind' | 'subjectId'>,
  input: AuditInput,
  db: Db | Tx = ctx.db,
): Promise<void> {
  if (auth.kind !== 'admin') throw new Error('recordAudit: not an admin session');
  const [admin] = await db
    .select({ name: admins.name })
    .from(admins)
    .where(eq(admins.id, auth.subjectId))
    .limit(1);
  await db.insert(auditLog).values({
    adminId: auth.subjectId,
    adminName: admin?.name ?? '',
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    before: input.before === undefined ? null : redact(input.before),
    after: input.after === undefined ? null : redact(input.after),
    createdAt: ctx.clock.now(),
  });
}

/** GET /admin/audit: newest first, by operator and target. */
export async function listAudit(
  ctx: AppContext,
  query: AuditListQuery,
): Promise<{ docs: AuditEntry[]; hasNextPage: boolean }> {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        query.adminId ? eq(auditLog.adminId, query.adminId) : undefined,
        query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
        query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((r) => ({
      _id: r.id,
      adminId: r.adminId,
      adminName: r.adminName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    hasNextPage: rows.length > query.limit,
  };
}
