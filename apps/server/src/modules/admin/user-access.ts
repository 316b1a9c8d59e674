import { eq } from 'drizzle-orm';
import type { AdminUser } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { forgetApiTokens } from '../account/service';
import { revokeTenantSessions, type AuthContext } from '../auth/sessions';
import { recordAudit } from './audit';
import { USER_NOT_FOUND, getAdminUser } from './users';

/** What the audit log keeps of an owner's access. */
const accessColumns = {
  disabledAt: users.disabledAt,
  disabledReason: users.disabledReason,
  isBetaUser: users.isBetaUser,
};

/**
 * Changes an owner's access in one transaction with its audit row: the owner's row locked, `change`
 * applied, before and after recorded. Returns what `change` returned.
 */
async function changeAccess<T>(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  action: string,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(accessColumns)
      .from(users)
      .where(eq(users.id, id))
      .for('update')
      .limit(1);
    if (!before) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    const result = await change(tx);
    const [after] = await tx.select(accessColumns).from(users).where(eq(users.id, id));
    await recordAudit(ctx, auth, { action, targetType: 'user', targetId: id, before, after }, tx);
    return result;
  });
}

/**
 * POST /admin/user/{id}/disable (issue 23): the owner and every agent of theirs are signed out at once
 * (sessions revoked, sockets closed in every process) and cannot sign in again until enabled. Nothing
 * of theirs is deleted.
 */
export async function disableUser(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  reason: string,
): Promise<AdminUser> {
  const announce = await changeAccess(ctx, auth, id, 'user.disable', async (tx) => {
    const now = ctx.clock.now();
    await tx
      .update(users)
      .set({ disabledAt: now, disabledReason: reason, updatedAt: now })
      .where(eq(users.id, id));
    return revokeTenantSessions(ctx, id, tx);
  });
  announce();
  // the numbers' API tokens, here at once (every process on the announcement's 'revoke')
  forgetApiTokens(ctx, { ownerId: id });
  return getAdminUser(ctx, id);
}

/** POST /admin/user/{id}/enable: the owner and their agents may sign in again. */
export async function enableUser(ctx: AppContext, auth: AuthContext, id: string): Promise<AdminUser> {
  await changeAccess(ctx, auth, id, 'user.enable', async (tx) => {
    await tx
      .update(users)
      .set({ disabledAt: null, disabledReason: null, updatedAt: ctx.clock.now() })
      .where(eq(users.id, id));
  });
  return getAdminUser(ctx, id);
}

/** PUT /admin/user/{id}/beta: opens (or closes) the beta pages of spec §5 for the owner. */
export async function setBetaFlag(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  isBetaUser: boolean,
): Promise<AdminUser> {
  await changeAccess(ctx, auth, id, 'user.beta', async (tx) => {
    await tx.update(users).set({ isBetaUser, updatedAt: ctx.clock.now() }).where(eq(users.id, id));
  });
  return getAdminUser(ctx, id);
}
