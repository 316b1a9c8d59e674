import type { LoginResponse, RegisterBody, RegisterResponse, RegisterVerifyBody } from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** The registration's first step (also 'Kirim ulang'): the same answer for a new email and a taken one. */
export const requestRegistration = (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body);

/** The second step: the mailed code creates the account and signs in. */
export const verifyRegistration = (body: RegisterVerifyBody) =>
  api.post<LoginResponse>('/auth/register/verify', body);
