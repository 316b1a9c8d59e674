import { and, eq } from 'drizzle-orm';
import type { Chat, Message, MessageStatus, MessageType } from '@sapa/contracts';
import type { Db, Tx } from '../../db/client';
import { accounts, agents, chats } from '../../db/schema';
import type { ChatRow, MessageRow } from '../../channels/connector';

/** The columns every chat read needs: the chat plus its account and agent. */
export const chatColumns = {
  chat: chats,
  accountType: accounts.type,
  accountLabel: accounts.labelName,
  agentName: agents.name,
  agentPhone: agents.phone,
};

export interface ChatJoinRow {
  chat: ChatRow;
  accountType: 'whatsapp' | 'instagram' | 'messenger';
  accountLabel: string;
  agentName: string | null;
  agentPhone: string | null;
}

/** Selects chats with their joins; callers add where/order/limit. */
export function selectChats(db: Db | Tx) {
  return db
    .select(chatColumns)
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId))
    .leftJoin(agents, eq(agents.id, chats.agentId));
}

export function toChat(row: ChatJoinRow): Chat {
  const c = row.chat;
  return {
    _id: c.id,
    accountId: c.accountId,
    account: { type: row.accountType, label: { name: row.accountLabel } },
    senderPicture: c.contactPicture,
    contact: {
      name: c.contactName,
      phoneNumber: c.contactPhone,
      note: c.note,
      labels: [],
      labelIds: c.labelIds,
    },
    agentId: c.agentId,
    agent:
      c.agentId && row.agentName
        ? { _id: c.agentId, name: row.agentName, phone: row.agentPhone ?? '' }
        : null,
    lastMessage: c.lastMessageAt
      ? {
          sendAt: c.lastMessageAt.toISOString(),
          text: c.lastMessageText,
          type: c.lastMessageType as MessageType,
          isFromMe: c.lastMessageIsFromMe,
          status: c.lastMessageStatus as MessageStatus,
        }
      : null,
    fromSenderAt: c.fromSenderAt?.toISOString() ?? null,
    unreadCount: c.unreadCount,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toMessage(m: MessageRow, agentName: string | null = null): Message {
  return {
    _id: m.id,
    messageId: m.externalId,
    temporaryId: m.temporaryId,
    chatId: m.chatId,
    type: (m.isDeleted ? 'deleted' : m.type) as MessageType,
    text: m.isDeleted ? '' : m.text,
    status: m.status as MessageStatus,
    isFromMe: m.isFromMe,
    isDeleted: m.isDeleted,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    agentId: m.agentId,
    agent: agentName ? { name: agentName } : null,
    errorMessage: m.errorMessage,
    quotedMessageId: m.quotedMessageId,
    quoted: null,
  };
}

/** One chat by id within a tenant, serialised; null when it is not theirs. */
export async function loadChat(db: Db | Tx, ownerId: string, chatId: string): Promise<Chat | null> {
  const [row] = await selectChats(db)
    .where(and(eq(chats.id, chatId), eq(chats.ownerId, ownerId)))
    .limit(1);
  return row ? toChat(row) : null;
}
