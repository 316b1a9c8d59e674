import { useQuery } from '@tanstack/react-query';
import type { AffiliateSummary, Withdrawal, WithdrawalBody } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen } from '../../lib/query-hooks';

/** Query keys of the affiliate programme, under ['affiliate']. */
export const affiliateKeys = {
  all: () => ['affiliate'] as const,
  summary: () => ['affiliate', 'summary'] as const,
  withdrawals: () => ['affiliate', 'withdrawals'] as const,
};

/** GET /affiliate: the owner's referral link, what it brought and the balance. */
export function useAffiliateSummary() {
  return useQuery({
    queryKey: affiliateKeys.summary(),
    queryFn: ({ signal }) => api.get<AffiliateSummary>('/affiliate', undefined, signal),
  });
}

/** GET /affiliate/withdrawal: the owner's withdrawal requests, newest first. */
export function useWithdrawals() {
  return useQuery({
    queryKey: affiliateKeys.withdrawals(),
    queryFn: ({ signal }) => api.get<{ docs: Withdrawal[] }>('/affiliate/withdrawal', undefined, signal),
  });
}

/** POST /affiliate/withdrawal: the balance and the list are read again after it. */
export function useRequestWithdrawal() {
  return useMutationThen(
    (body: WithdrawalBody) => api.post<Withdrawal>('/affiliate/withdrawal', body),
    (queryClient) => queryClient.invalidateQueries({ queryKey: affiliateKeys.all() }),
  );
}
