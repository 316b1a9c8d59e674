import { z } from 'zod';
import { isValidLocalPhone, LIMITS, t } from '@sapa/contracts';

const required = t('validation.required');

/** The number typed next to the dial select: digits, not starting with 0 (spec §5 'Nomor Telepon tidak valid'). */
export const localPhoneField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d+$/, t('validation.numeric'))
  .max(LIMITS.phoneMaxLength, t('validation.maxLength', { max: LIMITS.phoneMaxLength }))
  .refine(isValidLocalPhone, t('validation.phone'));
