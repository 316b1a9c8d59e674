import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  t,
  type AdminLoginBody,
  type AdminLoginResponse,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type RegisterResponse,
  type RegisterVerifyBody,
  type ResetPasswordBody,
  type ResetRequestBody,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { admins, agents, passwordResets, pendingRegistrations, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { randomCode, randomToken, referralCode, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import { registrationAttemptMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { createSandboxAccount } from '../account/service';
import { toUserProfile } from '../user/profile';
import { CODE_TTL_MS } from '../user/verification';
import { findTaken, parseIdentifier } from './identity';
import { createSession, revokeAllSessions } from './sessions';

const FIVE_MINUTES = 5 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** Sends mail after the fact; a failing mail server never undoes the request (the user can ask again). */
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

const HOUR = 60 * 60 * 1000;
/** Registration requests per email an hour (each sends a mail to that address). */
const REGISTER_PER_EMAIL_PER_HOUR = 5;
/** Guesses one registration code allows. */
const REGISTRATION_MAX_ATTEMPTS = 5;

const registrationCodeHash = (email: string, code: string) => sha256(`register:${email}:${code}`);

/**
 * Starts a registration without telling anyone whether the email already has an account: the answer
 * is the same message either way. A new email gets a 6-digit code (the registration waits in
 * pending_registrations, replacing an earlier one for the same email, until the code proves the
 * email); a taken email (an owner's or an agent's) gets a note that someone tried to register with
 * it, and nothing is stored. Every attempt counts against the IP's and the email's limits, and the
 * password is hashed in both branches so the two take about as long.
 */
export async function register(
  ctx: AppContext,
  body: RegisterBody,
  client: ClientInfo,
): Promise<RegisterResponse> {
  await ctx.limiter.reserve(`register:${client.ip}`, {
    max: ctx.config.limits.registerPerHour,
    windowMs: HOUR,
  });
  await ctx.limiter.reserve(`register-email:${body.email}`, {
    max: REGISTER_PER_EMAIL_PER_HOUR,
    windowMs: HOUR,
  });
  const answer = { message: t('auth.verifySent', { email: body.email }) };
  const passwordHash = await hashPassword(body.password);
  if ((await findTaken(ctx.db, { email: body.email })).email) {
    const base = ctx.config.publicUrl;
    await sendQuietly(ctx, () =>
      ctx.mailer.send(registrationAttemptMail(body.email, `${base}/login`, `${base}/reset-password/request`)),
    );
    return answer;
  }

  let referredById: string | null = null;
  if (body.referralCode) {
    const [referrer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, body.referralCode.toUpperCase()))
      .limit(1);
    referredById = referrer?.id ?? null; // an unknown code never blocks a registration
  }
  const code = randomCode();
  const now = ctx.clock.now();
  const pending = {
    name: body.name,
    phone: body.phone,
    passwordHash,
    referredById,
    codeHash: registrationCodeHash(body.email, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  };
  await ctx.db
    .insert(pendingRegistrations)
    .values({ email: body.email, ...pending })
    // a new id too, so a guess still running against the old row can never spend this one
    .onConflictDoUpdate({
      target: pendingRegistrations.email,
      set: { id: crypto.randomUUID(), ...pending },
    });
  await sendQuietly(ctx, () => ctx.mailer.send(verificationMail(body.email, body.name, code)));
  return answer;
}

/**
 * Finishes a registration with the mailed code: creates the owner, verified (with the sandbox account
 * and the referral), and signs them in. Each guess is counted in the same statement that checks the
 * count (UPDATE ... WHERE attempts < 5 RETURNING), so however many arrive at once a code is compared
 * at most five times; the row is then deleted in the transaction that creates the owner, so a code
 * creates one owner only. A wrong, spent, expired or unknown code gets one answer. The caller has
 * proved the email is theirs, so a phone (or email) taken meanwhile is named.
 */
export async function verifyRegistration(
  ctx: AppContext,
  body: RegisterVerifyBody,
  client: ClientInfo,
): Promise<LoginResponse> {
  await ctx.limiter.reserve(`register-verify:${client.ip}`, {
    max: ctx.config.limits.registerPerHour * REGISTRATION_MAX_ATTEMPTS,
    windowMs: HOUR,
  });
  const invalid = () =>
    new AppError('VALIDATION', t('auth.verifyInvalid'), { code: t('auth.verifyInvalid') });
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(
      and(
        eq(pendingRegistrations.email, body.email),
        lt(pendingRegistrations.attempts, REGISTRATION_MAX_ATTEMPTS),
        gt(pendingRegistrations.expiresAt, now),
      ),
    )
    .returning();
  if (!row || !safeEqual(row.codeHash, registrationCodeHash(body.email, body.code))) throw invalid();

  const identity = { email: row.email, phone: row.phone };
  const conflict = conflictFor(await findTaken(ctx.db, identity));
  if (conflict) throw conflict;
  let user: typeof users.$inferSelect;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const spent = await tx
        .delete(pendingRegistrations)
        .where(and(eq(pendingRegistrations.id, row.id), eq(pendingRegistrations.codeHash, row.codeHash)))
        .returning({ id: pendingRegistrations.id });
      if (!spent.length) throw invalid();
      const [created] = await tx
        .insert(users)
        .values({
          name: row.name,
          email: row.email,
          phone: row.phone,
          passwordHash: row.passwordHash,
          isVerified: true,
          referralCode: referralCode(),
          referredById: row.referredById,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new AppError('INTERNAL');
      if (ctx.config.sandbox) await createSandboxAccount(tx, created.id, created.name, now);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflictFor(await findTaken(ctx.db, identity)) ?? new AppError('CONFLICT');
    throw error;
  }
  const token = await createSession(ctx, { kind: 'user', subjectId: user.id, ownerId: user.id, ...client });
  return { token, user: toUserProfile(user, null) };
}

/**
 * The attempts one sign-in reserves before its password is hashed, each counted atomically
 * (RateLimiter.reserve): the pair (account, IP), the IP across accounts, the account across IPs.
 * A burst cannot get more guesses through than the limits, however many arrive at once.
 */
async function reserveLogin(ctx: AppContext, account: string, ip: string) {
  const { loginMaxFailures, loginPerIp, loginPerAccount } = ctx.config.limits;
  const pairKey = `${account}:${ip}`;
  await ctx.limiter.reserve(
    `login:${pairKey}`,
    { max: loginMaxFailures, windowMs: FIVE_MINUTES },
    'auth.tooManyAttempts',
  );
  const ipAttempt = await ctx.limiter.reserve(
    `login-ip:${ip}`,
    { max: loginPerIp, windowMs: FIFTEEN_MINUTES },
    'auth.tooManyAttempts',
  );
  const accountAttempt = await ctx.limiter
    .reserve(
      `login-account:${account}`,
      { max: loginPerAccount, windowMs: FIFTEEN_MINUTES },
      'auth.tooManyAttempts',
    )
    .catch(async (error: unknown) => {
      await ctx.limiter.release(ipAttempt);
      throw error;
    });
  return {
    /** The password was right: the attempts were not failures, so they stop counting. */
    succeeded: async () => {
      await ctx.limiter.reset(`login:${pairKey}`);
      await ctx.limiter.release(ipAttempt);
      await ctx.limiter.release(accountAttempt);
    },
  };
}

/** Owners and agents sign in with email or phone; failures are limited per pair, IP and account. */
export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
  const id = parseIdentifier(body.identifier);
  const attempt = await reserveLogin(ctx, id.email ?? id.phone ?? body.identifier, client.ip);

  const byUser = id.email ? eq(users.email, id.email) : eq(users.phone, id.phone ?? '');
  const [user] = await ctx.db.select().from(users).where(byUser).limit(1);
  if (user) {
    if (!(await verifyPassword(user.passwordHash, body.password))) return failLogin();
    await attempt.succeeded();
    if (user.disabledAt) throw disabledAccount();
    const token = await createSession(ctx, { kind: 'user', subjectId: user.id, ownerId: user.id, ...client });
    return { token, user: toUserProfile(user, null) };
  }

  const byAgent = id.email ? eq(agents.email, id.email) : eq(agents.phone, id.phone ?? '');
  const [agent] = await ctx.db.select().from(agents).where(byAgent).limit(1);
  if (!agent) {
    await burnPasswordCheck(body.password);
    return failLogin();
  }
  if (!(await verifyPassword(agent.passwordHash, body.password))) return failLogin();
  if (!agent.isVerified) throw new AppError('AGENT_NOT_VERIFIED');
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, agent.ownerId)).limit(1);
  if (!owner) return failLogin();
  await attempt.succeeded();
  // the owner's tenant disabled by an operator: their agents are out too (issue 23)
  if (owner.disabledAt) throw disabledAccount();
  const token = await createSession(ctx, {
    kind: 'agent',
    subjectId: agent.id,
    ownerId: owner.id,
    ...client,
  });
  return { token, user: toUserProfile(owner, agent) };
}

/** The right password for an account an operator disabled (issue 23): said only after the password. */
const disabledAccount = () => new AppError('FORBIDDEN', t('auth.accountDisabled'));

/** A wrong password (or no such account): the reserved attempts stay counted. */
function failLogin(message = t('auth.invalidCredentials')): never {
  throw new AppError('INVALID_CREDENTIALS', message);
}

export async function adminLogin(
  ctx: AppContext,
  body: AdminLoginBody,
  client: ClientInfo,
): Promise<AdminLoginResponse> {
  const attempt = await reserveLogin(ctx, `admin:${body.username.toLowerCase()}`, client.ip);
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.username, body.username)).limit(1);
  const ok = admin
    ? await verifyPassword(admin.passwordHash, body.password)
    : (await burnPasswordCheck(body.password), false);
  if (!admin || !ok) return failLogin(t('auth.invalidAdminCredentials'));
  await attempt.succeeded();
  if (admin.disabledAt) throw new AppError('FORBIDDEN', t('auth.adminDisabled'));
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
  await ctx.limiter.reserve(ipKey, { max: ctx.config.limits.resetPer15Min, windowMs: window });
  await ctx.limiter.reserve(emailKey, { max: 3, windowMs: window });
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
