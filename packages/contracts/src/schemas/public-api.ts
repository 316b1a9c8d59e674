import { z } from 'zod';
import { PUBLIC_API_MESSAGES } from '../catalogue/public-api';
import { chatPage, customerPhoneField } from './chat';
import { cloudTemplateSend } from './integration';
import { message, messageContent, messageListQuery, messagePage, withDefaultType } from './message';

/**
 * The public API under /api/v1 (issue 26): a number's own token (`Authorization: Bearer`) acts for
 * that number alone. Its shapes are the app's own (Message, Chat, the send body's content), so what a
 * developer reads is what the inbox shows.
 */

/** `Idempotency-Key`: 1-100 of [A-Za-z0-9_-]; a POST repeated with it within 24 h is answered once. */
export const idempotencyKey = z
  .string({ error: PUBLIC_API_MESSAGES.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, PUBLIC_API_MESSAGES.idempotencyKeyInvalid);

/** The headers of the public POST routes (documentation; the handler checks the key itself). */
export const publicPostHeaders = z.object({ 'idempotency-key': idempotencyKey.optional() });

/**
 * POST /api/v1/messages: `to` (the customer's number, digits with the country code) and the content
 * as the app sends it (text, image, video, audio, document, sticker, location, contact; files by the
 * url of a file already stored), optionally replying to a message of that chat, or (WhatsApp Cloud API
 * numbers) an approved template. A body without `type` is a text message.
 */
export const publicSendMessageBody = z.preprocess(
  withDefaultType,
  messageContent.and(
    z.object({
      to: customerPhoneField,
      quotedMessageId: z.string().min(1).max(100).optional(),
      template: cloudTemplateSend.optional(),
    }),
  ),
);
export type PublicSendMessageBody = z.input<typeof publicSendMessageBody>;
export type PublicSendMessageInput = z.output<typeof publicSendMessageBody>;
/** The stored message, pending until the channel takes it (its status moves on in GET .../messages). */
export const publicSentMessage = message;

/** GET /api/v1/chats: the number's chats, newest last message first. */
export const publicChatListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PublicChatListQuery = z.input<typeof publicChatListQuery>;
export const publicChatPage = chatPage;

/** GET /api/v1/chats/{id}/messages: page 1 is the newest, each page oldest first (as in the app). */
export const publicMessageListQuery = messageListQuery;
export const publicMessagePage = messagePage;

/** POST /api/v1/numbers/check: which of up to 50 numbers have WhatsApp. */
export const numbersCheckBody = z.object({
  phones: z
    .array(customerPhoneField, { error: PUBLIC_API_MESSAGES.phonesInvalid })
    .min(1, PUBLIC_API_MESSAGES.phonesInvalid)
    .max(50, PUBLIC_API_MESSAGES.phonesInvalid),
});
export type NumbersCheckBody = z.input<typeof numbersCheckBody>;
export const numbersCheckResult = z.array(z.object({ phone: z.string(), exists: z.boolean() }));
export type NumbersCheckResult = z.infer<typeof numbersCheckResult>;
