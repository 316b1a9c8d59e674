import { z } from 'zod';
import { nameField, passwordField, requiredString } from './fields';

export const adminProfile = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const usernameField = requiredString(50).regex(
  /^[a-zA-Z0-9._-]+$/,
  'Username hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung',
);

export const updateAdminBody = z.object({
  name: nameField.optional(),
  username: usernameField.optional(),
  password: passwordField.optional(),
  currentPassword: z.string().optional(),
});
export type UpdateAdminBody = z.infer<typeof updateAdminBody>;
