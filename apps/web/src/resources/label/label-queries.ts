import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LABEL_PAGE_SIZE, type Label, type LabelInput } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { chatKeys } from '../chat/chat-keys';

/** Query keys of labels (the settings list and the inbox's pickers); all of ['label'] is read again after a change. */
export const labelKeys = {
  all: () => ['label'] as const,
  list: (search: string) => ['label', 'list', search] as const,
  one: (id: string) => ['label', 'ids', id] as const,
  picker: (search: string) => ['label', 'picker', search] as const,
};

/** GET /chat/label: alphabetical, 20 a page, searched by name; 'Lebih Banyak' loads the next page. */
export function useLabelPages(search: string) {
  return usePagedQuery<Label>(labelKeys.list(search), '/chat/label', {
    limit: LABEL_PAGE_SIZE,
    search: search || undefined,
  });
}

/** GET /chat/label/ids for one label: its current total, e.g. before deleting it. Silent on failure. */
export function useFreshLabel(id: string | null) {
  return useQuery({
    queryKey: labelKeys.one(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ docs: Label[] }>('/chat/label/ids', { ids: id ?? '' }, signal)).docs[0] ?? null,
    enabled: !!id,
    staleTime: 0,
  });
}

/**
 * After a change the labels are read again everywhere, and so are cached inbox lists and chat
 * details: they carry each chat's labels by name and colour (inactive ones refetch when shown).
 */
function refreshLabels(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: labelKeys.all() }),
    queryClient.invalidateQueries({ queryKey: chatKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: chatKeys.details() }),
  ]);
}

/** POST /chat/label (new) or PUT /chat/label/{id} (rename, recolour); owner only. */
export function useSaveLabel() {
  return useMutationThen(
    ({ id, body }: { id: string | null; body: LabelInput }) =>
      id
        ? api.put<Label>(`/chat/label/${encodeURIComponent(id)}`, body)
        : api.post<Label>('/chat/label', body),
    refreshLabels,
  );
}

/** DELETE /chat/label/{id}: the label leaves every chat too; owner only. */
export function useDeleteLabel() {
  return useMutationThen(
    (id: string) => api.delete<{ message: string; chats: number }>(`/chat/label/${encodeURIComponent(id)}`),
    refreshLabels,
  );
}
