import { useQuery } from '@tanstack/react-query';
import type { AutoReplyBody, AutoReplySettings } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen } from '../../lib/query-hooks';

/** Query keys of a number's automatic replies, all under ['auto-reply']. */
export const autoReplyKeys = {
  all: () => ['auto-reply'] as const,
  one: (accountId: string) => ['auto-reply', accountId] as const,
};

const path = (accountId: string) => `/account/${encodeURIComponent(accountId)}/auto-reply`;

/** GET /account/{id}/auto-reply: the number's business hours, away message and greeting (owner only). */
export function useAutoReply(accountId: string) {
  return useQuery({
    queryKey: autoReplyKeys.one(accountId),
    queryFn: ({ signal }) => api.get<AutoReplySettings>(path(accountId), undefined, signal),
    retry: false,
  });
}

/** PUT /account/{id}/auto-reply: saves the whole setting; the answer replaces the cached copy. */
export function useSaveAutoReply(accountId: string) {
  return useMutationThen(
    (body: AutoReplyBody) => api.put<AutoReplySettings>(path(accountId), body),
    (queryClient, saved) => queryClient.setQueryData(autoReplyKeys.one(accountId), saved),
  );
}
