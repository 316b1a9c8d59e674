import { Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Account } from '@sapa/contracts';
import { useToast } from '../../../components/toast/use-toast';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { accountKeys, writeAccount } from '../../../resources/account/account-queries';

/**
 * The owner's switch per WhatsApp number (issue 21): new unassigned chats of the number go in turn
 * to the next available agent. PUT /account/{id}/round-robin; off by default.
 */
export function RoundRobinSwitch({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<Account>(`/account/${encodeURIComponent(account.id)}/round-robin`, { enabled }),
    onSuccess: (saved, enabled) => {
      if (saved) writeAccount(queryClient, saved);
      else void queryClient.invalidateQueries({ queryKey: accountKeys.whatsapp() });
      toast.show({
        title: 'Berhasil',
        message: enabled ? 'Percakapan baru dibagi rata ke agen' : 'Pembagian otomatis dimatikan',
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
  const checked = change.isPending ? !!change.variables : account.roundRobin;
  return (
    <Switch
      size="sm"
      mt={4}
      checked={checked}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
      label="Bagi rata percakapan baru ke agen"
      description="Percakapan baru yang belum ditugaskan diberikan bergiliran ke agen yang tersedia."
      data-testid="wa-round-robin"
    />
  );
}
