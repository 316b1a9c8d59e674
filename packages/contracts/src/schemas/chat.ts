import { z } from 'zod';
import { LIMITS } from '../limits';
import { t } from '../messages';
import { pageQuery, paged } from './common';
import { ATTACHMENT_MESSAGES } from '../attachments';

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
  /** 'sandbox', 'whatsapp-web', 'meta'... */
  provider: z.string(),
  /** one of ACCOUNT_STATUSES (schemas/whatsapp.ts) */
  status: z.string(),
  /** why it is not connected, in Indonesian (WHATSAPP_MESSAGES), or null */
  statusReason: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** while a WhatsApp Web number is being linked: its QR or pairing code */
  linking: z
    .object({
      method: z.enum(['qr', 'code']),
      qr: z.string().nullable(),
      code: z.string().nullable(),
      expiresAt: z.string().nullable(),
    })
    .nullable(),
  /** WhatsApp Web pacing (null for other providers) */
  pacing: z.object({ minGapMs: z.number().int(), hourlyCap: z.number().int() }).nullable(),
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

/** spec §3 media objects. `url` is where the file is served; thumbnails are small data: URLs. */
export const imageMedia = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  mimetype: z.string(),
});
export const videoMedia = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.number().int(),
  mimetype: z.string(),
});
export const audioMedia = z.object({ url: z.string(), duration: z.number().int(), mimetype: z.string() });
/** size in kB: bytes/1000 rounded (spec §9). */
export const documentMedia = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimetype: z.string(),
});
export const locationMedia = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string(),
  address: z.string(),
  thumbnail: z.string().nullable(),
});
export const contactMedia = z.object({ name: z.string(), dial: z.string(), phoneNumber: z.string() });
export const stickerMedia = z.object({ url: z.string() });

export type ImageMedia = z.infer<typeof imageMedia>;
export type VideoMedia = z.infer<typeof videoMedia>;
export type AudioMedia = z.infer<typeof audioMedia>;
export type DocumentMedia = z.infer<typeof documentMedia>;
export type LocationMedia = z.infer<typeof locationMedia>;
export type ContactMedia = z.infer<typeof contactMedia>;
export type StickerMedia = z.infer<typeof stickerMedia>;

/** The media object of a message or template, under the key of its type (spec §3). */
export const mediaFields = {
  image: imageMedia.optional(),
  video: videoMedia.optional(),
  audio: audioMedia.optional(),
  document: documentMedia.optional(),
  location: locationMedia.optional(),
  contact: contactMedia.optional(),
  sticker: stickerMedia.optional(),
};
/** The media object under its type's key, as messages, quotes and templates carry it. */
export interface MediaFields {
  image?: ImageMedia;
  video?: VideoMedia;
  audio?: AudioMedia;
  document?: DocumentMedia;
  location?: LocationMedia;
  contact?: ContactMedia;
  sticker?: StickerMedia;
}
export const MEDIA_KEYS = ['image', 'video', 'audio', 'document', 'location', 'contact', 'sticker'] as const;
export type MediaKey = (typeof MEDIA_KEYS)[number];
export type MediaObject =
  ImageMedia | VideoMedia | AudioMedia | DocumentMedia | LocationMedia | ContactMedia | StickerMedia;
export function isMediaKey(type: string): type is MediaKey {
  return (MEDIA_KEYS as readonly string[]).includes(type);
}

export const quotedMessage = z.object({
  messageId: z.string(),
  isFromMe: z.boolean(),
  senderName: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  ...mediaFields,
});
export type QuotedMessage = z.infer<typeof quotedMessage>;

/** spec §3 'Message', with the media object of its type under that type's key. */
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
  ...mediaFields,
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

/** A file the server stored (POST /chat/media): the message refers to it by url. */
const fileRef = z.object(
  { url: z.string({ error: ATTACHMENT_MESSAGES.mediaRequired }).min(1, ATTACHMENT_MESSAGES.mediaRequired) },
  { error: ATTACHMENT_MESSAGES.mediaRequired },
);
const captionField = z
  .string()
  .max(4096, t('validation.maxLength', { max: 4096 }))
  .optional()
  .default('');
/** A coordinate as typed ('-6.2', '-6,2') or sent as a number; blank is missing, not zero. */
const coordinate = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? Number(v.trim().replace(',', '.')) : undefined) : v),
    z.number({ error: message }).refine((v) => Number.isFinite(v) && Math.abs(v) <= max, message),
  );
const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(1000, message);

/** spec §5 'Location form'. */
export const locationInput = z.object({
  latitude: coordinate(90, ATTACHMENT_MESSAGES.latitude),
  longitude: coordinate(180, ATTACHMENT_MESSAGES.longitude),
  name: requiredText(ATTACHMENT_MESSAGES.locationName),
  address: requiredText(ATTACHMENT_MESSAGES.locationAddress),
});
export type LocationInput = z.input<typeof locationInput>;

/** spec §5 'Contact form': name, dial (default 62) and a numeric phone number. */
export const contactInput = z.object({
  name: requiredText(ATTACHMENT_MESSAGES.contactName),
  dial: z
    .string({ error: t('validation.required') })
    .trim()
    .regex(/^\d{1,4}$/, t('validation.required'))
    .default(LIMITS.defaultDial),
  phoneNumber: z
    .string({ error: ATTACHMENT_MESSAGES.contactPhone })
    .trim()
    .regex(/^\d{4,20}$/, ATTACHMENT_MESSAGES.contactPhone),
});
export type ContactInput = z.input<typeof contactInput>;

/** The content of a message or template, by type: text, a stored file, a location or a contact card. */
export const messageContent = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), text: textField }),
    z.object({ type: z.literal('image'), text: captionField, image: fileRef }),
    z.object({ type: z.literal('video'), text: captionField, video: fileRef }),
    z.object({ type: z.literal('audio'), text: captionField, audio: fileRef }),
    z.object({
      type: z.literal('document'),
      text: captionField,
      document: fileRef.extend({ name: z.string().trim().max(255).optional() }),
    }),
    z.object({ type: z.literal('sticker'), text: captionField, sticker: fileRef }),
    z.object({ type: z.literal('location'), text: captionField, location: locationInput }),
    z.object({ type: z.literal('contact'), text: captionField, contact: contactInput }),
  ],
  { error: ATTACHMENT_MESSAGES.typeInvalid },
);
export type MessageContent = z.output<typeof messageContent>;
export type MessageContentInput = z.input<typeof messageContent>;

/** A body without a type is a text message (the first API took text only). */
const withDefaultType = (value: unknown) =>
  value && typeof value === 'object' && !('type' in value) ? { ...value, type: 'text' } : value;

/** POST /chat/{id}/message: idempotent on temporaryId; quotedMessageId replies to a message (WhatsApp). */
export const sendMessageBody = z.preprocess(
  withDefaultType,
  messageContent.and(
    z.object({
      temporaryId: z
        .string({ error: t('validation.required') })
        .length(LIMITS.temporaryIdLength, t('chat.temporaryIdInvalid')),
      quotedMessageId: z.string().min(1).optional(),
    }),
  ),
);
export type SendMessageBody = z.input<typeof sendMessageBody>;
export type SendMessageInput = z.output<typeof sendMessageBody>;

/** POST /chat/media answers where the file is and what the server found in it. */
export const uploadedMedia = z.object({
  url: z.string(),
  name: z.string(),
  mimetype: z.string(),
  /** bytes */
  size: z.number().int(),
  thumbnail: z.string().nullable(),
  /** rounded seconds for audio and video */
  duration: z.number().int().nullable(),
});
export type UploadedMedia = z.infer<typeof uploadedMedia>;

/** spec §3 'Chat template'. */
export const TEMPLATE_TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'contact'] as const;
export const chatTemplate = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  ...mediaFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatTemplate = z.infer<typeof chatTemplate>;

const templateTitle = z
  .string({ error: t('template.titleInvalid') })
  .trim()
  .min(1, t('template.titleInvalid'))
  .max(LIMITS.nameMaxLength, t('validation.maxLength', { max: LIMITS.nameMaxLength }));

/** POST /chat/template and PUT /chat/template/{id}: a title plus the content of its type. */
export const templateBody = z.preprocess(
  withDefaultType,
  messageContent
    .refine((c) => c.type !== 'sticker', { message: t('validation.invalid'), path: ['type'] })
    .and(z.object({ title: templateTitle })),
);
export type TemplateBody = z.input<typeof templateBody>;
export type TemplateInput = z.output<typeof templateBody>;

export const templateListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.templatePageSize),
});
export const templatePage = paged(chatTemplate);

export const REALTIME_TYPES = [
  'message.created',
  'message.updated',
  'chat.updated',
  'chat.deleted',
  /** an account's status or linking QR changed: `account` holds it, chat and message are null */
  'account.updated',
] as const;
export type RealtimeType = (typeof REALTIME_TYPES)[number];

/** One realtime frame (spec §7 'Realtime'): sent as JSON.stringify(JSON.stringify(event)). */
export const realtimeEvent = z.object({
  type: z.enum(REALTIME_TYPES),
  chat: chat.nullable(),
  message: message.nullable(),
  account: account.nullable().optional(),
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

/** POST /api/sandbox/inbound: a customer writes; any content type (files uploaded via the sandbox first). */
export const sandboxInboundBody = z.preprocess(
  withDefaultType,
  messageContent.and(
    z.object({
      accountId: z.string().min(1, t('validation.required')),
      phoneNumber: phoneNumberField,
      name: z
        .string()
        .trim()
        .min(1, t('validation.required'))
        .max(100, t('validation.maxLength', { max: 100 })),
      /** the business message the customer replies to */
      quotedMessageId: z.string().min(1).optional(),
      /** when the customer wrote, for trying time rules (Instagram's 24 hours); now when left out */
      sentAt: z.iso.datetime({ offset: true }).optional(),
    }),
  ),
);
export type SandboxInboundBody = z.input<typeof sandboxInboundBody>;
export type SandboxInboundInput = z.output<typeof sandboxInboundBody>;

/** POST /api/sandbox/account: the same owner's sandbox account on another channel, to try its rules. */
export const sandboxAccountBody = z.object({
  accountId: z.string().min(1, t('validation.required')),
  type: z.enum(ACCOUNT_TYPES),
});

/** A sandbox account as the simulator lists it. */
export const sandboxAccount = z.object({
  _id: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  label: z.object({ name: z.string(), phoneNumber: z.string() }),
  ownerName: z.string().optional(),
});
export type SandboxAccount = z.infer<typeof sandboxAccount>;

/** What the customer simulator sees of one conversation. */
export const sandboxConversation = z.object({
  chatId: z.string().nullable(),
  messages: z.array(
    z.object({
      _id: z.string(),
      type: z.enum(MESSAGE_TYPES),
      text: z.string(),
      isFromMe: z.boolean(),
      status: z.enum(MESSAGE_STATUSES),
      createdAt: z.string(),
      quoted: quotedMessage.nullable(),
      ...mediaFields,
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

/** PUT /chat/{id}/contact (spec §7): what the drawer edits; a field left out keeps its value. */
export const chatContactBody = z.object({
  name: z
    .string({ error: ATTACHMENT_MESSAGES.contactName })
    .trim()
    .min(1, ATTACHMENT_MESSAGES.contactName)
    .max(LIMITS.nameMaxLength, t('validation.maxLength', { max: LIMITS.nameMaxLength }))
    .optional(),
  phoneNumber: z
    .string({ error: t('validation.phone') })
    .trim()
    .regex(/^\d{0,20}$/, t('validation.phone'))
    .refine((v) => !v.startsWith('0'), t('validation.phone'))
    .optional(),
  note: z
    .string()
    .max(2000, t('validation.maxLength', { max: 2000 }))
    .optional(),
  labelIds: z
    .array(z.string().min(1))
    .max(50, t('validation.maxLength', { max: 50 }))
    .optional(),
});
export type ChatContactBody = z.input<typeof chatContactBody>;

export const assignBody = z.object({
  agentId: z.string({ error: t('validation.required') }).min(1, t('validation.required')),
});
export type AssignBody = z.infer<typeof assignBody>;
