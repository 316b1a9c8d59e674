import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Teammate } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';

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

/** The signed-in agent's own availability as the team list gives it; undefined while it loads. */
export function useMyAvailability(agentId: string | null): boolean | undefined {
  const team = useTeammates(!!agentId);
  return team.data?.find((t) => t._id === agentId)?.available;
}

/** PUT /agent/me/availability {available}: the agent's own switch for round-robin (issue 21). */
export function useSetAvailability(agentId: string | null) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (available: boolean) => api.put<Teammate>('/agent/me/availability', { available }),
    onSuccess: (saved, available) => {
      queryClient.setQueryData<{ docs: Teammate[] }>(teammateKeys.all(), (data) =>
        data
          ? { docs: data.docs.map((t) => (t._id === (saved?._id ?? agentId) ? { ...t, available } : t)) }
          : data,
      );
      toast.show({
        title: 'Berhasil',
        message: available ? 'Anda tersedia untuk percakapan baru' : 'Anda tidak menerima percakapan baru',
        type: 'success',
        timeout: LIMITS.toastShortTimeoutMs,
      });
    },
    onError: (error) =>
      toast.show({
        title: 'Gagal',
        message: errorMessage(error, 'Pengaturan gagal disimpan'),
        type: 'error',
      }),
  });
}
