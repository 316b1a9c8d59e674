import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  agentListQuery,
  updateAgentBody,
  type Agent,
  type AgentMutationResponse,
  type CreateAgentBody,
  type Paged,
  AGENT_MESSAGES,
  interpolate,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { agents, users, verificationCodes } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { findTaken } from '../auth/identity';
import { conflictFor } from '../auth/service';
import { revokeAllSessions } from '../auth/sessions';
import { publishChatsUpdated, releaseAgentChats } from '../chat/kernel';
import { agentVerificationMail } from '../mail/templates';
import { assertResendAllowed, consumeCode, issueCode } from '../user/verification';
import { requirePlanRoom } from '../billing/plan-limits';

type AgentRow = typeof agents.$inferSelect;
type ListQuery = z.output<typeof agentListQuery>;
type UpdateInput = z.output<typeof updateAgentBody>;

/** spec §3 'Agent': never the password hash. */
export function toAgent(row: AgentRow): Agent {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isVerified: row.isVerified,
    canViewReports: row.canViewReports,
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', AGENT_MESSAGES['agent.notFound']);
}

/** Mail goes out after the change is stored; a failing mail server is logged, and the owner can resend. */
async function sendCode(ctx: AppContext, agent: AgentRow, ownerName: string, code: string): Promise<void> {
  try {
    await ctx.mailer.send(agentVerificationMail(agent.email, agent.name, ownerName, code));
  } catch (error) {
    ctx.log.error({ err: error }, 'agent verification mail could not be sent');
  }
}

async function requireOwner(ctx: AppContext, ownerId: string): Promise<typeof users.$inferSelect> {
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!owner) throw new AppError('UNAUTHORIZED');
  return owner;
}

/** The tenant's agent with this id; another tenant's id is simply not found. */
async function requireAgent(ctx: AppContext, ownerId: string, id: string): Promise<AgentRow> {
  const [row] = await ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * GET /agent: the tenant's agents by name (case-insensitive, byte order so PostgreSQL and PGlite
 * agree), searched in name, email and phone; a number typed with +62, 0, spaces or dashes matches
 * the stored digits.
 */
export async function listAgents(ctx: AppContext, ownerId: string, query: ListQuery): Promise<Paged<Agent>> {
  const where: SQL[] = [eq(agents.ownerId, ownerId)];
  if (query.isVerified) where.push(eq(agents.isVerified, query.isVerified === 'true'));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches = [ilike(agents.name, pattern), ilike(agents.email, pattern), ilike(agents.phone, pattern)];
    const digits = search.replace(/\D/g, '').replace(/^0+/, '');
    if (digits.length >= 3 && digits !== search) matches.push(ilike(agents.phone, `%${digits}%`));
    where.push(or(...matches)!);
  }
  const rows = await ctx.db
    .select()
    .from(agents)
    .where(and(...where))
    .orderBy(sql`lower(${agents.name}) collate "C"`, sql`${agents.name} collate "C"`, agents.id)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toAgent), hasNextPage: rows.length > query.limit };
}

/** GET /agent/{id}. */
export async function getAgent(ctx: AppContext, ownerId: string, id: string): Promise<Agent> {
  return toAgent(await requireAgent(ctx, ownerId, id));
}

/**
 * POST /agent: an unverified agent, and a code mailed to them; the owner enters it with
 * PUT /agent/{id}/verification. Emails and phones are unique across owners and agents, so the
 * shared login form always finds one person. Only a verified owner adds agents (each one sends mail).
 */
export async function createAgent(
  ctx: AppContext,
  ownerId: string,
  body: CreateAgentBody,
): Promise<AgentMutationResponse> {
  const owner = await requireOwner(ctx, ownerId);
  if (!owner.isVerified) throw new AppError('NEED_VERIFICATION');
  const conflict = conflictFor(await findTaken(ctx.db, body));
  if (conflict) throw conflict;
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  let created: { row: AgentRow; code: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      await requirePlanRoom(ctx, tx, ownerId, 'agents');
      const [row] = await tx
        .insert(agents)
        .values({
          ownerId,
          name: body.name,
          email: body.email,
          phone: body.phone,
          passwordHash,
          isVerified: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new AppError('INTERNAL');
      return { row, code: await issueCode(tx, ctx, 'agent', row.id) };
    });
  } catch (error) {
    // a concurrent registration took the email or phone between the check and the insert
    if (isUniqueViolation(error))
      throw conflictFor(await findTaken(ctx.db, body)) ?? new AppError('CONFLICT');
    throw error;
  }
  await sendCode(ctx, created.row, owner.name, created.code);
  return {
    message: interpolate(AGENT_MESSAGES['agent.created'], { email: created.row.email }),
    agent: toAgent(created.row),
  };
}

/**
 * PUT /agent/{id}: name, email, (when given) whether they may open reports, and a new password. A new password ends the agent's
 * sessions. A new email must be proven again: the agent becomes unverified (their sessions end),
 * and a code goes to the new address.
 */
export async function updateAgent(
  ctx: AppContext,
  ownerId: string,
  id: string,
  body: UpdateInput,
): Promise<AgentMutationResponse> {
  const current = await requireAgent(ctx, ownerId, id);
  const emailChanged = body.email !== current.email;
  const conflict = conflictFor(
    await findTaken(ctx.db, { email: emailChanged ? body.email : undefined }, { kind: 'agent', id }),
  );
  if (conflict) throw conflict;
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const now = ctx.clock.now();
  let result: { row: AgentRow; code: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(agents)
        .set({
          name: body.name,
          email: body.email,
          ...(body.canViewReports === undefined ? {} : { canViewReports: body.canViewReports }),
          ...(passwordHash ? { passwordHash } : {}),
          ...(emailChanged ? { isVerified: false } : {}),
          updatedAt: now,
        })
        .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
        .returning();
      if (!row) throw notFound(); // deleted meanwhile
      return { row, code: emailChanged ? await issueCode(tx, ctx, 'agent', row.id) : null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw (
        conflictFor(await findTaken(ctx.db, { email: body.email }, { kind: 'agent', id })) ??
        new AppError('CONFLICT')
      );
    }
    throw error;
  }
  if (passwordHash || emailChanged) await revokeAllSessions(ctx, 'agent', id);
  if (result.code) {
    const owner = await requireOwner(ctx, ownerId);
    await sendCode(ctx, result.row, owner.name, result.code);
    return {
      message: interpolate(AGENT_MESSAGES['agent.updatedNeedsVerification'], { email: result.row.email }),
      agent: toAgent(result.row),
    };
  }
  return { message: AGENT_MESSAGES['agent.updated'], agent: toAgent(result.row) };
}

/** PUT /agent/{id}/verification: the code from the agent's email; afterwards the agent can sign in. */
export async function verifyAgent(
  ctx: AppContext,
  ownerId: string,
  id: string,
  code: string,
): Promise<AgentMutationResponse> {
  const current = await requireAgent(ctx, ownerId, id);
  if (current.isVerified) throw new AppError('VALIDATION', AGENT_MESSAGES['agent.alreadyVerified']);
  await consumeCode(ctx, 'agent', id, code, async (tx) => {
    await tx
      .update(agents)
      .set({ isVerified: true, updatedAt: ctx.clock.now() })
      .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)));
  });
  return { message: AGENT_MESSAGES['agent.verified'], agent: toAgent({ ...current, isVerified: true }) };
}

/** PUT /agent/{id}/verification/resend: a new code (the old one stops working), once a minute. */
export async function resendAgentCode(ctx: AppContext, ownerId: string, id: string): Promise<string> {
  const current = await requireAgent(ctx, ownerId, id);
  if (current.isVerified) throw new AppError('VALIDATION', AGENT_MESSAGES['agent.alreadyVerified']);
  await assertResendAllowed(ctx, 'agent', id);
  const code = await issueCode(ctx.db, ctx, 'agent', id);
  const owner = await requireOwner(ctx, ownerId);
  // unlike at creation, the owner asked for this mail now: a failure is theirs to see
  await ctx.mailer.send(agentVerificationMail(current.email, current.name, owner.name, code));
  return interpolate(AGENT_MESSAGES['agent.codeSent'], { email: current.email });
}

/**
 * DELETE /agent/{id}: their chats become unassigned (clients get chat.updated for each), their
 * codes go and their sessions end (open sockets close).
 */
export async function deleteAgent(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const released = await ctx.db.transaction(async (tx) => {
    const freed = await releaseAgentChats(tx, ctx, { ownerId, agentId: id });
    const deleted = await tx
      .delete(agents)
      .where(and(eq(agents.id, id), eq(agents.ownerId, ownerId)))
      .returning({ id: agents.id });
    if (!deleted.length) throw notFound(); // rolls the unassign back too
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.kind, 'agent'), eq(verificationCodes.subjectId, id)));
    return freed;
  });
  await revokeAllSessions(ctx, 'agent', id);
  await publishChatsUpdated(ctx, ownerId, released);
}
