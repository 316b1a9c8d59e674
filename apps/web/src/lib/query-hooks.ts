import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Paged } from '@sapa/contracts';
import { api, type Query } from './api-client';

/**
 * GET `path` a page at a time (`page` 1, 2, … then `query`, e.g. limit and search); 'Lebih Banyak'
 * loads the next page while the server says there is one. A new key (a new search) keeps showing
 * the last pages until its first page comes.
 */
export function usePagedQuery<T>(queryKey: QueryKey, path: string, query: Query, enabled = true) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get<Paged<T>>(path, { page: pageParam, ...query }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasNextPage ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * A mutation that, once it succeeds, brings the caches up to date (`then`, e.g. invalidating the
 * lists it changed); the mutation counts as pending until a promise `then` returns settles.
 */
export function useMutationThen<I, R>(
  mutationFn: (input: I) => Promise<R>,
  then: (queryClient: QueryClient, answer: R, input: I) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, input) => then(queryClient, answer, input),
  });
}
