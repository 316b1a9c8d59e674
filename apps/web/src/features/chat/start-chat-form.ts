import { z } from 'zod';
import { isValidLocalPhone, newChatBody, t } from '@sapa/contracts';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';

/** spec §2 'Start-chat modal': who the first message goes to. Only Manual is wired up for now. */
export type RecipientType = 'manual' | 'group' | 'whatsapp';

/** spec §2: a group or WhatsApp contact's number is sent as stored, without a dial code. */
export const NO_DIAL = 'none';

export const START_CHAT_INITIAL = {
  accountId: '',
  /** The dial-code select's country (Indonesia, 62, by default). */
  country: DEFAULT_COUNTRY.code,
  /** The number after the dial code. */
  phoneNumber: '',
  text: '',
};
export type StartChatValues = typeof START_CHAT_INITIAL;

/**
 * spec §5 'Start-chat form': sender required ('Nomor Pengirim tidak valid'); the phone required,
 * numeric, at most 20 characters and not starting with 0 ('Nomor Telepon tidak valid'); text
 * required ('Teks tidak valid'). The phone sent is the dial code plus the number; the result then
 * passes the API's own body rules.
 */
export const startChatSchema = z
  .object({
    accountId: z.string().min(1, t('chat.senderInvalid')),
    country: z.string().min(1, t('validation.required')),
    phoneNumber: z.string().trim().refine(isValidLocalPhone, t('validation.phone')),
    text: z.string().refine((v) => v.trim().length > 0, t('chat.textInvalid')),
  })
  .transform((v) => ({
    accountId: v.accountId,
    phoneNumber: v.country === NO_DIAL ? v.phoneNumber : `${countryByCode(v.country).dial}${v.phoneNumber}`,
    text: v.text.trim(),
  }))
  .pipe(newChatBody);
