import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime';
import { accountKeys, writeAccount } from '../../../resources/account/account-queries';

/**
 * The integration page listens on the tab's one realtime socket: each 'account.updated' event (a new
 * QR, a status change) patches the cards and the open linking dialog. After a reconnect the numbers
 * are read again, since events may have been missed.
 */
export function useAccountRealtime(): void {
  const queryClient = useQueryClient();
  useRealtime({
    onEvent: (event) => {
      if (event.type === 'account.updated' && event.account) writeAccount(queryClient, event.account);
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: accountKeys.whatsapp() }),
  });
}
