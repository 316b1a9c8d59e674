import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_MESSAGES,
  type Account,
  type ChannelLinkKind,
  type CreateWhatsappCloudBody,
  type MetaCallbackBody,
  type MetaCallbackResponse,
  type MetaIntegrationInfo,
  type Paged,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { accountKeys, writeAccount } from '../account/account-queries';

/** The account types linked through a Facebook login with a tab of their own (issue 25). */
export type MetaChannel = 'instagram' | 'messenger';

/**
 * Query keys of the Meta integration: the operator's settings under ['integration'], and the
 * Instagram and Messenger cards under the account root (['account', 'instagram', 'list']), so that
 * invalidating `accountKeys.all()` refreshes them with every other account list.
 */
export const integrationKeys = {
  all: () => ['integration'] as const,
  meta: () => ['integration', 'meta'] as const,
  channel: (type: MetaChannel) => [...accountKeys.all(), type] as const,
  channelList: (type: MetaChannel) => [...accountKeys.all(), type, 'list'] as const,
};

const path = (id: string) => encodeURIComponent(id);

/** GET /integration/meta: whether the operator set up the Meta app, and why not. */
export function useMetaInfo(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.meta(),
    queryFn: ({ signal }) => api.get<MetaIntegrationInfo>('/integration/meta', undefined, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Why nothing can be linked through Meta here (the operator's setup), or null. Unknown while the
 * settings load or when they fail to load: then nothing is blocked and the server says why on linking.
 */
export function metaProblem(info: MetaIntegrationInfo | undefined): string | null {
  if (!info || (info.configured && !info.problem)) return null;
  return info.problem ?? INTEGRATION_MESSAGES.notConfigured;
}

/** GET /account?types={type}: the tenant's Instagram accounts or Facebook Pages (sandbox ones too). */
export function useChannelAccounts(type: MetaChannel) {
  return useQuery({
    queryKey: integrationKeys.channelList(type),
    queryFn: ({ signal }) =>
      api.get<Paged<Account>>('/account', { page: 1, limit: 200, types: [type] }, signal),
  });
}

/** Puts a fresh copy of an Instagram or Messenger account on its tab's cards (realtime, a mutation). */
export function writeChannelAccount(queryClient: QueryClient, account: Account): void {
  if (account.type !== 'instagram' && account.type !== 'messenger') return;
  queryClient.setQueryData<Paged<Account>>(integrationKeys.channelList(account.type), (page) => {
    if (!page) return page;
    const known = page.docs.some((a) => a.id === account.id);
    return {
      ...page,
      docs: known ? page.docs.map((a) => (a.id === account.id ? account : a)) : [account, ...page.docs],
    };
  });
}

/** DELETE /account/{id}: an Instagram account or a Page leaves its tab (its chats stay readable). */
export function useDeleteChannelAccount(type: MetaChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/account/${path(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Paged<Account>>(integrationKeys.channelList(type), (page) =>
        page ? { ...page, docs: page.docs.filter((a) => a.id !== id) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: integrationKeys.channel(type) });
    },
  });
}

/**
 * POST /integration/meta/login: the Facebook dialog's address for `kind`, with a state bound to this
 * session; the caller sends the browser there.
 */
export function useMetaLogin() {
  return useMutation({
    mutationFn: (kind: ChannelLinkKind) => api.post<{ url: string }>('/integration/meta/login', { kind }),
  });
}

/** The callbacks posted in this tab, by their state (single use on the server). */
const callbacks = new Map<string, Promise<MetaCallbackResponse>>();

/**
 * POST /integration/meta/callback once per state: React's StrictMode runs effects twice and a page
 * may mount again, but the code Facebook sent can be exchanged only once, so a second call gets the
 * first call's answer. Every account list is read again afterwards.
 */
export function finishMetaLogin(
  queryClient: QueryClient,
  body: MetaCallbackBody,
): Promise<MetaCallbackResponse> {
  const known = callbacks.get(body.state);
  if (known) return known;
  const answer = api.post<MetaCallbackResponse>('/integration/meta/callback', body);
  callbacks.set(body.state, answer);
  void answer.then(
    () => queryClient.invalidateQueries({ queryKey: accountKeys.all() }),
    () => undefined,
  );
  return answer;
}

/** The answer of a callback already posted in this tab (the page mounted again), if any. */
export function knownMetaLogin(state: string): Promise<MetaCallbackResponse> | undefined {
  return callbacks.get(state);
}

/**
 * POST /account/whatsapp-cloud: a number on the official Cloud API (201 with the account); the same
 * number again refreshes its token ('Hubungkan ulang').
 */
export function useCreateWhatsappCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWhatsappCloudBody) => api.post<Account>('/account/whatsapp-cloud', body),
    onSuccess: (account) => {
      writeAccount(queryClient, account);
      // a Cloud API number can send at once: the composer's sender list shows it
      void queryClient.invalidateQueries({ queryKey: accountKeys.senders() });
    },
  });
}
