import { useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

export const ADMIN_PROFILE_KEY = ['admin', 'profile'] as const;

/** GET /api/admin; the fresh profile also replaces the one in the stored session (spec §4). */
export async function fetchAdminProfile(signal?: AbortSignal): Promise<AdminProfile> {
  const admin = await api.get<AdminProfile>('/admin', undefined, signal);
  sessionStore.setAdmin(admin);
  return admin;
}

export function useAdminProfileQuery(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_PROFILE_KEY,
    queryFn: ({ signal }) => fetchAdminProfile(signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
  });
}
