import { useQuery } from '@tanstack/react-query';
import type { Teammate } from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** Query keys of teammates (the owner and agents who can be @mentioned), under ['teammate']. */
export const teammateKeys = {
  all: () => ['teammate'] as const,
};

/** GET /teammate: the owner and the agents of the tenant, for @mentions in notes (issue 21). */
export function useTeammates(enabled = true) {
  return useQuery({
    queryKey: teammateKeys.all(),
    queryFn: ({ signal }) => api.get<{ docs: Teammate[] }>('/teammate', undefined, signal),
    select: (data) => data.docs,
    staleTime: 60_000,
    enabled,
  });
}
