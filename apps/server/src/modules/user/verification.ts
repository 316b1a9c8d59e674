import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { t } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { randomCode, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

export const CODE_TTL_MS = 30 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 60 * 1000;
const MAX_ATTEMPTS = 5;

type CodeKind = 'user' | 'agent';

/** Stores a new code for the subject (older ones stop working) and returns it for the email. */
export async function issueCode(
  db: Db | Tx,
  ctx: AppContext,
  kind: CodeKind,
  subjectId: string,
): Promise<string> {
  const code = randomCode();
  const now = ctx.clock.now();
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.kind, kind),
        eq(verificationCodes.subjectId, subjectId),
        isNull(verificationCodes.usedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    kind,
    subjectId,
    codeHash: sha256(`${kind}:${subjectId}:${code}`),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Refuses a resend within a minute of the last code (naming the seconds to wait) and more than
 * five an hour; both are reserved atomically, so a burst of resends mails one code.
 */
export async function assertResendAllowed(ctx: AppContext, kind: CodeKind, subjectId: string): Promise<void> {
  const [last] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.kind, kind), eq(verificationCodes.subjectId, subjectId)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const wait = (waitMs: number) =>
    new AppError(
      'RATE_LIMITED',
      t('auth.verifyResendWait', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) }),
    );
  const sinceLast = last ? last.createdAt.getTime() + RESEND_COOLDOWN_MS - ctx.clock.now().getTime() : 0;
  if (sinceLast > 0) throw wait(sinceLast);
  await ctx.limiter.reserve(
    `verify-resend:${kind}:${subjectId}`,
    { max: 1, windowMs: RESEND_COOLDOWN_MS },
    wait,
  );
  await ctx.limiter.reserve(`verify-resend-hour:${kind}:${subjectId}`, { max: 5, windowMs: 60 * 60 * 1000 });
}

/**
 * Checks a code against the subject's live code. Each guess first takes one of the code's five
 * attempts in a single statement (the check and the count are one UPDATE ... WHERE attempts < 5),
 * so however many guesses arrive at once, at most five are compared; after five the code is dead
 * and a new one must be requested. On success the code is consumed and `apply` runs in the same
 * transaction, so a code is never spent without its effect.
 */
export async function consumeCode(
  ctx: AppContext,
  kind: CodeKind,
  subjectId: string,
  code: string,
  apply: (tx: Tx) => Promise<void>,
): Promise<void> {
  const invalid = () =>
    new AppError('VALIDATION', t('auth.verifyInvalid'), { code: t('auth.verifyInvalid') });
  const now = ctx.clock.now();
  const live = ctx.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.kind, kind),
        eq(verificationCodes.subjectId, subjectId),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [row] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        inArray(verificationCodes.id, live),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  if (!row || !safeEqual(row.codeHash, sha256(`${kind}:${subjectId}:${code}`))) throw invalid();
  await ctx.db.transaction(async (tx) => {
    const spent = await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    if (!spent.length) throw invalid();
    await apply(tx);
  });
}
