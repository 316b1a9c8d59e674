import { and, eq } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { REPORT_MESSAGES, canViewReports } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';

/**
 * A preHandler for the report routes (issue 24 part 5): the owner, or an agent the owner allowed
 * (agents.can_view_reports, read on every call so that taking the permission back works at once);
 * other agents get 403 with the report's message.
 */
export function reportReader(ctx: AppContext): preHandlerAsyncHookHandler {
  const member = requireSession(ctx, ['user', 'agent']);
  return async function (request, reply) {
    await member.call(this, request, reply);
    const auth = authOf(request);
    if (auth.kind === 'user') return;
    const [agent] = auth.ownerId
      ? await ctx.db
          .select({ canViewReports: agents.canViewReports })
          .from(agents)
          .where(and(eq(agents.id, auth.subjectId), eq(agents.ownerId, auth.ownerId)))
          .limit(1)
      : [];
    if (!canViewReports({ agentId: auth.subjectId, canViewReports: agent?.canViewReports ?? false }))
      throw new AppError('FORBIDDEN', REPORT_MESSAGES.agentDenied);
  };
}
