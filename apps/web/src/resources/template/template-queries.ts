import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type ChatTemplate, type Paged, type TemplateInput } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';

/** Query keys of templates: the settings list and the composer's popup, all under ['template']. */
export const templateKeys = {
  all: () => ['template'] as const,
  list: (search: string) => ['template', 'list', search] as const,
  composer: (search: string) => ['template', 'composer', search] as const,
};

/** GET /chat/template, alphabetical, 50 a page, searched in title and text; 'Lebih Banyak' loads the next page. */
export function useTemplatePages(search: string) {
  return usePagedQuery<ChatTemplate>(templateKeys.list(search), '/chat/template', {
    limit: LIMITS.templatePageSize,
    search: search || undefined,
  });
}

/** The tenant's templates for the composer popup: 50 a page, searched by what follows '/'. */
export function useTemplates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.composer(search),
    queryFn: ({ signal }) =>
      api.get<Paged<ChatTemplate>>(
        '/chat/template',
        { page: 1, limit: LIMITS.templatePageSize, search: search || undefined },
        signal,
      ),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** After a change both the settings list and the composer's popup read the templates again. */
function refreshTemplates(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: templateKeys.all() });
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
