import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { LIMITS, type ChatTemplate, type Paged, type TemplateInput } from '@sapa/contracts';
import { api } from '../../../lib/api-client';

/** Query keys of the settings list; the composer's popup caches under ['chat', 'templates']. */
export const templateKeys = {
  all: () => ['setting', 'templates'] as const,
  list: (search: string) => ['setting', 'templates', search] as const,
  composer: () => ['chat', 'templates'] as const,
};

/** GET /chat/template, alphabetical, 50 a page, searched in title and text; 'Lebih Banyak' loads the next page. */
export function useTemplatePages(search: string) {
  return useInfiniteQuery({
    queryKey: templateKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<ChatTemplate>>(
        '/chat/template',
        { page: pageParam, limit: LIMITS.templatePageSize, search: search || undefined },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasNextPage ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TemplateInput }) =>
      id
        ? api.put<ChatTemplate>(`/chat/template/${encodeURIComponent(id)}`, body)
        : api.post<ChatTemplate>('/chat/template', body),
    onSuccess: () => refreshTemplates(queryClient),
  });
}

/** DELETE /chat/template/{id}; owner only. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/chat/template/${encodeURIComponent(id)}`),
    onSuccess: () => refreshTemplates(queryClient),
  });
}
