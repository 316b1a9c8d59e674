import type { AdminProfile } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

/** GET /api/admin; the fresh profile also replaces the one in the stored session (spec §4). */
export async function fetchAdminProfile(signal?: AbortSignal): Promise<AdminProfile> {
  const admin = await api.get<AdminProfile>('/admin', undefined, signal);
  sessionStore.setAdmin(admin);
  return admin;
}
