import { Fragment, type ReactNode } from 'react';
import { Group, Skeleton, Stack } from '@mantine/core';

/** What a searchable list screen with 'Lebih Banyak' hands its list, besides the items and row actions. */
export interface PagedListState {
  /** the first page is loading */
  loading: boolean;
  /** the first page failed */
  failed: boolean;
  /** the search the items answer ('' for none): 'not found' rather than 'none yet' */
  search: string;
  /** agents: no add or row actions */
  readOnly: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onAdd: () => void;
}

/** Five grey rows (an icon and two lines) while a list loads. */
export function ListSkeleton({
  testId,
  label,
  iconSize,
  widths,
  rowClassName,
}: {
  testId: string;
  /** what loads, for screen readers */
  label: string;
  iconSize: number;
  /** the two lines' widths in row i, so that the rows differ */
  widths: (i: number) => readonly [string, string];
  rowClassName?: string;
}) {
  return (
    <Stack gap={0} data-testid={testId} aria-busy="true" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => {
        const [title, detail] = widths(i);
        return (
          <Group key={i} gap="sm" wrap="nowrap" px="md" py={14} className={rowClassName}>
            <Skeleton height={iconSize} width={iconSize} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={12} width={title} radius="sm" />
              <Skeleton height={10} width={detail} radius="sm" />
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

export interface PagedListProps<T> {
  /** every page loaded so far; undefined before the first */
  items: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  search: string;
  skeleton: ReactNode;
  failedState: ReactNode;
  notFound: ReactNode;
  empty: ReactNode;
  /** under the rows: 'Lebih Banyak', or null on the last page */
  loadMore: ReactNode;
  listClassName: string;
  listLabel: string;
  renderItem: (item: T) => ReactNode;
}

/**
 * A list that pages: the skeleton while the first page loads (or the failure), 'not found' after
 * a search that matched nothing, the empty state, else the rows in a `<ul>` and what loads more.
 */
export function PagedList<T extends { _id: string }>({
  items,
  loading,
  failed,
  search,
  skeleton,
  failedState,
  notFound,
  empty,
  loadMore,
  listClassName,
  listLabel,
  renderItem,
}: PagedListProps<T>) {
  if (!items) {
    if (loading) return skeleton;
    if (failed) return failedState;
  }
  if (!items?.length) return search ? notFound : empty;
  return (
    <>
      <ul className={listClassName} aria-label={listLabel}>
        {items.map((item) => (
          <Fragment key={item._id}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {loadMore}
    </>
  );
}
