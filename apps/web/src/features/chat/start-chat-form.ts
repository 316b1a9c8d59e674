import { z } from 'zod';
import { isValidLocalPhone, newChatBody, t, type CloudTemplate, type NewChatBody } from '@sapa/contracts';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';
import { templateContent } from './cloud-template';

/** spec §2 'Start-chat modal': who the first message goes to. Only Manual is wired up for now. */
export type RecipientType = 'manual' | 'group' | 'whatsapp';

/** spec §2: a group or WhatsApp contact's number is sent as stored, without a dial code. */
export const NO_DIAL = 'none';

/** issue 25: a sender on the WhatsApp Cloud API starts conversations with an approved template. */
export const CLOUD_PROVIDER = 'whatsapp-cloud';

export const START_CHAT_INITIAL = {
  accountId: '',
  /** The dial-code select's country (Indonesia, 62, by default). */
  country: DEFAULT_COUNTRY.code,
  /** The number after the dial code. */
  phoneNumber: '',
  text: '',
};
export type StartChatValues = typeof START_CHAT_INITIAL;

const recipientFields = {
  accountId: z.string().min(1, t('chat.senderInvalid')),
  country: z.string().min(1, t('validation.required')),
  phoneNumber: z.string().trim().refine(isValidLocalPhone, t('validation.phone')),
};

/** The number sent: the dial code plus the number, or a picked contact's number as stored. */
const fullPhone = (v: { country: string; phoneNumber: string }) =>
  v.country === NO_DIAL ? v.phoneNumber : `${countryByCode(v.country).dial}${v.phoneNumber}`;

/**
 * spec §5 'Start-chat form': sender required ('Nomor Pengirim tidak valid'); the phone required,
 * numeric, at most 20 characters and not starting with 0 ('Nomor Telepon tidak valid'); text
 * required ('Teks tidak valid'). The phone sent is the dial code plus the number; the result then
 * passes the API's own body rules.
 */
export const startChatSchema = z
  .object({
    ...recipientFields,
    text: z.string().refine((v) => v.trim().length > 0, t('chat.textInvalid')),
  })
  .transform((v) => ({ accountId: v.accountId, phoneNumber: fullPhone(v), text: v.text.trim() }))
  .pipe(newChatBody);

/**
 * issue 25: the same sender and phone rules for a WhatsApp Cloud API sender, whose first message
 * is a template (no 'Pesan' field): answers the sender and the number sent.
 */
export const startChatRecipientSchema = z
  .object(recipientFields)
  .transform((v) => ({ accountId: v.accountId, phoneNumber: fullPhone(v) }));

/**
 * issue 25: POST /chat/new for a Cloud API sender: the template's body with its placeholders filled
 * as the text, and the template's name, language and values.
 */
export function templateStartBody(
  recipient: { accountId: string; phoneNumber: string },
  template: CloudTemplate,
  values: readonly string[],
): NewChatBody {
  const { text, template: sent } = templateContent(template, values);
  return { ...recipient, text, template: sent };
}
