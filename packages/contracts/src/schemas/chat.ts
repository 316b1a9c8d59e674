import { z } from 'zod';
import { LIMITS } from '../limits';
import { t } from '../messages';
import { pageQuery, paged } from './common';

export const ACCOUNT_TYPES = ['whatsapp', 'instagram', 'messenger'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** spec §3 'Message' types. */
export const MESSAGE_TYPES = [
  'text',
  'image',
  'sticker',
  'video',
  'audio',
  'document',
  'location',
  'contact',
  'story',
  'deleted',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** spec §4 delivery states. `queue` is for scheduled publications. */
export const MESSAGE_STATUSES = ['pending', 'sent', 'unread', 'read', 'queue', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Receipts only move a message forward (channels reference §0); error is final. */
export const STATUS_RANK: Record<MessageStatus, number> = {
  queue: 0,
  pending: 1,
  sent: 2,
  unread: 3,
  read: 4,
  error: 5,
};
export function isForwardStatus(from: MessageStatus, to: MessageStatus): boolean {
  if (from === 'error' || from === 'read') return false;
  return STATUS_RANK[to] > STATUS_RANK[from];
}

/** spec §4 status labels. */
export function statusLabel(status: MessageStatus): string {
  switch (status) {
    case 'queue':
      return 'Dijadwalkan';
    case 'error':
      return 'Gagal';
    case 'sent':
      return 'Terkirim';
    case 'unread':
      return 'Belum dibaca';
    default:
      return 'Dibaca';
  }
}

/** Names shown instead of an empty text, e.g. in the chat list. */
export const MESSAGE_TYPE_NAMES: Record<MessageType, string> = {
  text: 'Teks',
  image: 'Gambar',
  sticker: 'Stiker',
  video: 'Video',
  audio: 'Audio',
  document: 'Dokumen',
  location: 'Lokasi',
  contact: 'Kontak',
  story: 'Story',
  deleted: 'Pesan telah dihapus',
};

export const account = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  label: z.object({ name: z.string(), phoneNumber: z.string() }),
  isSandbox: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof account>;

export const chatLabel = z.object({ _id: z.string(), name: z.string(), color: z.string() });
export type ChatLabel = z.infer<typeof chatLabel>;

export const lastMessage = z.object({
  sendAt: z.string(),
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
  isFromMe: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
});
export type LastMessage = z.infer<typeof lastMessage>;

/** spec §3 'Chat'. */
export const chat = z.object({
  _id: z.string(),
  accountId: z.string(),
  account: z.object({ type: z.enum(ACCOUNT_TYPES), label: z.object({ name: z.string() }) }),
  senderPicture: z.string().nullable(),
  contact: z.object({
    name: z.string(),
    phoneNumber: z.string(),
    note: z.string(),
    labels: z.array(chatLabel),
    labelIds: z.array(z.string()),
  }),
  agentId: z.string().nullable(),
  agent: z.object({ _id: z.string(), name: z.string(), phone: z.string() }).nullable(),
  lastMessage: lastMessage.nullable(),
  fromSenderAt: z.string().nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type Chat = z.infer<typeof chat>;

export const quotedMessage = z.object({
  messageId: z.string(),
  isFromMe: z.boolean(),
  senderName: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
});

/** spec §3 'Message'. Media objects arrive with the media issue; text is complete here. */
export const message = z.object({
  _id: z.string(),
  messageId: z.string().nullable(),
  temporaryId: z.string().nullable(),
  chatId: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  isFromMe: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  agentId: z.string().nullable(),
  agent: z.object({ name: z.string() }).nullable(),
  errorMessage: z.string().nullable(),
  quotedMessageId: z.string().nullable(),
  quoted: quotedMessage.nullable(),
});
export type Message = z.infer<typeof message>;

export const CHAT_STATUSES = ['', 'unread', 'unreplied'] as const;
export type ChatStatusFilter = (typeof CHAT_STATUSES)[number];

/** Array query parameters arrive as repeated keys, `key[]`, or one comma-separated value. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v : v ? [v] : [])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 200),
  );

export const chatListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.chatPageSize),
  status: z.enum(CHAT_STATUSES).default(''),
  accountIds: idList,
  labelIds: idList,
  agentIds: idList,
});
export type ChatListQuery = z.input<typeof chatListQuery>;

export const chatPage = paged(chat);
export const chatCount = z.object({ unread: z.number().int(), unreplied: z.number().int() });
export type ChatCount = z.infer<typeof chatCount>;

export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.messagePageSize),
});
export const messagePage = paged(message);

const phoneNumberField = z
  .string({ error: t('validation.phone') })
  .trim()
  .regex(/^\d+$/, t('validation.phone'))
  .min(LIMITS.phoneMinLength, t('validation.phone'))
  .max(LIMITS.phoneMaxLength, t('validation.phone'))
  .refine((v) => !v.startsWith('0'), t('validation.phone'));

const textField = z
  .string({ error: t('chat.textInvalid') })
  .max(4096, t('validation.maxLength', { max: 4096 }))
  .refine((v) => v.trim().length > 0, t('chat.textInvalid'));

/** spec §5 'Start-chat form'. */
export const newChatBody = z.object({
  accountId: z.string({ error: t('chat.senderInvalid') }).min(1, t('chat.senderInvalid')),
  phoneNumber: phoneNumberField,
  text: textField,
});
export type NewChatBody = z.infer<typeof newChatBody>;

/** POST /chat/{id}/message. Text for now; the media issue adds the other types. */
export const sendMessageBody = z.object({
  temporaryId: z
    .string({ error: t('validation.required') })
    .length(LIMITS.temporaryIdLength, t('chat.temporaryIdInvalid')),
  type: z.literal('text').default('text'),
  text: textField,
  quotedMessageId: z.string().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const REALTIME_TYPES = ['message.created', 'message.updated', 'chat.updated', 'chat.deleted'] as const;
export type RealtimeType = (typeof REALTIME_TYPES)[number];

/** One realtime frame (spec §7 'Realtime'): sent as JSON.stringify(JSON.stringify(event)). */
export const realtimeEvent = z.object({
  type: z.enum(REALTIME_TYPES),
  chat: chat.nullable(),
  message: message.nullable(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** Decodes a frame, tolerating single encoding; null when it is not an event. */
export function parseRealtimeFrame(data: string): RealtimeEvent | null {
  try {
    let value: unknown = JSON.parse(data);
    if (typeof value === 'string') value = JSON.parse(value);
    const parsed = realtimeEvent.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const sandboxInboundBody = z.object({
  accountId: z.string().min(1, t('validation.required')),
  phoneNumber: phoneNumberField,
  name: z
    .string()
    .trim()
    .min(1, t('validation.required'))
    .max(100, t('validation.maxLength', { max: 100 })),
  text: textField,
});
export type SandboxInboundBody = z.infer<typeof sandboxInboundBody>;

/** What the customer simulator sees of one conversation. */
export const sandboxConversation = z.object({
  chatId: z.string().nullable(),
  messages: z.array(
    z.object({
      _id: z.string(),
      text: z.string(),
      isFromMe: z.boolean(),
      status: z.enum(MESSAGE_STATUSES),
      createdAt: z.string(),
    }),
  ),
});
export type SandboxConversation = z.infer<typeof sandboxConversation>;

/** Generates the 20-character temporary id of a pending message (spec §3). */
export function temporaryId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(LIMITS.temporaryIdLength);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export const assignBody = z.object({
  agentId: z.string({ error: t('validation.required') }).min(1, t('validation.required')),
});
export type AssignBody = z.infer<typeof assignBody>;
