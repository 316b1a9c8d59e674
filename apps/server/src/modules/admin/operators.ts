import { asc, eq, isNull } from 'drizzle-orm';
import { t, type CreateOperatorBody, type Operator } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { admins } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { revokeAllSessions, type AuthContext } from '../auth/sessions';
import { recordAudit } from './audit';

/** The operators page's refusals. */
export const OPERATOR_MESSAGES = {
  notFound: 'Admin tidak ditemukan',
  disableSelf: 'Anda tidak dapat menonaktifkan akun Anda sendiri',
  lastEnabled: 'Admin ini adalah satu-satunya admin aktif dan tidak dapat dinonaktifkan',
} as const;

type AdminRow = typeof admins.$inferSelect;

const toOperator = (row: AdminRow): Operator => ({
  _id: row.id,
  name: row.name,
  username: row.username,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of an operator (never the password hash). */
const auditState = (row: AdminRow) => ({
  name: row.name,
  username: row.username,
  disabledAt: row.disabledAt,
});

/** GET /admin/operator: every operator, oldest first. */
export async function listOperators(ctx: AppContext): Promise<{ docs: Operator[] }> {
  const rows = await ctx.db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.id));
  return { docs: rows.map(toOperator) };
}

/** POST /admin/operator: another operator, who signs in at /login/admin; a taken username is a 409. */
export async function createOperator(
  ctx: AppContext,
  auth: AuthContext,
  body: CreateOperatorBody,
): Promise<Operator> {
  const taken = () =>
    new AppError('CONFLICT', t('auth.usernameTaken'), { username: t('auth.usernameTaken') });
  const [exists] = await ctx.db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, body.username))
    .limit(1);
  if (exists) throw taken();
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(admins)
        .values({ name: body.name, username: body.username, passwordHash })
        .returning();
      await recordAudit(
        ctx,
        auth,
        {
          action: 'operator.create',
          targetType: 'admin',
          targetId: created!.id,
          before: null,
          after: auditState(created!),
        },
        tx,
      );
      return created!;
    });
    return toOperator(row);
  } catch (error) {
    // two operators made with one username at once: the unique index decides
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * POST /admin/operator/{id}/disable: the operator is signed out and cannot sign in. Nobody disables
 * themself, and the last enabled operator stays: the enabled rows are locked while counting, so two
 * operators disabling each other at once leave one of them.
 */
export async function disableOperator(ctx: AppContext, auth: AuthContext, id: string): Promise<Operator> {
  if (id === auth.subjectId) throw new AppError('CONFLICT', OPERATOR_MESSAGES.disableSelf);
  const row = await ctx.db.transaction(async (tx) => {
    const enabled = await tx.select().from(admins).where(isNull(admins.disabledAt)).for('update');
    const target =
      enabled.find((a) => a.id === id) ??
      (await tx.select().from(admins).where(eq(admins.id, id)).limit(1))[0];
    if (!target) throw new AppError('NOT_FOUND', OPERATOR_MESSAGES.notFound);
    if (!target.disabledAt && enabled.length <= 1)
      throw new AppError('CONFLICT', OPERATOR_MESSAGES.lastEnabled);
    const [updated] = await tx
      .update(admins)
      .set({ disabledAt: target.disabledAt ?? ctx.clock.now() })
      .where(eq(admins.id, id))
      .returning();
    await recordAudit(
      ctx,
      auth,
      {
        action: 'operator.disable',
        targetType: 'admin',
        targetId: id,
        before: auditState(target),
        after: auditState(updated!),
      },
      tx,
    );
    return updated!;
  });
  await revokeAllSessions(ctx, 'admin', id);
  return toOperator(row);
}

/** POST /admin/operator/{id}/enable: the operator may sign in again. */
export async function enableOperator(ctx: AppContext, auth: AuthContext, id: string): Promise<Operator> {
  const row = await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update').limit(1);
    if (!target) throw new AppError('NOT_FOUND', OPERATOR_MESSAGES.notFound);
    const [updated] = await tx.update(admins).set({ disabledAt: null }).where(eq(admins.id, id)).returning();
    await recordAudit(
      ctx,
      auth,
      {
        action: 'operator.enable',
        targetType: 'admin',
        targetId: id,
        before: auditState(target),
        after: auditState(updated!),
      },
      tx,
    );
    return updated!;
  });
  return toOperator(row);
}
