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
