import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@sapa/contracts';
import { api } from './api-client';

export const CONFIG_KEY = ['config'] as const;

/** GET /api/config: beta paths, external links and whether the dev mailbox exists. */
export function useConfig() {
  return useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => api.get<PublicConfig>('/config', undefined, signal),
    staleTime: 5 * 60_000,
  });
}
