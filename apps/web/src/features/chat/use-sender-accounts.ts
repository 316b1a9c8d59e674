import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Account, type Paged } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /api/account?types=whatsapp: the sender numbers, up to 200 (spec §7, §9). */
export function useSenderAccounts() {
  return useQuery({
    queryKey: chatKeys.senders(),
    queryFn: ({ signal }) =>
      api.get<Paged<Account>>(
        '/account',
        { page: 1, limit: LIMITS.senderAccountListSize, types: ['whatsapp'] },
        signal,
      ),
    select: (data) => data.docs,
    staleTime: 5 * 60_000,
  });
}
