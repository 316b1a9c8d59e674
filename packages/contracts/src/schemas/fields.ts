import { z } from 'zod';
import { LIMITS } from '../limits';
import { t } from '../catalogue/messages';

const required = t('validation.required');
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, trimmed string with the spec's generic messages. */
export const requiredString = (max: number = LIMITS.nameMaxLength) =>
  z.string({ error: required }).trim().min(1, required).max(max, t('validation.maxLength', { max }));

export const nameField = requiredString(LIMITS.nameMaxLength);

export const emailField = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(LIMITS.emailMaxLength, t('validation.maxLength', { max: LIMITS.emailMaxLength }))
  .regex(EMAIL_RE, t('validation.email'));

/** A full phone number with its country code: digits, not starting with 0, 8 to 20 characters. */
export const phoneField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d+$/, t('validation.numeric'))
  .max(LIMITS.phoneMaxLength, t('validation.maxLength', { max: LIMITS.phoneMaxLength }))
  .refine((v) => !v.startsWith('0') && v.length >= LIMITS.phoneMinLength, t('validation.phone'));

export const passwordField = z
  .string({ error: required })
  .min(1, required)
  .min(LIMITS.passwordMinLength, t('validation.passwordMin', { min: LIMITS.passwordMinLength }))
  .max(LIMITS.passwordMaxLength, t('validation.maxLength', { max: LIMITS.passwordMaxLength }));

export const codeField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d{6}$/, t('validation.code'));

export const idField = z.string().min(1);
