import { useMutation, type QueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  type Agent,
  type AgentMutationResponse,
  type AgentVerifiedFilter,
  type CreateAgentBody,
  type MessageResponse,
  type UpdateAgentBody,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { chatKeys } from '../chat/chat-keys';

/** What the list is narrowed by; part of its query key. */
export interface AgentFilter {
  search: string;
  isVerified: AgentVerifiedFilter;
}

export const EMPTY_AGENT_FILTER: AgentFilter = { search: '', isVerified: '' };

/**
 * Query keys of agents: the Agen list and the inbox's agent picker, all under ['agent']. Chats carry
 * their agent's name, so a rename or a deletion refreshes the chat lists and open chats too.
 */
export const agentKeys = {
  all: () => ['agent'] as const,
  list: (filter: AgentFilter) => ['agent', 'list', filter] as const,
  picker: (search: string) => ['agent', 'picker', search] as const,
};

const path = (id: string, rest = '') => `/agent/${encodeURIComponent(id)}${rest}`;

/** GET /agent, by name, 20 a page; 'Lebih Banyak' loads the next page. */
export function useAgentPages(filter: AgentFilter) {
  return usePagedQuery<Agent>(agentKeys.list(filter), '/agent', {
    limit: LIMITS.pickerPageSize,
    search: filter.search || undefined,
    isVerified: filter.isVerified || undefined,
  });
}

function refreshAgents(queryClient: QueryClient, withChats = false): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: agentKeys.all() }),
    withChats ? queryClient.invalidateQueries({ queryKey: chatKeys.lists() }) : null,
    withChats ? queryClient.invalidateQueries({ queryKey: chatKeys.details() }) : null,
  ]);
}

/** POST /agent: the agent is stored unverified and gets a code by email. */
export function useCreateAgent() {
  return useMutationThen(
    (body: CreateAgentBody) => api.post<AgentMutationResponse>('/agent', body),
    (queryClient) => refreshAgents(queryClient),
  );
}

/** PUT /agent/{id}: name, email and an optional new password. */
export function useUpdateAgent() {
  return useMutationThen(
    ({ id, body }: { id: string; body: UpdateAgentBody }) => api.put<AgentMutationResponse>(path(id), body),
    // chats show their agent's name
    (queryClient) => refreshAgents(queryClient, true),
  );
}

/** PUT /agent/{id}/verification. */
export function useVerifyAgent() {
  return useMutationThen(
    ({ id, code }: { id: string; code: string }) =>
      api.put<AgentMutationResponse>(path(id, '/verification'), { code }),
    (queryClient) => refreshAgents(queryClient),
  );
}

/** PUT /agent/{id}/verification/resend: once a minute. */
export function useResendAgentCode() {
  return useMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(path(id, '/verification/resend')),
  });
}

/** DELETE /agent/{id}: their chats become unassigned (the inbox hears it over the socket too). */
export function useDeleteAgent() {
  return useMutationThen(
    (id: string) => api.delete<MessageResponse>(path(id)),
    (queryClient) => refreshAgents(queryClient, true),
  );
}
