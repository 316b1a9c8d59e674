/**
 * The auth forms' schemas, loaded on the first keystroke rather than with the page so that /login
 * stays small (zod is the largest library the forms use).
 */
import { z } from 'zod';
import {
  adminLoginBody,
  loginBody,
  registerBody,
  registerVerifyBody,
  resetPasswordBody,
  resetRequestBody,
  t,
} from '@sapa/contracts';
import { localPhoneField } from '../../lib/local-phone-field';

export { adminLoginBody, loginBody, registerBody, resetRequestBody };

/** The register form holds the number without its dial code; the body sent is checked by `registerBody`. */
export const registerForm = registerBody.omit({ referralCode: true }).extend({
  country: z.string(),
  phone: localPhoneField,
});

/** The registration's second step: the code; the email is the one the first step sent. */
export const registerCodeForm = registerVerifyBody.pick({ code: true });

/** New password twice; the token comes from the link. */
export const resetForm = resetPasswordBody
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, t('validation.required')) })
  .refine((v) => v.password === v.confirmPassword, {
    message: t('validation.passwordConfirm'),
    path: ['confirmPassword'],
  });
