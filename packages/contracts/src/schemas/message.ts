import { z } from 'zod';
import { LIMITS } from '../limits';
import { ATTACHMENT_MESSAGES } from '../catalogue/attachment';
import { t } from '../catalogue/messages';
import { paged } from './common';
import { mediaFields } from './media';
import { cloudTemplateSend } from './integration';

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

export const quotedMessage = z.object({
  messageId: z.string(),
  isFromMe: z.boolean(),
  senderName: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  ...mediaFields,
});
export type QuotedMessage = z.infer<typeof quotedMessage>;

/**
 * What a message is to the team (issue 21): the conversation itself, a private note (never sent to
 * the customer) or an automatic reply (away message or greeting, sent like any reply).
 */
export const MESSAGE_KINDS = ['message', 'note', 'auto'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

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
  /** issue 21: 'message' unless a note or an automatic reply */
  kind: z.enum(MESSAGE_KINDS),
  /** a note's @mentions: ids of the owner and agents */
  mentions: z.array(z.string()),
  /**
   * WhatsApp Cloud API (issue 25): the pricing category Meta billed this message under
   * ('marketing', 'utility', 'authentication', 'service'...), null elsewhere or before Meta told
   */
  pricingCategory: z.string().nullable(),
  ...mediaFields,
});
export type Message = z.infer<typeof message>;

export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.messagePageSize),
});
export const messagePage = paged(message);

/** The text of a text message: required, at most 4096 characters. */
export const messageTextField = z
  .string({ error: t('chat.textInvalid') })
  .max(4096, t('validation.maxLength', { max: 4096 }))
  .refine((v) => v.trim().length > 0, t('chat.textInvalid'));

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
    z.object({ type: z.literal('text'), text: messageTextField }),
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
export const withDefaultType = (value: unknown) =>
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
      /** WhatsApp Cloud API (issue 25): send an approved template; `text` is its filled-in body */
      template: cloudTemplateSend.optional(),
    }),
  ),
);
export type SendMessageBody = z.input<typeof sendMessageBody>;
export type SendMessageInput = z.output<typeof sendMessageBody>;

/** Generates the 20-character temporary id of a pending message (spec §3). */
export function temporaryId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(LIMITS.temporaryIdLength);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
