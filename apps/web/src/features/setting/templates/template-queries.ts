import type { QueryClient } from '@tanstack/react-query';
import { LIMITS, type ChatTemplate, type TemplateInput } from '@sapa/contracts';
import { api } from '../../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../../lib/query-hooks';

/** Query keys of the settings list; the composer's popup caches under ['chat', 'templates']. */
export const templateKeys = {
  all: () => ['setting', 'templates'] as const,
  list: (search: string) => ['setting', 'templates', search] as const,
  composer: () => ['chat', 'templates'] as const,
};

/** GET /chat/template, alphabetical, 50 a page, searched in title and text; 'Lebih Banyak' loads the next page. */
export function useTemplatePages(search: string) {
  return usePagedQuery<ChatTemplate>(templateKeys.list(search), '/chat/template', {
    limit: LIMITS.templatePageSize,
    search: search || undefined,
  });
}

/** After a change both this list and the composer's popup read the templates again. */
function refreshTemplates(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: templateKeys.all() }),
    queryClient.invalidateQueries({ queryKey: templateKeys.composer() }),
  ]);
}

/** POST /chat/template (new) or PUT /chat/template/{id} (edit); owner only. */
export function useSaveTemplate() {
  return useMutationThen(
    ({ id, body }: { id: string | null; body: TemplateInput }) =>
      id
        ? api.put<ChatTemplate>(`/chat/template/${encodeURIComponent(id)}`, body)
        : api.post<ChatTemplate>('/chat/template', body),
    refreshTemplates,
  );
}

/** DELETE /chat/template/{id}; owner only. */
export function useDeleteTemplate() {
  return useMutationThen(
    (id: string) => api.delete<{ message: string }>(`/chat/template/${encodeURIComponent(id)}`),
    refreshTemplates,
  );
}
