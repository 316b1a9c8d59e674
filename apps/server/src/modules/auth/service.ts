import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  t,
  type AdminLoginBody,
  type AdminLoginResponse,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type ResetPasswordBody,
  type ResetRequestBody,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { admins, agents, passwordResets, users } from '../../db/schema';
import { randomToken, referralCode, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import { createSandboxAccount } from '../account/service';
import { toUserProfile } from '../user/profile';
import { issueCode } from '../user/verification';
import { findTaken, parseIdentifier } from './identity';
import { createSession, revokeAllSessions } from './sessions';

const FIVE_MINUTES = 5 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** Sends mail after the fact; a failing mail server never undoes a registration (the user can resend). */
async function sendQuietly(ctx: AppContext, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    ctx.log.error({ err: error }, 'mail could not be sent');
  }
}

export function conflictFor(taken: { email: boolean; phone: boolean }): AppError | null {
  if (!taken.email && !taken.phone) return null;
  const fields: Record<string, string> = {};
  if (taken.email) fields.email = t('auth.emailTaken');
  if (taken.phone) fields.phone = t('auth.phoneTaken');
  return new AppError('CONFLICT', taken.email ? t('auth.emailTaken') : t('auth.phoneTaken'), fields);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Creates an unverified owner, emails the verification code and signs them in. */
export async function register(
  ctx: AppContext,
  body: RegisterBody,
  client: ClientInfo,
): Promise<LoginResponse> {
  const limitKey = `register:${client.ip}`;
  await ctx.limiter.check(limitKey, { max: ctx.config.limits.registerPerHour, windowMs: 60 * 60 * 1000 });
  const conflict = conflictFor(await findTaken(ctx.db, body));
  if (conflict) throw conflict;

  let referredById: string | null = null;
  if (body.referralCode) {
    const [referrer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, body.referralCode.toUpperCase()))
      .limit(1);
    referredById = referrer?.id ?? null; // an unknown code never blocks a registration
  }
  const passwordHash = await hashPassword(body.password);
  let created: { user: typeof users.$inferSelect; code: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: body.name,
          email: body.email,
          phone: body.phone,
          passwordHash,
          referralCode: referralCode(),
          referredById,
          createdAt: ctx.clock.now(),
          updatedAt: ctx.clock.now(),
        })
        .returning();
      if (!user) throw new AppError('INTERNAL');
      if (ctx.config.sandbox) await createSandboxAccount(tx, user.id, user.name);
      const code = await issueCode(tx, ctx, 'user', user.id);
      return { user, code };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflictFor(await findTaken(ctx.db, body)) ?? new AppError('CONFLICT');
    throw error;
  }
  await ctx.limiter.hit(limitKey);
  await sendQuietly(ctx, () =>
    ctx.mailer.send(verificationMail(created.user.email, created.user.name, created.code)),
  );
  const token = await createSession(ctx, {
    kind: 'user',
    subjectId: created.user.id,
    ownerId: created.user.id,
    ...client,
  });
  return { token, user: toUserProfile(created.user, null) };
}

/** Owners and agents sign in with email or phone; five failures in five minutes lock the pair (account, IP). */
export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
  const id = parseIdentifier(body.identifier);
  const limitKey = `login:${id.email ?? id.phone}:${client.ip}`;
  const rule = { max: ctx.config.limits.loginMaxFailures, windowMs: FIVE_MINUTES };
  await ctx.limiter.check(limitKey, rule, 'auth.tooManyAttempts');

  const byUser = id.email ? eq(users.email, id.email) : eq(users.phone, id.phone ?? '');
  const [user] = await ctx.db.select().from(users).where(byUser).limit(1);
  if (user) {
    if (!(await verifyPassword(user.passwordHash, body.password))) return failLogin(ctx, limitKey);
    await ctx.limiter.reset(limitKey);
    const token = await createSession(ctx, { kind: 'user', subjectId: user.id, ownerId: user.id, ...client });
    return { token, user: toUserProfile(user, null) };
  }

  const byAgent = id.email ? eq(agents.email, id.email) : eq(agents.phone, id.phone ?? '');
  const [agent] = await ctx.db.select().from(agents).where(byAgent).limit(1);
  if (!agent) {
    await burnPasswordCheck(body.password);
    return failLogin(ctx, limitKey);
  }
  if (!(await verifyPassword(agent.passwordHash, body.password))) return failLogin(ctx, limitKey);
  if (!agent.isVerified) throw new AppError('AGENT_NOT_VERIFIED');
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, agent.ownerId)).limit(1);
  if (!owner) return failLogin(ctx, limitKey);
  await ctx.limiter.reset(limitKey);
  const token = await createSession(ctx, {
    kind: 'agent',
    subjectId: agent.id,
    ownerId: owner.id,
    ...client,
  });
  return { token, user: toUserProfile(owner, agent) };
}

async function failLogin(
  ctx: AppContext,
  limitKey: string,
  message = t('auth.invalidCredentials'),
): Promise<never> {
  await ctx.limiter.hit(limitKey);
  throw new AppError('INVALID_CREDENTIALS', message);
}

export async function adminLogin(
  ctx: AppContext,
  body: AdminLoginBody,
  client: ClientInfo,
): Promise<AdminLoginResponse> {
  const limitKey = `admin-login:${body.username.toLowerCase()}:${client.ip}`;
  await ctx.limiter.check(
    limitKey,
    { max: ctx.config.limits.loginMaxFailures, windowMs: FIVE_MINUTES },
    'auth.tooManyAttempts',
  );
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.username, body.username)).limit(1);
  const ok = admin
    ? await verifyPassword(admin.passwordHash, body.password)
    : (await burnPasswordCheck(body.password), false);
  if (!admin || !ok) return failLogin(ctx, limitKey, t('auth.invalidAdminCredentials'));
  await ctx.limiter.reset(limitKey);
  const token = await createSession(ctx, { kind: 'admin', subjectId: admin.id, ownerId: null, ...client });
  return { token, admin: { _id: admin.id, name: admin.name, username: admin.username } };
}

/** Emails a single-use reset link valid for one hour; answers the same whether or not the email exists. */
export async function requestPasswordReset(
  ctx: AppContext,
  body: ResetRequestBody,
  client: ClientInfo,
): Promise<void> {
  const window = 15 * 60 * 1000;
  const ipKey = `reset:${client.ip}`;
  const emailKey = `reset-email:${body.email}`;
  await ctx.limiter.check(ipKey, { max: ctx.config.limits.resetPer15Min, windowMs: window });
  await ctx.limiter.check(emailKey, { max: 3, windowMs: window });
  await ctx.limiter.hit(ipKey);
  await ctx.limiter.hit(emailKey);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email)).limit(1);
  if (!user) return;
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendQuietly(ctx, () => ctx.mailer.send(resetPasswordMail(user.email, user.name, link)));
}

/** Sets a new password from a reset link; spends the link and ends every session of the owner. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<void> {
  const now = ctx.clock.now();
  const invalid = () => new AppError('VALIDATION', t('auth.resetInvalid'), { token: t('auth.resetInvalid') });
  const [reset] = await ctx.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(body.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!reset) throw invalid();
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!spent.some((r) => r.id === reset.id)) throw invalid();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
  });
  await revokeAllSessions(ctx, 'user', reset.userId);
}
