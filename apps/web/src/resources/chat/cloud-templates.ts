import { useQuery } from '@tanstack/react-query';
import type { CloudTemplate } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { accountKeys } from '../account/account-queries';
import { chatKeys } from './chat-keys';

/** GET …/template-cloud: read from Meta by the server, so kept a minute and not retried. */
function useTemplateQuery(queryKey: readonly string[], path: string, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<{ docs: CloudTemplate[] }>(path, undefined, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * GET /chat/{id}/template-cloud (issue 25): the approved templates the chat's WhatsApp Cloud API
 * number may send, read from Meta by the server; loaded while the picker is open.
 */
export function useCloudTemplates(chatId: string, enabled: boolean) {
  return useTemplateQuery(
    chatKeys.cloudTemplates(chatId),
    `/chat/${encodeURIComponent(chatId)}/template-cloud`,
    enabled,
  );
}

/**
 * GET /account/{id}/template-cloud (issue 25): the approved templates a WhatsApp Cloud API number
 * may start a conversation with (the start-chat dialog); loaded while that number is the sender.
 */
export function useAccountCloudTemplates(accountId: string, enabled: boolean) {
  return useTemplateQuery(
    accountKeys.cloudTemplates(accountId),
    `/account/${encodeURIComponent(accountId)}/template-cloud`,
    enabled && !!accountId,
  );
}

/** The query both answer: the list states of the template choosers read it. */
export type CloudTemplatesQuery = ReturnType<typeof useCloudTemplates>;
