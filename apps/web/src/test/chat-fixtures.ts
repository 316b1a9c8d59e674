import type { Chat, Message } from '@sapa/contracts';

let seq = 0;

/** A WhatsApp chat with sensible defaults; override what the test is about. */
export function makeChat(overrides: Partial<Chat> = {}): Chat {
  seq += 1;
  return {
    _id: `chat-${seq}`,
    accountId: 'acc-1',
    account: { type: 'whatsapp', label: { name: 'Toko Demo' }, provider: 'sandbox', replyWindowHours: null },
    senderPicture: null,
    contact: { name: `Pelanggan ${seq}`, phoneNumber: `62812000${seq}`, note: '', labels: [], labelIds: [] },
    agentId: null,
    agent: null,
    lastMessage: {
      sendAt: '2026-01-10T08:00:00.000Z',
      text: 'Halo',
      type: 'text',
      isFromMe: false,
      status: 'read',
    },
    fromSenderAt: '2026-01-10T08:00:00.000Z',
    unreadCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    conversationState: 'open',
    snoozedUntil: null,
    ...overrides,
  };
}

/** A text message in chat-1 from the contact; override what the test is about. */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  seq += 1;
  return {
    _id: `msg-${seq}`,
    messageId: null,
    temporaryId: null,
    chatId: 'chat-1',
    type: 'text',
    text: `Pesan ${seq}`,
    status: 'read',
    isFromMe: false,
    isDeleted: false,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    agentId: null,
    agent: null,
    errorMessage: null,
    quotedMessageId: null,
    quoted: null,
    kind: 'message',
    mentions: [],
    pricingCategory: null,
    ...overrides,
  };
}

/** An ISO time `minutes` after 2026-01-10 08:00 UTC. */
export function at(minutes: number): string {
  return new Date(Date.parse('2026-01-10T08:00:00.000Z') + minutes * 60_000).toISOString();
}
