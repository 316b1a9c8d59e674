import { z } from 'zod';
import { codeField, emailField, nameField, passwordField, phoneField } from './fields';
import { t } from '../catalogue/messages';

export const agentSummary = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type AgentSummary = z.infer<typeof agentSummary>;

/** The signed-in owner, or for an agent the owner's workspace plus the agent's own record. */
export const userProfile = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isVerified: z.boolean(),
  needVerification: z.boolean(),
  isBetaUser: z.boolean(),
  trialUsed: z.boolean(),
  referralCode: z.string(),
  subscription: z.object({
    expiredAt: z.string().nullable(),
    /** the plan of the latest paid purchase ('Pro'); null on a trial or without one */
    planName: z.string().nullable().optional(),
  }),
  agent: agentSummary.nullable(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const updateProfileBody = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  /** needed when an owner changes their email */
  currentPassword: z.string().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: t('validation.required') }).min(1, t('validation.required')),
    password: passwordField,
    confirmPassword: z.string({ error: t('validation.required') }).min(1, t('validation.required')),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: t('validation.passwordConfirm'),
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * PATCH /user takes either profile fields or a password change (spec §7). An owner's new email needs
 * `currentPassword` too (checked by the server, which knows whether the email changed); an agent's
 * email is set by their owner through the agent routes, never here.
 */
export const updateUserBody = z
  .object({
    name: nameField.optional(),
    email: emailField.optional(),
    phone: phoneField.optional(),
    password: passwordField.optional(),
    currentPassword: z.string().optional(),
  })
  .refine((v) => v.password === undefined || (v.currentPassword ?? '').length > 0, {
    message: t('validation.required'),
    path: ['currentPassword'],
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const verifyBody = z.object({ code: codeField });
export type VerifyBody = z.infer<typeof verifyBody>;

/** POST /user/verify and /user/trial-activate: a confirmation and the profile as it now is. */
export const userMutationResponse = z.object({ message: z.string(), user: userProfile });
export type UserMutationResponse = z.infer<typeof userMutationResponse>;
