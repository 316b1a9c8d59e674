import { eq } from 'drizzle-orm';
import {
  subscriptionStateOf,
  t,
  type SubscriptionAdjustment,
  type SubscriptionAdjustmentBody,
  type SubscriptionState,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { subscriptionAdjustments, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * What an owner's subscription allows (issue 22 part 5). Without one running (a trial or a paid
 * period) the inbox stays readable, but nothing new goes out: sending, broadcasts, status posts and
 * adding numbers are refused with PAYMENT_REQUIRED (402). Nothing is ever deleted for it.
 */
export async function subscriptionStateFor(
  ctx: AppContext,
  ownerId: string,
  db: Db | Tx = ctx.db,
): Promise<SubscriptionState> {
  const [row] = await db
    .select({ expiresAt: users.subscriptionExpiresAt })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return subscriptionStateOf(row?.expiresAt ?? null, ctx.clock.now());
}

/** The refusal for an owner whose subscription is not running, in the words of its state. */
export function subscriptionRefusal(state: Exclude<SubscriptionState, 'active'>): AppError {
  return new AppError(
    'PAYMENT_REQUIRED',
    t(state === 'none' ? 'billing.subscriptionRequired' : 'billing.subscriptionExpired'),
  );
}

/**
 * Why nothing may go out for this owner now, or null when it may: a disabled owner (issue 23: the
 * operator stopped the account; FORBIDDEN) or a subscription that is not running (PAYMENT_REQUIRED).
 * Jobs (broadcasts, statuses, automatic replies) ask it too, and pause or fail with its message.
 */
export async function sendingRefusalFor(
  ctx: AppContext,
  ownerId: string,
  db: Db | Tx = ctx.db,
): Promise<AppError | null> {
  const [row] = await db
    .select({ expiresAt: users.subscriptionExpiresAt, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return sendingRefusalOf(row, ctx.clock.now());
}

/** sendingRefusalFor of an owner's row already read (its disabledAt and subscription end). */
export function sendingRefusalOf(
  owner: { expiresAt: Date | null; disabledAt: Date | null } | undefined,
  now: Date,
): AppError | null {
  if (owner?.disabledAt) return new AppError('FORBIDDEN', t('auth.accountDisabled'));
  const state = subscriptionStateOf(owner?.expiresAt ?? null, now);
  return state === 'active' ? null : subscriptionRefusal(state);
}

/** Throws unless something may go out for the owner now (sendingRefusalFor). */
export async function requireSubscription(ctx: AppContext, ownerId: string, db?: Db | Tx): Promise<void> {
  const refusal = await sendingRefusalFor(ctx, ownerId, db);
  if (refusal) throw refusal;
}

/**
 * PUT /admin/user/{id}/subscription: the operator sets an owner's subscription end, with the reason
 * kept beside it (subscription_adjustments). The owner's screens learn it from their profile; what the
 * end allows follows at once (requireSubscription reads it on every send).
 */
export async function adjustSubscription(
  ctx: AppContext,
  adminId: string,
  ownerId: string,
  input: SubscriptionAdjustmentBody,
): Promise<SubscriptionAdjustment> {
  const expiresAt = new Date(input.expiresAt);
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ expiresAt: users.subscriptionExpiresAt })
      .from(users)
      .where(eq(users.id, ownerId))
      .for('update')
      .limit(1);
    if (!owner) throw new AppError('NOT_FOUND', 'Pengguna tidak ditemukan');
    const now = ctx.clock.now();
    await tx
      .update(users)
      .set({ subscriptionExpiresAt: expiresAt, updatedAt: now })
      .where(eq(users.id, ownerId));
    const [row] = await tx
      .insert(subscriptionAdjustments)
      .values({
        ownerId,
        adminId,
        previousExpiresAt: owner.expiresAt,
        expiresAt,
        reason: input.reason,
        createdAt: now,
      })
      .returning();
    return {
      ownerId,
      previousExpiresAt: row!.previousExpiresAt?.toISOString() ?? null,
      expiresAt: row!.expiresAt.toISOString(),
      reason: row!.reason,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}
