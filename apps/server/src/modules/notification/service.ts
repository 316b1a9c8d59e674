import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationPage } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Actor } from '../auth/actor';

type NotificationRow = typeof notifications.$inferSelect;

/** Who the signed-in teammate is as a recipient: an agent's id, or the owner's user id. */
export const recipientOf = (actor: Actor): string => actor.agentId ?? actor.ownerId;

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    chatId: row.chatId,
    messageId: row.messageId,
    actorName: row.actorName,
    text: row.text,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewNotification {
  ownerId: string;
  recipientId: string;
  kind: NotificationKind;
  chatId: string | null;
  messageId?: string | null;
  actorName: string;
  text: string;
}

/**
 * Stores notifications in the caller's transaction (or on their own); `publishNotifications` sends
 * them after commit, each to its recipient's sockets only.
 */
export async function storeNotifications(
  ctx: AppContext,
  db: Db | Tx,
  items: NewNotification[],
): Promise<Notification[]> {
  if (!items.length) return [];
  const now = ctx.clock.now();
  const rows = await db
    .insert(notifications)
    .values(items.map((item) => ({ ...item, messageId: item.messageId ?? null, createdAt: now })))
    .returning();
  return rows.map(toNotification);
}

export function publishNotifications(
  ctx: AppContext,
  ownerId: string,
  stored: { recipientId: string; notification: Notification }[],
): void {
  for (const { recipientId, notification } of stored)
    ctx.bus.publish({
      kind: 'tenant',
      ownerId,
      recipientId,
      event: { type: 'notification.created', chat: null, message: null, notification },
    });
}

/** Stores and publishes at once (callers outside a transaction). */
export async function notify(ctx: AppContext, items: NewNotification[]): Promise<void> {
  const stored = await storeNotifications(ctx, ctx.db, items);
  publishNotifications(
    ctx,
    items[0]?.ownerId ?? '',
    stored.map((notification, i) => ({ recipientId: items[i]!.recipientId, notification })),
  );
}

/** GET /notification: the signed-in teammate's, newest first, with how many are unread. */
export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  page: number,
  limit: number,
): Promise<NotificationPage> {
  const mine = and(
    eq(notifications.ownerId, actor.ownerId),
    eq(notifications.recipientId, recipientOf(actor)),
  );
  const [rows, [unread]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1)
      .offset((page - 1) * limit),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return {
    docs: rows.slice(0, limit).map(toNotification),
    hasNextPage: rows.length > limit,
    unread: Number(unread?.n ?? 0),
  };
}

/** PUT /notification/read: the given ones (of the caller's alone), or all of them. */
export async function markRead(ctx: AppContext, actor: Actor, ids?: string[]): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(
      and(
        eq(notifications.ownerId, actor.ownerId),
        eq(notifications.recipientId, recipientOf(actor)),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : ['']) : undefined,
      ),
    );
}
