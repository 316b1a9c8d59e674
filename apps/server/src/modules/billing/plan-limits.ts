import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import {
  PLAN_RESOURCES,
  plan as planSchema,
  t,
  type Plan,
  type PlanResource,
  type PlanUsage,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, agents, broadcasts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { billingSettingsOf } from './settings';

const JAKARTA_OFFSET_MS = 7 * 3600_000;
/** Key of the advisory lock that counts an owner's additions one at a time (with hashtext(ownerId)). */
const PLAN_LOCK = 0x5a9a_0004;

/** The first instant of the Asia/Jakarta calendar month `now` is in (UTC). */
export function jakartaMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - JAKARTA_OFFSET_MS);
}

/**
 * The plan whose limits hold for an owner: the one of their latest purchase, as bought (a later
 * price or limit change by the operator applies from the next purchase). A trial, or an end the
 * operator set by hand without a purchase, has the largest plan on offer: a trial is for trying
 * everything.
 */
async function planFor(ctx: AppContext, db: Db | Tx, bought: unknown): Promise<Plan> {
  const parsed = planSchema.safeParse(bought);
  if (parsed.success) return parsed.data;
  const { plans } = await billingSettingsOf(ctx, db);
  return [...plans].sort(
    (a, b) => b.numbers - a.numbers || b.agents - a.agents || b.broadcastsPerMonth - a.broadcastsPerMonth,
  )[0]!;
}

/** How many of `resource` the owner has now (in the caller's transaction). */
async function countOf(tx: Db | Tx, ownerId: string, resource: PlanResource, now: Date): Promise<number> {
  const count = sql<number>`count(*)::int`;
  if (resource === 'numbers') {
    // the sandbox number is the simulator's, not a channel: it never counts
    const [row] = await tx
      .select({ n: count })
      .from(accounts)
      .where(
        and(eq(accounts.ownerId, ownerId), isNull(accounts.deletedAt), ne(accounts.provider, 'sandbox')),
      );
    return Number(row?.n ?? 0);
  }
  if (resource === 'agents') {
    const [row] = await tx.select({ n: count }).from(agents).where(eq(agents.ownerId, ownerId));
    return Number(row?.n ?? 0);
  }
  const [row] = await tx
    .select({ n: count })
    .from(broadcasts)
    .where(and(eq(broadcasts.ownerId, ownerId), gte(broadcasts.createdAt, jakartaMonthStart(now))));
  return Number(row?.n ?? 0);
}

/** The refusal of one more of something the owner's plan has no room for (403, in the plan's words). */
export class PlanFull extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

const FULL_MESSAGE = {
  numbers: 'billing.planNumbersFull',
  agents: 'billing.planAgentsFull',
  broadcastsPerMonth: 'billing.planBroadcastsFull',
} as const;

/**
 * Room left in the owner's plan for `resource`, in the caller's transaction, which holds the owner's
 * plan lock until it ends: two requests adding at once are counted one after the other, so a burst
 * never takes the tenant past the plan. The caller inserts in the same transaction.
 */
export async function planRoom(
  ctx: AppContext,
  tx: Tx,
  ownerId: string,
  resource: PlanResource,
): Promise<{ room: number; refusal: PlanFull }> {
  // an advisory lock, not the owner's row: a broadcast's transaction (its recipients stored) may take
  // seconds, and nothing else of the owner's waits for it
  await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK}::int, hashtext(${ownerId}))`);
  const [owner] = await tx.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, ownerId));
  const plan = await planFor(ctx, tx, owner?.plan ?? null);
  const limit = plan[resource];
  const used = await countOf(tx, ownerId, resource, ctx.clock.now());
  const refusal = new PlanFull(t(FULL_MESSAGE[resource], { plan: plan.name, limit }));
  return { room: Math.max(0, limit - used), refusal };
}

/** Throws the plan's refusal unless the owner's plan has room for one more `resource` (planRoom). */
export async function requirePlanRoom(
  ctx: AppContext,
  tx: Tx,
  ownerId: string,
  resource: PlanResource,
): Promise<void> {
  const { room, refusal } = await planRoom(ctx, tx, ownerId, resource);
  if (room < 1) throw refusal;
}

/** GET /billing/usage: the owner's plan (as planRoom reads it) and what they use of it now. */
export async function planUsageOf(ctx: AppContext, ownerId: string): Promise<PlanUsage> {
  const [owner] = await ctx.db
    .select({ plan: users.subscriptionPlan })
    .from(users)
    .where(eq(users.id, ownerId));
  const bought = planSchema.safeParse(owner?.plan ?? null);
  const plan = await planFor(ctx, ctx.db, owner?.plan ?? null);
  const now = ctx.clock.now();
  const counts = await Promise.all(PLAN_RESOURCES.map((r) => countOf(ctx.db, ownerId, r, now)));
  return {
    plan: {
      key: plan.key,
      name: plan.name,
      numbers: plan.numbers,
      agents: plan.agents,
      broadcastsPerMonth: plan.broadcastsPerMonth,
    },
    trial: !bought.success,
    used: { numbers: counts[0]!, agents: counts[1]!, broadcastsPerMonth: counts[2]! },
  };
}
