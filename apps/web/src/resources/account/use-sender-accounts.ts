import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Account, type Paged } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { accountKeys } from './account-queries';

/**
 * GET /api/account?types=whatsapp: the sender numbers, up to 200 (spec §7, §9). Only connected ones:
 * a number being linked, logged out or offline cannot start a conversation. `publishing`: for
 * broadcasts and Status, which a WhatsApp Cloud API number cannot send (templates only outside a
 * customer's 24 hours; no Status on the Cloud API).
 */
export function useSenderAccounts(options: { publishing?: boolean } = {}) {
  return useQuery({
    queryKey: accountKeys.senders(),
    queryFn: ({ signal }) =>
      api.get<Paged<Account>>(
        '/account',
        { page: 1, limit: LIMITS.senderAccountListSize, types: ['whatsapp'] },
        signal,
      ),
    select: (data) =>
      data.docs.filter(
        (account) =>
          account.status === 'connected' && !(options.publishing && account.provider === 'whatsapp-cloud'),
      ),
    // short: a number linked or dropped on the integration page shows here soon after
    staleTime: 30_000,
  });
}
