import { z } from 'zod';
import { paged } from './common';
import { channelLink } from './integration';

export const ACCOUNT_TYPES = ['whatsapp', 'instagram', 'messenger'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

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
  /** issue 21: new chats of this number go to the next available agent */
  roundRobin: z.boolean(),
  /** Instagram, Messenger and Cloud API numbers (issue 25): the Meta side of the account; else null */
  channel: channelLink.nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof account>;

/** GET /account: the tenant's accounts, a page at a time. */
export const accountPage = paged(account);
