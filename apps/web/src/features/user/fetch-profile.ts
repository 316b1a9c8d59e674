import type { UserProfile } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

/** GET /api/user; the fresh profile also replaces the one in the stored session (spec §4). */
export async function fetchProfile(signal?: AbortSignal): Promise<UserProfile> {
  const user = await api.get<UserProfile>('/user', undefined, signal);
  sessionStore.setUser(user);
  return user;
}
