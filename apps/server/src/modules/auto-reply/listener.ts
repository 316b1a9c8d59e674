import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { storeOutbound, type InboundNotice } from '../chat/kernel';
import { isOpenAt, lastClosedAt } from './hours';
import { activeSettings } from './settings-cache';
import { sendingRefusalFor } from '../billing/subscription';

/**
 * A customer's message older than this is history (a phone's sync, a reconnect's backlog): it gets
 * no automatic reply.
 */
export const AUTO_REPLY_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Groups, status updates and newsletters never reach the hook (the WhatsApp channel does not ingest
 * them), nor do the business's own messages (ingest tells listeners of customers' messages only).
 *
 * Which automatic reply a customer's message gets, if any, and the key that makes it once only:
 * - outside business hours with the away message on: the away message, once per conversation per
 *   closed period (the customer writing again before hours open gets nothing more);
 * - otherwise, the chat's first message with the greeting on: the greeting, once per chat.
 * The key is the message's temporaryId, so the chat's unique (chat, temporaryId) makes a second
 * one impossible even when two messages race.
 */
export async function autoReplyFor(
  ctx: AppContext,
  notice: InboundNotice,
): Promise<{ text: string; key: string } | null> {
  const now = ctx.clock.now();
  if (now.getTime() - notice.at.getTime() > AUTO_REPLY_MAX_AGE_MS) return null;
  const settings = await activeSettings(ctx, notice.accountId);
  if (!settings || settings.ownerId !== notice.ownerId) return null;
  if (settings.awayText && !isOpenAt(settings.hours, now)) {
    const since = lastClosedAt(settings.hours, now);
    return { text: settings.awayText, key: `auto-away-${since ? since.getTime().toString(36) : 'always'}` };
  }
  if (settings.greetingText && mayBeFirst(notice) && (await onlyMessage(ctx, notice)))
    return { text: settings.greetingText, key: 'auto-greeting' };
  return null;
}

/** The kernel's hint that the message created its chat (a cheap filter before the query). */
function mayBeFirst(notice: InboundNotice): boolean {
  return 'firstMessage' in notice ? notice.firstMessage !== false : true;
}

/**
 * The chat has no message but this one. `firstMessage` says the chat was created at the moment this
 * message was stored, which two messages of a new customer stored in the same millisecond share.
 */
async function onlyMessage(ctx: AppContext, notice: InboundNotice): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, notice.chatId), ne(messages.id, notice.messageId)))
    .limit(1);
  return !other;
}

/** Registers the automatic replies on the chat kernel's inbound hook (once per app). */
export function listenForAutoReplies(ctx: AppContext): void {
  ctx.chatHooks.onInbound(async (notice) => {
    const reply = await autoReplyFor(ctx, notice);
    if (!reply) return;
    // nothing goes out for an owner whose subscription is not running (issue 22 part 5)
    if (await sendingRefusalFor(ctx, notice.ownerId)) return;
    // through the kernel like any reply: stored pending, sent by the send job at the number's pace
    await storeOutbound(ctx, {
      ownerId: notice.ownerId,
      chatId: notice.chatId,
      accountId: notice.accountId,
      temporaryId: reply.key,
      type: 'text',
      text: reply.text,
      media: null,
      quoted: null,
      agentId: null,
      kind: 'auto',
    });
  });
}
