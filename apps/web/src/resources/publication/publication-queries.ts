import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  PUBLICATION_LIMITS,
  type Broadcast,
  type BroadcastBody,
  type BroadcastPreview,
  type BroadcastPreviewBody,
  type BroadcastRecipient,
  type MessageResponse,
  type OptOut,
  type Paged,
  type StatusBody,
  type StatusPost,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { writeBroadcast, writeStatusPost } from './publication-caches';
import { publicationKeys, type PublicationFilters, type RecipientQuery } from './publication-keys';

export { publicationKeys, type PublicationFilters, type RecipientQuery } from './publication-keys';

const broadcastPath = (id: string, rest = '') => `/publication/broadcast/${encodeURIComponent(id)}${rest}`;
const statusPath = (id: string, rest = '') => `/publication/status/${encodeURIComponent(id)}${rest}`;

// ---- broadcasts ----

/** GET /publication/broadcast: newest first, 20 a page, filtered and searched by name; 'Lebih Banyak' pages. */
export function useBroadcastPages(filters: PublicationFilters, search: string) {
  return usePagedQuery<Broadcast>(publicationKeys.broadcastList(filters, search), '/publication/broadcast', {
    limit: PUBLICATION_LIMITS.pageSize,
    search: search || undefined,
    ...filters,
  });
}

/**
 * GET /publication/broadcast/{id} (also the form's 'Duplikat' source). Read again on every mount,
 * even when the cache holds it (the create answer, a list's row): the frames of what happened before
 * this page listened went to no one - a small broadcast finishes within a second of its creation,
 * while the browser moves from the form to this page - and a cached 'Berjalan' would stay.
 */
export function useBroadcast(id: string | null) {
  return useQuery({
    queryKey: publicationKeys.broadcast(id ?? ''),
    queryFn: ({ signal }) => api.get<Broadcast>(broadcastPath(id ?? ''), undefined, signal),
    enabled: !!id,
    refetchOnMount: 'always',
    retry: false,
  });
}

/** GET /publication/broadcast/{id}/recipient: 50 a page, by state and name or number. */
export function useBroadcastRecipients(id: string, query: RecipientQuery) {
  return useQuery({
    queryKey: publicationKeys.recipientPage(id, query),
    queryFn: ({ signal }) =>
      api.get<Paged<BroadcastRecipient>>(
        broadcastPath(id, '/recipient'),
        {
          page: query.page,
          limit: PUBLICATION_LIMITS.recipientPageSize,
          state: query.state,
          search: query.search || undefined,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /publication/broadcast/preview for the chosen senders and recipients: the count, duplicates,
 * opted-out and cold numbers, invalid lines, variables, a sample recipient and the estimated time.
 * Nothing is asked before a recipient is chosen.
 */
export function useBroadcastPreview(body: BroadcastPreviewBody) {
  const hasRecipients = !!body.groupIds?.length || !!body.phoneNumbers?.trim();
  return useQuery({
    queryKey: publicationKeys.preview(body),
    queryFn: () => api.post<BroadcastPreview>('/publication/broadcast/preview', body),
    enabled: hasRecipients,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

function refreshBroadcastLists(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: publicationKeys.broadcastLists() });
}

/** POST /publication/broadcast: running at once, or scheduled. */
export function useCreateBroadcast() {
  return useMutationThen(
    (body: BroadcastBody) => api.post<Broadcast>('/publication/broadcast', body),
    (queryClient, broadcast) => {
      queryClient.setQueryData(publicationKeys.broadcast(broadcast._id), broadcast);
      return refreshBroadcastLists(queryClient);
    },
  );
}

export type BroadcastAction = 'pause' | 'resume' | 'stop';

/** POST /publication/broadcast/{id}/pause | resume | stop: the answer replaces it everywhere. */
export function useBroadcastAction() {
  return useMutationThen(
    ({ id, action }: { id: string; action: BroadcastAction }) =>
      api.post<Broadcast>(broadcastPath(id, `/${action}`)),
    (queryClient, broadcast) => {
      writeBroadcast(queryClient, broadcast);
      return queryClient.invalidateQueries({ queryKey: publicationKeys.recipients(broadcast._id) });
    },
  );
}

// ---- opt-out list and stop words ----

/** GET /publication/opt-out: the opted-out numbers, 20 a page, searched by number. */
export function useOptOutPages(search: string, enabled = true) {
  return usePagedQuery<OptOut>(
    publicationKeys.optOutList(search),
    '/publication/opt-out',
    { search: search || undefined },
    enabled,
  );
}

function refreshOptOuts(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: publicationKeys.optOuts() });
}

/** POST /publication/opt-out: the number is left out of every later broadcast. */
export function useAddOptOut() {
  return useMutationThen(
    (phoneNumber: string) => api.post<OptOut>('/publication/opt-out', { phoneNumber }),
    refreshOptOuts,
  );
}

/** DELETE /publication/opt-out/{id}: the number receives broadcasts again. */
export function useRemoveOptOut() {
  return useMutationThen(
    (id: string) => api.delete<MessageResponse>(`/publication/opt-out/${encodeURIComponent(id)}`),
    refreshOptOuts,
  );
}

/** GET /publication/stop-words. */
export function useStopWords(enabled = true) {
  return useQuery({
    queryKey: publicationKeys.stopWords(),
    queryFn: ({ signal }) => api.get<{ words: string[] }>('/publication/stop-words', undefined, signal),
    enabled,
  });
}

/** PUT /publication/stop-words: the whole list. */
export function useSaveStopWords() {
  return useMutationThen(
    (words: string[]) => api.put<{ words: string[] }>('/publication/stop-words', { words }),
    (queryClient, answer) => queryClient.setQueryData(publicationKeys.stopWords(), answer),
  );
}

// ---- status posts ----

/** GET /publication/status: newest first, 20 a page, filtered; 'Lebih Banyak' pages. */
export function useStatusPages(filters: PublicationFilters) {
  return usePagedQuery<StatusPost>(publicationKeys.statusList(filters), '/publication/status', {
    limit: PUBLICATION_LIMITS.pageSize,
    ...filters,
  });
}

function refreshStatusLists(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: publicationKeys.statusLists() });
}

/** POST /publication/status: now, at a time, or recurring. */
export function useCreateStatus() {
  return useMutationThen(
    (body: StatusBody) => api.post<StatusPost>('/publication/status', body),
    refreshStatusLists,
  );
}

/** POST /publication/status/{id}/pause | resume (recurring posts). */
export function useStatusAction() {
  return useMutationThen(
    ({ id, action }: { id: string; action: 'pause' | 'resume' }) =>
      api.post<StatusPost>(statusPath(id, `/${action}`)),
    (queryClient, post) => writeStatusPost(queryClient, post),
  );
}

/** DELETE /publication/status/{id}: cancels a post not yet sent, stops a recurring one. */
export function useDeleteStatus() {
  return useMutationThen((id: string) => api.delete<MessageResponse>(statusPath(id)), refreshStatusLists);
}
