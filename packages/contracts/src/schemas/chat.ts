import { z } from 'zod';
import { LIMITS } from '../limits';
import { ATTACHMENT_MESSAGES } from '../catalogue/attachment';
import { t } from '../catalogue/messages';
import { pageQuery, paged } from './common';
import { ACCOUNT_TYPES } from './account';
import { cloudTemplateSend } from './integration';
import { MESSAGE_STATUSES, MESSAGE_TYPES, messageTextField } from './message';

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

/** A conversation's state (issue 21). */
export const CONVERSATION_STATES = ['open', 'resolved', 'snoozed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
/** Which conversations the list shows: one state, or all of them ('Terbuka' by default). */
export const CONVERSATION_VIEWS = ['open', 'resolved', 'snoozed', 'all'] as const;
export type ConversationView = (typeof CONVERSATION_VIEWS)[number];
/** Whose chats: everyone's, the signed-in agent's ('Milik Saya') or nobody's ('Belum Ditugaskan'). */
export const ASSIGNEE_VIEWS = ['', 'me', 'none'] as const;
export type AssigneeView = (typeof ASSIGNEE_VIEWS)[number];

/** spec §3 'Chat'. */
export const chat = z.object({
  _id: z.string(),
  accountId: z.string(),
  account: z.object({
    type: z.enum(ACCOUNT_TYPES),
    label: z.object({ name: z.string() }),
    /** 'sandbox', 'whatsapp-web', 'meta', 'whatsapp-cloud' (issue 25: which channel rules apply) */
    provider: z.string(),
    /**
     * Hours after the contact's last message in which replies may go out (Instagram 24, Messenger 24
     * or 168 with Human Agent, the WhatsApp Cloud API 24 and then templates only); null: no window.
     */
    replyWindowHours: z.number().int().nullable(),
  }),
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
  /** issue 21: open, resolved or snoozed (until snoozedUntil); a customer's message reopens it */
  conversationState: z.enum(CONVERSATION_STATES),
  snoozedUntil: z.string().nullable(),
});
export type Chat = z.infer<typeof chat>;

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
  /** issue 21, beside the spec's tabs: the conversation state in view and whose chats */
  state: z.enum(CONVERSATION_VIEWS).default('open'),
  assignee: z.enum(ASSIGNEE_VIEWS).default(''),
});
export type ChatListQuery = z.input<typeof chatListQuery>;

export const chatPage = paged(chat);
/** GET /chat/count: the tabs' counts over the chats in view (issue 21). */
export const chatCountQuery = z.object({
  state: z.enum(CONVERSATION_VIEWS).default('open'),
  assignee: z.enum(ASSIGNEE_VIEWS).default(''),
});
export type ChatCountQuery = z.input<typeof chatCountQuery>;
export const chatCount = z.object({ unread: z.number().int(), unreplied: z.number().int() });
export type ChatCount = z.infer<typeof chatCount>;

/** A customer's number as typed in the start-chat form: every failure reads 'Nomor Telepon tidak valid'. */
export const customerPhoneField = z
  .string({ error: t('validation.phone') })
  .trim()
  .regex(/^\d+$/, t('validation.phone'))
  .min(LIMITS.phoneMinLength, t('validation.phone'))
  .max(LIMITS.phoneMaxLength, t('validation.phone'))
  .refine((v) => !v.startsWith('0'), t('validation.phone'));

/** spec §5 'Start-chat form'. */
export const newChatBody = z.object({
  accountId: z.string({ error: t('chat.senderInvalid') }).min(1, t('chat.senderInvalid')),
  phoneNumber: customerPhoneField,
  text: messageTextField,
  /** a WhatsApp Cloud API number starts conversations with an approved template (issue 25) */
  template: cloudTemplateSend.optional(),
});
export type NewChatBody = z.infer<typeof newChatBody>;

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
