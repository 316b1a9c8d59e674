import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime';
import {
  integrationKeys,
  writeChannelAccount,
  type MetaChannel,
} from '../../../resources/integration/integration-queries';

/**
 * The Instagram or Messenger tab listens on the tab's one realtime socket: an 'account.updated'
 * event (a token Meta refused, a relink) patches its card. After a reconnect the list is read again.
 */
export function useChannelRealtime(type: MetaChannel): void {
  const queryClient = useQueryClient();
  useRealtime({
    onEvent: (event) => {
      if (event.type === 'account.updated' && event.account?.type === type)
        writeChannelAccount(queryClient, event.account);
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.channel(type) }),
  });
}
