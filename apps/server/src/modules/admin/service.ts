import { and, eq, ne } from 'drizzle-orm';
import { t, type AdminProfile, type UpdateAdminBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { admins } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { revokeAllSessions, type AuthContext } from '../auth/sessions';
import { recordAudit } from './audit';

type AdminRow = typeof admins.$inferSelect;
const toProfile = (a: AdminRow): AdminProfile => ({ _id: a.id, name: a.name, username: a.username });

async function loadAdmin(ctx: AppContext, auth: AuthContext): Promise<AdminRow> {
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.id, auth.subjectId)).limit(1);
  if (!admin) throw new AppError('UNAUTHORIZED');
  return admin;
}

export async function getAdmin(ctx: AppContext, auth: AuthContext): Promise<AdminProfile> {
  return toProfile(await loadAdmin(ctx, auth));
}

/** PATCH /admin {name, username, password}; a new password needs the current one and ends other sessions. */
export async function updateAdmin(
  ctx: AppContext,
  auth: AuthContext,
  body: UpdateAdminBody,
): Promise<AdminProfile> {
  const admin = await loadAdmin(ctx, auth);
  const changes: Partial<AdminRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.username !== undefined && body.username !== admin.username) {
    const [taken] = await ctx.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.username, body.username), ne(admins.id, admin.id)))
      .limit(1);
    if (taken) throw new AppError('CONFLICT', t('auth.usernameTaken'), { username: t('auth.usernameTaken') });
    changes.username = body.username;
  }
  if (body.password !== undefined) {
    if (!(await verifyPassword(admin.passwordHash, body.currentPassword ?? ''))) {
      throw new AppError('VALIDATION', t('auth.wrongPassword'), { currentPassword: t('auth.wrongPassword') });
    }
    changes.passwordHash = await hashPassword(body.password);
  }
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length) await tx.update(admins).set(changes).where(eq(admins.id, admin.id));
    // the password only as 'changed' (recordAudit hides its value)
    await recordAudit(
      ctx,
      auth,
      {
        action: 'admin.update',
        targetType: 'admin',
        targetId: admin.id,
        before: { name: admin.name, username: admin.username },
        after: {
          name: changes.name ?? admin.name,
          username: changes.username ?? admin.username,
          ...(changes.passwordHash ? { password: true } : {}),
        },
      },
      tx,
    );
  });
  if (changes.passwordHash) await revokeAllSessions(ctx, 'admin', admin.id, auth.sessionId);
  return getAdmin(ctx, auth);
}
