import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseRealtimeFrame } from '@sapa/contracts';
import { openReconnectingSocket, socketUrl } from '../../../lib/reconnecting-socket';
import { useSession } from '../../../lib/use-session';
import { accountKeys, writeAccount } from '../../../resources/account/account-queries';

/**
 * The integration page's own realtime socket: each 'account.updated' event (a new QR, a status
 * change) patches the cards and the open linking dialog. After every (re)open the list is read again,
 * since events may have been missed.
 */
export function useAccountRealtime(): void {
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const socket = openReconnectingSocket({
      url: socketUrl('/ws', { token }),
      label: 'integration',
      onMessage: (data) => {
        const event = parseRealtimeFrame(data);
        if (event?.type === 'account.updated' && event.account) writeAccount(queryClient, event.account);
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: accountKeys.whatsapp() }),
    });
    return () => socket.close();
  }, [token, queryClient]);
}
