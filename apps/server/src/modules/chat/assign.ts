import { and, eq, isNull } from 'drizzle-orm';
import { canAssign, canUnassign, t, type Chat } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents, chats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { requireChat } from './messages';
import { publishChatEvent } from './publish';
import { notify } from '../notification/service';
import { actorName } from './notes';

/** POST /chat/{id}/assign: spec §6 rules, enforced here whatever the UI shows. */
export async function assignChat(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  agentId: string,
): Promise<Chat> {
  const chat = await requireChat(ctx, actor, chatId);
  const [agent] = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.ownerId, actor.ownerId), eq(agents.isVerified, true)))
    .limit(1);
  if (!agent) throw new AppError('VALIDATION', t('chat.agentNotFound'), { agentId: t('chat.agentNotFound') });
  if (!canAssign(actor, chat, agentId)) throw new AppError('FORBIDDEN', t('chat.assignDenied'));
  // an agent takes only a chat that is still unassigned (the condition guards a race with another agent)
  const updated = await ctx.db
    .update(chats)
    .set({ agentId, updatedAt: ctx.clock.now() })
    .where(
      actor.agentId
        ? and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId), isNull(chats.agentId))
        : and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)),
    )
    .returning({ id: chats.id });
  if (!updated.length) throw new AppError('FORBIDDEN', t('chat.assignDenied'));
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  // the agent is told, unless they took it themselves (issue 21)
  if (actor.agentId !== agentId && chat.agentId !== agentId)
    await notify(ctx, [
      {
        ownerId: actor.ownerId,
        recipientId: agentId,
        kind: 'assigned',
        chatId,
        actorName: await actorName(ctx, actor),
        text: chat.contact.name,
      },
    ]);
  return requireChat(ctx, actor, chatId);
}

/** POST /chat/{id}/unassign: owners, or the agent holding the chat. */
export async function unassignChat(ctx: AppContext, actor: Actor, chatId: string): Promise<Chat> {
  const chat = await requireChat(ctx, actor, chatId);
  if (!canUnassign(actor, chat)) throw new AppError('FORBIDDEN', t('chat.unassignDenied'));
  await ctx.db
    .update(chats)
    .set({ agentId: null, updatedAt: ctx.clock.now() })
    .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  return requireChat(ctx, actor, chatId);
}
