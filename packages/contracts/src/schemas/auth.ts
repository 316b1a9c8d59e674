import { z } from 'zod';
import { codeField, emailField, nameField, passwordField, phoneField, requiredString } from './fields';
import { userProfile } from './user';
import { adminProfile } from './admin';
import { t } from '../catalogue/messages';

const required = t('validation.required');

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  referralCode: z.string().trim().max(50).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * POST /auth/register answers the same for a new email and a taken one (202, the message naming the
 * email): nothing tells a visitor whether an account exists. The code mailed to a new email finishes
 * the registration at POST /auth/register/verify, which signs the new owner in (a `LoginResponse`).
 */
export const registerResponse = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const registerVerifyBody = z.object({ email: emailField, code: codeField });
export type RegisterVerifyBody = z.infer<typeof registerVerifyBody>;

/** Owners and agents sign in with their email or phone number. */
export const loginBody = z.object({
  identifier: requiredString(254),
  password: z.string({ error: required }).min(1, required).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const adminLoginBody = z.object({
  username: requiredString(50),
  password: z.string({ error: required }).min(1, required).max(128),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const resetRequestBody = z.object({ email: emailField });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

export const resetPasswordBody = z.object({
  token: z
    .string({ error: t('auth.resetInvalid') })
    .min(1, t('auth.resetInvalid'))
    .max(200),
  password: passwordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const loginResponse = z.object({ token: z.string(), user: userProfile });
export type LoginResponse = z.infer<typeof loginResponse>;

export const adminLoginResponse = z.object({ token: z.string(), admin: adminProfile });
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;
