import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSession } from '../lib/use-session';
import type { PagedListState } from './paged-list';

/**
 * The state of a searchable list screen whose owner adds, edits and deletes items (agents only
 * look): the search box (the query follows 300 ms after the last key), the add/edit form and the
 * item being deleted.
 */
export function useListPage<T>() {
  const session = useSession();
  const readOnly = !!session?.agent;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // closing leaves the item as it was; only opening sets it
  const [form, setForm] = useState<{ opened: boolean; item: T | null }>({ opened: false, item: null });
  const [deleting, setDeleting] = useState<T | null>(null);

  return {
    readOnly,
    search,
    setSearch,
    debounced,
    form,
    /** null adds a new item */
    openForm: (item: T | null) => setForm({ opened: true, item }),
    closeForm: () => setForm((f) => ({ ...f, opened: false })),
    deleting,
    setDeleting,
  };
}

export type ListPage<T> = ReturnType<typeof useListPage<T>>;

/** What a list screen reads of its infinite query of `{ docs }` pages. */
export interface PagedQuery<T> {
  data: { pages: readonly { docs: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * The query's pages as one list, whether a new search is loading (the search box shows a spinner),
 * and the props the list takes: adding opens the empty form.
 */
export function pagedListOf<T>(list: PagedQuery<T>, page: ListPage<T>) {
  const props: PagedListState = {
    loading: list.isPending,
    failed: list.isError,
    search: page.debounced,
    readOnly: page.readOnly,
    hasNextPage: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    onLoadMore: () => void list.fetchNextPage(),
    onRetry: () => void list.refetch(),
    onAdd: () => page.openForm(null),
  };
  return {
    items: list.data?.pages.flatMap((p) => p.docs),
    searching: list.isFetching && !list.isFetchingNextPage && !!list.data,
    props,
  };
}
