import { z } from 'zod';
import { paged } from './common';
import { WHATSAPP_MESSAGES as M } from '../catalogue/whatsapp';
import { interpolate } from '../catalogue/messages';
import { normalizePhone } from '../phone';

/** Where a linked number stands (issue 7); sandbox and Meta accounts are 'connected'. */
export const ACCOUNT_STATUSES = [
  'connecting',
  'waiting_scan',
  'connected',
  'disconnected',
  'logged_out',
  'replaced',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * Safe-sending defaults for a WhatsApp Web number (reference §1.9: bans reported at ~3 msgs/s and
 * risk above ~5 msgs/min to new contacts): at least 3 s between two sends plus up to 2 s of random
 * jitter (at most ~20 a minute), and 250 an hour. Every send of the number waits its turn.
 */
export const WHATSAPP_PACING = {
  minGapMsDefault: 3000,
  jitterMs: 2000,
  hourlyCapDefault: 250,
  minGapMsMin: 1000,
  minGapMsMax: 120_000,
  hourlyCapMin: 1,
  hourlyCapMax: 2000,
} as const;

export const ACCOUNT_LABEL_MAX = 100;

const labelName = z
  .string({ error: M.labelNameInvalid })
  .trim()
  .min(1, M.labelNameInvalid)
  .max(ACCOUNT_LABEL_MAX, interpolate(M.labelNameTooLong, { max: ACCOUNT_LABEL_MAX }));

const pairingPhone = z.string({ error: M.phoneInvalid }).transform((v, ctx) => {
  const phone = normalizePhone(v);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

/** How to link: scan a QR code, or type an 8-character pairing code on the phone (needs its number). */
export const linkBody = z
  .object({
    method: z.enum(['qr', 'code'], { error: M.methodInvalid }).default('qr'),
    phoneNumber: pairingPhone.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'code' && !body.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: M.phoneInvalid });
    }
  });
export type LinkBody = z.input<typeof linkBody>;

/** POST /account/whatsapp: a new number in linking state, with its name and how to link it. */
export const createWhatsappBody = z.intersection(z.object({ labelName }), linkBody);
export type CreateWhatsappBody = z.input<typeof createWhatsappBody>;

/** PUT /account/{id}: rename, and for a WhatsApp Web number its sending pace. */
export const updateAccountBody = z.object({
  labelName: labelName.optional(),
  sendMinGapMs: z
    .number({ error: M.pacingInvalid })
    .int(M.pacingInvalid)
    .min(WHATSAPP_PACING.minGapMsMin, M.pacingInvalid)
    .max(WHATSAPP_PACING.minGapMsMax, M.pacingInvalid)
    .optional(),
  sendHourlyCap: z
    .number({ error: M.pacingInvalid })
    .int(M.pacingInvalid)
    .min(WHATSAPP_PACING.hourlyCapMin, M.pacingInvalid)
    .max(WHATSAPP_PACING.hourlyCapMax, M.pacingInvalid)
    .optional(),
});
export type UpdateAccountBody = z.input<typeof updateAccountBody>;

/** POST /account/whatsapp/{id}/test {text, phoneNumber}. */
export const testMessageBody = z.object({
  phoneNumber: pairingPhone,
  text: z.string({ error: M.textInvalid }).trim().min(1, M.textInvalid).max(4096),
});
export type TestMessageBody = z.input<typeof testMessageBody>;

/** What the integration page shows while a number is being linked (QR rotates; a pairing code stays). */
export const accountLinking = z.object({
  method: z.enum(['qr', 'code']),
  /** the QR payload to draw (null until WhatsApp sends one, and for pairing codes) */
  qr: z.string().nullable(),
  /** the 8-character pairing code, shown as XXXX-XXXX */
  code: z.string().nullable(),
  /** when this QR stops being valid (ISO), for the countdown */
  expiresAt: z.string().nullable(),
});
export type AccountLinking = z.infer<typeof accountLinking>;

/** GET /account/whatsapp/{id}/group: the WhatsApp groups the number is in. */
export const whatsappGroup = z.object({ id: z.string(), name: z.string(), participants: z.number().int() });
export type WhatsappGroup = z.infer<typeof whatsappGroup>;

/** PUT /account/whatsapp/{id}/reset-token: the new per-account API token, shown once. */
export const resetTokenResponse = z.object({ message: z.string(), token: z.string() });
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>;

/** GET /account/whatsapp/{id}/group: the groups a linked number belongs to. */
export const whatsappGroupList = z.object({ docs: z.array(whatsappGroup) });

/** spec §3 'WhatsApp contact': one person a sender account knows (the start-chat picker). */
export const whatsappContact = z.object({ id: z.string(), name: z.string(), phoneNumber: z.string() });
export type WhatsappContact = z.infer<typeof whatsappContact>;

/** GET /account/whatsapp/{id}/contact: 50 a page. */
export const whatsappContactPage = paged(whatsappContact);

/** POST /account/whatsapp/{id}/test: the test message went out, in this chat. */
export const testMessageResponse = z.object({ message: z.string(), chatId: z.string() });
