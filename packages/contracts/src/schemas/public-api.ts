import { z } from 'zod';
import { interpolate } from '../catalogue/messages';
import { PUBLICATION_MESSAGES } from '../catalogue/publication';
import { PUBLIC_API_MESSAGES } from '../catalogue/public-api';
import { chatPage, customerPhoneField } from './chat';
import { contactPhone, deleteContactsResponse, groupContactInput } from './contact';
import { cloudTemplateSend } from './integration';
import { uploadedMedia } from './media';
import { message, messageContent, messageListQuery, messagePage, withDefaultType } from './message';
import { PUBLICATION_LIMITS, PUBLICATION_STATES, broadcastBody } from './publication';

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
 * url of a file already stored, e.g. by POST /api/v1/media), optionally replying to a message of that chat, or (WhatsApp Cloud API
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
/** The request example the documentation shows for POST /api/v1/messages (Scalar's curl, fetch...). */
export const PUBLIC_SEND_EXAMPLE = { to: '6281234567890', type: 'text', text: 'Halo dari API Sapa' } as const;
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

// ---- lists ----

/**
 * The query of the public lists (contacts, groups, broadcasts): page, limit (at most 100) and `q`,
 * the text searched (as the app's search box).
 */
export const publicListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});
export type PublicListQuery = z.input<typeof publicListQuery>;

// ---- contacts and groups: the app's own Group contact and Group ----

/** GET /api/v1/contacts: the owner's contacts (every group's, or one group's with `groupId`). */
export const publicContactListQuery = publicListQuery.extend({
  groupId: z.string().trim().min(1).max(100).optional(),
});
export type PublicContactListQuery = z.input<typeof publicContactListQuery>;

/** The group of a new contact: every contact is in exactly one of the owner's groups. */
const publicGroupId = z
  .string({ error: PUBLIC_API_MESSAGES.groupRequired })
  .trim()
  .min(1, PUBLIC_API_MESSAGES.groupRequired)
  .max(100, PUBLIC_API_MESSAGES.groupRequired);

/**
 * POST /api/v1/contacts: one contact (name, number, values by column) into one group; a number already
 * in that group updates that contact, as adding contacts in the app does.
 */
export const publicContactBody = groupContactInput.extend({ groupId: publicGroupId });
export type PublicContactBody = z.input<typeof publicContactBody>;
export type PublicContactInput = z.output<typeof publicContactBody>;

/**
 * PATCH /api/v1/contacts/{id}: the fields sent change, the others stay. `values` is merged into the
 * contact's values by column; a column set to null or '' is emptied.
 */
export const publicContactPatchBody = z.object({
  name: groupContactInput.shape.name.optional(),
  phoneNumber: groupContactInput.shape.phoneNumber.optional(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type PublicContactPatchBody = z.input<typeof publicContactPatchBody>;
export type PublicContactPatch = z.output<typeof publicContactPatchBody>;

/** DELETE /api/v1/contacts/{id} and /api/v1/groups/{id}/contacts/{contactId}. */
export const publicDeletedContacts = deleteContactsResponse;

// ---- broadcasts: the app's own Broadcast, from the token's number ----

/** GET /api/v1/broadcasts: the number's broadcasts, newest first, by state and name (`q`). */
export const publicBroadcastListQuery = publicListQuery.extend({
  state: z.enum(PUBLICATION_STATES).optional(),
});
export type PublicBroadcastListQuery = z.input<typeof publicBroadcastListQuery>;

/**
 * POST /api/v1/broadcasts: the app's broadcast form without its senders (the token's number sends),
 * its pasted numbers as a list: `groupIds` and/or `phoneNumbers` (each as people type it, normalised
 * to digits with the country code).
 */
export const publicBroadcastBody = z
  .object({
    name: broadcastBody.shape.name,
    groupIds: broadcastBody.shape.groupIds,
    phoneNumbers: z
      .array(contactPhone)
      .max(
        PUBLICATION_LIMITS.recipientsMax,
        interpolate(PUBLICATION_MESSAGES.recipientsTooMany, { max: PUBLICATION_LIMITS.recipientsMax }),
      )
      .default([]),
    message: broadcastBody.shape.message,
    fallbacks: broadcastBody.shape.fallbacks,
    scheduledAt: broadcastBody.shape.scheduledAt,
  })
  .refine((b) => b.groupIds.length > 0 || b.phoneNumbers.length > 0, {
    message: PUBLICATION_MESSAGES.recipientsRequired,
    path: ['groupIds'],
  });
export type PublicBroadcastBody = z.input<typeof publicBroadcastBody>;
export type PublicBroadcastInput = z.output<typeof publicBroadcastBody>;

// ---- media ----

/**
 * POST /api/v1/media: a multipart/form-data body with the file in its `file` field (for the document;
 * the upload is read as a stream, under the app's limits).
 */
export const publicMediaUpload = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'Berkas (maks. 10 MB): gambar, video, audio, dokumen atau stiker',
  }),
});
/** Where the stored file is: its `url` goes in a message's media object (`image.url`, ...). */
export const publicUploadedMedia = uploadedMedia;
