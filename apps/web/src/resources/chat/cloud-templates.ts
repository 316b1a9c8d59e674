import { useQuery } from '@tanstack/react-query';
import type { CloudTemplate } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * GET /chat/{id}/template-cloud (issue 25): the approved templates the chat's WhatsApp Cloud API
 * number may send, read from Meta by the server; loaded while the picker is open.
 */
export function useCloudTemplates(chatId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.cloudTemplates(chatId),
    queryFn: ({ signal }) =>
      api.get<{ docs: CloudTemplate[] }>(
        `/chat/${encodeURIComponent(chatId)}/template-cloud`,
        undefined,
        signal,
      ),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
