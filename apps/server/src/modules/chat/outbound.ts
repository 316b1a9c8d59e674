import { and, eq } from 'drizzle-orm';
import type { Message } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents, chats, messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import type { ResolvedContent } from './content';
import { publishChatEvent } from './publish';
import { messageView, toMessage } from './serialize';
import { SEND_JOB } from './send-job';

export interface OutboundInput extends ResolvedContent {
  ownerId: string;
  chatId: string;
  accountId: string;
  /** the sender's id for this message: a retry with the same one stores and sends nothing new */
  temporaryId: string;
  quoted: MessageRow | null;
  /** the agent who wrote it; null for the owner (and for broadcasts and the public API) */
  agentId: string | null;
  /**
   * 'auto' for an automatic reply (away message, greeting; issue 21): sent like any message, but it
   * is not the team's answer - the chat keeps its last message (still 'Belum Dibalas') and records
   * the reply in chats.auto_reply_at. 'message' by default.
   */
  kind?: 'message' | 'auto';
  /** what the channel needs beyond the content (issue 25): a Cloud API template {template: {...}} */
  channelExtra?: Record<string, unknown> | null;
}

/**
 * The outbound half of the spine (ARCHITECTURE §3): stores a message as pending, moves the chat's
 * last message to it and enqueues its send job, all in one transaction; publishes `message.created`
 * after commit. Idempotent on (chat, temporaryId): a retried call returns the stored message and
 * sends nothing new. Callers check who may send what (policies, channel rules) before calling.
 */
export async function storeOutbound(
  ctx: AppContext,
  input: OutboundInput,
): Promise<{ message: Message; created: boolean }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        ownerId: input.ownerId,
        chatId: input.chatId,
        accountId: input.accountId,
        temporaryId: input.temporaryId,
        type: input.type,
        text: input.text,
        media: input.media,
        quotedMessageId: input.quoted?.id ?? null,
        isFromMe: true,
        status: 'pending',
        agentId: input.agentId,
        kind: input.kind ?? 'message',
        channelExtra: input.channelExtra ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    await tx
      .update(chats)
      .set(
        input.kind === 'auto'
          ? { autoReplyAt: now, updatedAt: now }
          : {
              lastMessageAt: now,
              lastMessageText: input.text,
              lastMessageType: input.type,
              lastMessageIsFromMe: true,
              lastMessageStatus: 'pending',
              lastMessageId: inserted.id,
              updatedAt: now,
            },
      )
      .where(and(eq(chats.id, input.chatId), eq(chats.ownerId, input.ownerId)));
    await ctx.jobs.enqueue(tx, SEND_JOB, { messageId: inserted.id }, { dedupeKey: `send:${inserted.id}` });
    return inserted;
  });
  if (!result) {
    // a retried send (the same temporaryId): nothing new is stored or sent; answer with the first one
    const existing = await findByTemporaryId(ctx, input.chatId, input.temporaryId);
    if (!existing) throw new AppError('INTERNAL');
    return { message: await messageView(ctx.db, existing), created: false };
  }
  const message = toMessage(result, await agentName(ctx, input.agentId), input.quoted);
  ctx.jobs.wake();
  await publishChatEvent(ctx, input.ownerId, input.chatId, 'message.created', message);
  return { message, created: true };
}

async function findByTemporaryId(ctx: AppContext, chatId: string, temporaryId: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.temporaryId, temporaryId)))
    .limit(1);
  return row ?? null;
}

async function agentName(ctx: AppContext, agentId: string | null): Promise<string | null> {
  if (!agentId) return null;
  const [row] = await ctx.db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row?.name ?? null;
}
