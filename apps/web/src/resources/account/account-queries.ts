import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, Paged, WhatsappGroup } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';

/**
 * Query keys of accounts (connected numbers and pages), all under ['account']: the integration page's
 * WhatsApp cards under `whatsapp()`, the composer's sender list, the inbox's account picker.
 */
export const accountKeys = {
  all: () => ['account'] as const,
  whatsapp: () => ['account', 'whatsapp'] as const,
  whatsappList: () => ['account', 'whatsapp', 'list'] as const,
  one: (id: string) => ['account', 'whatsapp', 'one', id] as const,
  groups: (id: string) => ['account', 'whatsapp', 'groups', id] as const,
  contacts: (id: string, search: string) => ['account', 'whatsapp', 'contacts', id, search] as const,
  contactPicker: (id: string) => ['account', 'whatsapp', 'contact-picker', id] as const,
  senders: () => ['account', 'senders'] as const,
  picker: (search: string) => ['account', 'picker', search] as const,
  /** issue 25: the approved templates a WhatsApp Cloud API number may start a conversation with */
  cloudTemplates: (id: string) => ['account', 'template-cloud', id] as const,
};

export interface WaContact {
  id: string;
  name: string;
  phoneNumber: string;
}

const path = (id: string) => encodeURIComponent(id);

/** GET /account?types=whatsapp: every WhatsApp number of the tenant (up to 200, like the sender list). */
export function useWhatsappAccounts() {
  return useQuery({
    queryKey: accountKeys.whatsappList(),
    queryFn: ({ signal }) =>
      api.get<Paged<Account>>('/account', { page: 1, limit: 200, types: ['whatsapp'] }, signal),
  });
}

/** GET /account/{id}, polled every 2 s while `poll` (the linking dialog: realtime's fallback). */
export function useWhatsappAccount(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: accountKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<Account>(`/account/${path(id ?? '')}`, undefined, signal),
    enabled: !!id,
    refetchInterval: poll ? 2000 : false,
    staleTime: 0,
  });
}

/** Puts a fresh copy of an account in the list and its own cache (realtime, or a mutation's answer). */
export function writeAccount(queryClient: QueryClient, account: Account): void {
  if (account.type !== 'whatsapp') return;
  queryClient.setQueryData(accountKeys.one(account.id), account);
  queryClient.setQueryData<Paged<Account>>(accountKeys.whatsappList(), (page) => {
    if (!page) return page;
    const known = page.docs.some((a) => a.id === account.id);
    return {
      ...page,
      docs: known ? page.docs.map((a) => (a.id === account.id ? account : a)) : [account, ...page.docs],
    };
  });
}

export function useGroups(id: string | null) {
  return useQuery({
    queryKey: accountKeys.groups(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ docs: WhatsappGroup[] }>(`/account/whatsapp/${path(id ?? '')}/group`, undefined, signal),
    enabled: !!id,
  });
}

export function useContacts(id: string | null, search: string) {
  return usePagedQuery<WaContact>(
    accountKeys.contacts(id ?? '', search),
    `/account/whatsapp/${path(id ?? '')}/contact`,
    { limit: 50, search: search || undefined },
    !!id,
  );
}

function useAccountMutation<I>(run: (input: I) => Promise<Account>) {
  return useMutationThen(run, writeAccount);
}

export interface LinkInput {
  method: 'qr' | 'code';
  phoneNumber?: string;
}

/** POST /account/whatsapp: a new number, linking starts at once. */
export function useCreateWhatsapp() {
  return useAccountMutation((body: LinkInput & { labelName: string }) =>
    api.post<Account>('/account/whatsapp', body),
  );
}

/** POST /account/whatsapp/{id}/link: link again (after a logout, a failure or an expired QR). */
export function useRelink() {
  return useAccountMutation(({ id, ...body }: LinkInput & { id: string }) =>
    api.post<Account>(`/account/whatsapp/${path(id)}/link`, body),
  );
}

/** PUT /account/{id}: name and (WhatsApp Web) sending pace. */
export function useUpdateAccount() {
  return useAccountMutation(
    ({ id, ...body }: { id: string; labelName?: string; sendMinGapMs?: number; sendHourlyCap?: number }) =>
      api.put<Account>(`/account/${path(id)}`, body),
  );
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/account/${path(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Paged<Account>>(accountKeys.whatsappList(), (page) =>
        page ? { ...page, docs: page.docs.filter((a) => a.id !== id) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.whatsappList() });
    },
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; phoneNumber: string; text: string }) =>
      api.post<{ message: string; chatId: string }>(`/account/whatsapp/${path(id)}/test`, body),
  });
}

export function useResetToken() {
  return useMutation({
    mutationFn: (id: string) =>
      api.put<{ message: string; token: string }>(`/account/whatsapp/${path(id)}/reset-token`),
  });
}
