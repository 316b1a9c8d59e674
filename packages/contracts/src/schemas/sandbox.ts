import { z } from 'zod';
import { t } from '../catalogue/messages';
import { ACCOUNT_TYPES } from './account';
import { customerPhoneField } from './chat';
import { mediaFields } from './media';
import { MESSAGE_STATUSES, MESSAGE_TYPES, messageContent, quotedMessage, withDefaultType } from './message';

/** POST /api/sandbox/inbound: a customer writes; any content type (files uploaded via the sandbox first). */
export const sandboxInboundBody = z.preprocess(
  withDefaultType,
  messageContent.and(
    z.object({
      accountId: z.string().min(1, t('validation.required')),
      phoneNumber: customerPhoneField,
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
  /** the simulator's switch: sends answer WhatsApp's 463 (restricted) */
  restricted: z.boolean(),
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

/** GET /sandbox/accounts: the sandbox accounts the caller may simulate (one with a secret link). */
export const sandboxAccountList = z.object({ docs: z.array(sandboxAccount) });

/** GET /sandbox/link: the secret link to the simulator (null unless asked with the owner's session). */
export const sandboxLink = z.object({ url: z.string().nullable() });

/** POST /sandbox/inbound: the chat the customer's message went to, and the message. */
export const sandboxInboundResponse = z.object({ chatId: z.string(), messageId: z.string() });
export type SandboxInboundResponse = z.infer<typeof sandboxInboundResponse>;

/**
 * POST /sandbox/inbound with `type: 'deleted'`: the customer deletes one of their own messages for
 * everyone (as WhatsApp's revoke does): the one named by `messageId`, else their latest.
 */
export const sandboxDeleteBody = z.object({
  type: z.literal('deleted'),
  accountId: z.string().min(1, t('validation.required')),
  phoneNumber: customerPhoneField,
  /** the customer's message (an `_id` of /sandbox/conversation); their latest one when left out */
  messageId: z.string().min(1).max(100).optional(),
});
export type SandboxDeleteBody = z.input<typeof sandboxDeleteBody>;

/** What POST /sandbox/inbound takes: a customer's message, or the deletion of one. */
export const sandboxInboundRequest = z.union([sandboxDeleteBody, sandboxInboundBody]);

/** PUT /sandbox/account/{id}/restricted: the simulator's switch 'Batasi nomor (463)'. */
export const sandboxRestrictedBody = z.object({ restricted: z.boolean() });
export type SandboxRestrictedBody = z.infer<typeof sandboxRestrictedBody>;
export const sandboxRestricted = z.object({ _id: z.string(), restricted: z.boolean() });

/** A WhatsApp Status the sandbox number posted, as the simulator's 'Status' feed shows it. */
export const sandboxStatus = z.object({
  _id: z.string(),
  accountId: z.string(),
  type: z.enum(['text', 'image', 'video']),
  /** the text, or the caption of media */
  text: z.string(),
  /** '#rrggbb' behind a text status */
  backgroundColor: z.string().nullable(),
  /** the stored image or video */
  mediaUrl: z.string().nullable(),
  /** how many contacts it went to (the number itself not counted) */
  viewers: z.number().int(),
  createdAt: z.string(),
});
export type SandboxStatus = z.infer<typeof sandboxStatus>;

/** GET /sandbox/account/{id}/status: the number's posted statuses, newest first (the last 100). */
export const sandboxStatusList = z.object({ docs: z.array(sandboxStatus) });
export type SandboxStatusList = z.infer<typeof sandboxStatusList>;
