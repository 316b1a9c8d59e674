import { and, eq, isNull } from 'drizzle-orm';
import { FIELD_LABELS, t, type UpdateUserBody, type UserProfile } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { findTaken } from '../auth/identity';
import { isUniqueViolation } from '../../db/sql';
import { conflictFor } from '../auth/service';
import { revokeAllSessions, type AuthContext } from '../auth/sessions';
import { verificationMail } from '../mail/templates';
import { loadAccount, toUserProfile } from './profile';
import { assertResendAllowed, consumeCode, issueCode } from './verification';
import { billingSettingsOf } from '../billing/settings';

export async function getProfile(ctx: AppContext, auth: AuthContext): Promise<UserProfile> {
  const { user, agent } = await loadAccount(ctx, auth);
  return toUserProfile(user, agent);
}

/**
 * PATCH /user: an owner edits their profile or password; an agent edits their own record except the
 * email, which their owner sets (and verifies) through the agent routes. A new password, and an
 * owner's new email, need the current password; a new email needs verifying again; a new password
 * ends every other session. A taken email or phone is named to a verified owner (and to an agent,
 * verified to sign in at all); an unverified owner gets one answer that names no account.
 */
export async function updateProfile(
  ctx: AppContext,
  auth: AuthContext,
  body: UpdateUserBody,
): Promise<UserProfile> {
  const { user, agent } = await loadAccount(ctx, auth);
  const self = agent ?? user;
  const now = ctx.clock.now();
  const changes: { name?: string; email?: string; phone?: string; passwordHash?: string; updatedAt: Date } = {
    updatedAt: now,
  };
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined && body.email !== self.email) {
    if (agent) {
      const refused = t('auth.agentEmailOwnerOnly');
      throw new AppError('VALIDATION', refused, { email: refused });
    }
    changes.email = body.email;
  }
  if (body.phone !== undefined && body.phone !== self.phone) changes.phone = body.phone;
  if (body.password !== undefined || changes.email !== undefined) {
    if (!body.currentPassword) {
      const required = t('validation.required');
      throw new AppError('VALIDATION', `${FIELD_LABELS.currentPassword}: ${required}`, {
        currentPassword: required,
      });
    }
    if (!(await verifyPassword(self.passwordHash, body.currentPassword))) {
      throw new AppError('VALIDATION', t('auth.wrongPassword'), { currentPassword: t('auth.wrongPassword') });
    }
  }
  if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
  const conflict = async () => {
    const taken = await findTaken(
      ctx.db,
      { email: changes.email, phone: changes.phone },
      { kind: agent ? 'agent' : 'user', id: self.id },
    );
    if (!taken.email && !taken.phone) return null;
    if (agent || user.isVerified) return conflictFor(taken);
    const unavailable = t('auth.identityUnavailable');
    const fields: Record<string, string> = {};
    if (changes.email !== undefined) fields.email = unavailable;
    if (changes.phone !== undefined) fields.phone = unavailable;
    return new AppError('CONFLICT', unavailable, fields);
  };
  const refused = await conflict();
  if (refused) throw refused;

  const emailChanged = changes.email !== undefined;
  let code: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      if (agent) {
        await tx.update(agents).set(changes).where(eq(agents.id, agent.id));
      } else {
        await tx
          .update(users)
          .set(emailChanged ? { ...changes, isVerified: false } : changes)
          .where(eq(users.id, user.id));
        if (emailChanged) code = await issueCode(tx, ctx, 'user', user.id);
      }
    });
  } catch (error) {
    // taken by someone else between the check and the write
    if (isUniqueViolation(error)) throw (await conflict()) ?? new AppError('CONFLICT');
    throw error;
  }
  if (changes.passwordHash) await revokeAllSessions(ctx, auth.kind, auth.subjectId, auth.sessionId);
  if (code && changes.email) {
    await ctx.mailer
      .send(verificationMail(changes.email, changes.name ?? user.name, code))
      .catch((err: unknown) => {
        ctx.log.error({ err }, 'verification mail could not be sent');
      });
  }
  return getProfile(ctx, auth);
}

export async function verifyUser(ctx: AppContext, auth: AuthContext, code: string): Promise<UserProfile> {
  const { user, agent } = await loadAccount(ctx, auth);
  if (agent) throw new AppError('OWNER_ONLY');
  if (user.isVerified) throw new AppError('VALIDATION', t('auth.alreadyVerified'));
  await consumeCode(ctx, 'user', user.id, code, async (tx) => {
    await tx.update(users).set({ isVerified: true, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
  });
  return getProfile(ctx, auth);
}

export async function resendVerification(ctx: AppContext, auth: AuthContext): Promise<string> {
  const { user, agent } = await loadAccount(ctx, auth);
  if (agent) throw new AppError('OWNER_ONLY');
  if (user.isVerified) throw new AppError('VALIDATION', t('auth.alreadyVerified'));
  await assertResendAllowed(ctx, 'user', user.id);
  const code = await issueCode(ctx.db, ctx, 'user', user.id);
  await ctx.mailer.send(verificationMail(user.email, user.name, code));
  return t('auth.verifySent', { email: user.email });
}

/**
 * The operator's free days (billing settings, 7 by default), once per owner, counted from now or
 * from the end of a running subscription.
 */
export async function activateTrial(ctx: AppContext, auth: AuthContext): Promise<UserProfile> {
  const { user } = await loadAccount(ctx, auth);
  if (!user.isVerified) throw new AppError('NEED_VERIFICATION');
  if (user.trialActivatedAt) throw new AppError('VALIDATION', t('auth.trialUsed'));
  const now = ctx.clock.now();
  const from =
    user.subscriptionExpiresAt && user.subscriptionExpiresAt > now ? user.subscriptionExpiresAt : now;
  const { trialDays } = await billingSettingsOf(ctx);
  const expiresAt = new Date(from.getTime() + trialDays * 24 * 60 * 60 * 1000);
  const updated = await ctx.db
    .update(users)
    .set({ trialActivatedAt: now, subscriptionExpiresAt: expiresAt, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.trialActivatedAt)))
    .returning({ id: users.id });
  if (!updated.length) throw new AppError('VALIDATION', t('auth.trialUsed'));
  return getProfile(ctx, auth);
}
