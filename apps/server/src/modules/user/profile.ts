import { eq } from 'drizzle-orm';
import type { UserProfile } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/sessions';

type UserRow = typeof users.$inferSelect;
type AgentRow = typeof agents.$inferSelect;

/** Shapes the session profile (spec §3 'User'): for an agent, the owner's workspace plus the agent's own record. */
export function toUserProfile(user: UserRow, agent: AgentRow | null): UserProfile {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    isVerified: user.isVerified,
    needVerification: agent ? false : !user.isVerified,
    isBetaUser: user.isBetaUser,
    trialUsed: user.trialActivatedAt !== null,
    referralCode: user.referralCode,
    subscription: {
      expiredAt: user.subscriptionExpiresAt?.toISOString() ?? null,
      planName: (user.subscriptionPlan as { name?: string } | null)?.name ?? null,
    },
    agent: agent ? { _id: agent.id, name: agent.name, email: agent.email, phone: agent.phone } : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Loads the owner (and agent) behind a user or agent session. */
export async function loadAccount(
  ctx: AppContext,
  auth: AuthContext,
): Promise<{ user: UserRow; agent: AgentRow | null }> {
  if (auth.kind === 'admin' || !auth.ownerId) throw new AppError('FORBIDDEN');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, auth.ownerId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (auth.kind === 'user') return { user, agent: null };
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, auth.subjectId)).limit(1);
  if (!agent || agent.ownerId !== user.id) throw new AppError('UNAUTHORIZED');
  return { user, agent };
}
