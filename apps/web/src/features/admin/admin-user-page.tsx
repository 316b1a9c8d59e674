import { useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_USER_STATE_LABELS,
  ADMIN_USER_STATES,
  type AdminUser,
  type AdminUserState,
} from '@sapa/contracts';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useAdminUserPages, type AdminUserFilter } from '../../resources/admin/admin-users';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserCards, UserListSkeleton, UserTable } from './user-list';
import { USER_TEXT as T } from './user-strings';

/** At this width and below the seven columns become cards. */
const CARDS_QUERY = '(max-width: 37.5em)';
/** The open owner's id in the address, so a link may open the drawer (?id=…). */
const OPEN_PARAM = 'id';

/** The filters in the address: ?q=…&state=…; an unknown state is left out rather than sent. */
function filterOf(params: URLSearchParams): AdminUserFilter {
  const state = params.get('state');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    state: ADMIN_USER_STATES.includes(state as AdminUserState) ? (state as AdminUserState) : '',
  };
}

/** `params` with each of `change` set, or removed when empty. */
function withParams(params: URLSearchParams, change: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * /admin/user (issue 23): the owners, searched by name, email or phone (debounced) and filtered by
 * state, both kept in the address; 'Lebih Banyak' pages; a row opens the owner's drawer (?id=…).
 */
export function AdminUserPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const openId = params.get(OPEN_PARAM);
  const [search, setSearch] = useState(filter.q);
  // the address changed under the box (back, a link, 'Hapus filter'): the box follows it
  const [shownQ, setShownQ] = useState(filter.q);
  if (filter.q !== shownQ) {
    setShownQ(filter.q);
    if (filter.q !== search.trim()) setSearch(filter.q);
  }
  const list = useAdminUserPages(filter);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });

  const applySearch = useDebouncedCallback(
    (value: string) => setParams((prev) => withParams(prev, { q: value.trim() }), { replace: true }),
    300,
  );
  const open = (user: AdminUser) => setParams((prev) => withParams(prev, { [OPEN_PARAM]: user._id }));
  const close = () => setParams((prev) => withParams(prev, { [OPEN_PARAM]: null }), { replace: true });
  const clearFilters = () => {
    applySearch.cancel();
    setSearch('');
    setParams((prev) => withParams(prev, { q: null, state: null }));
  };

  const items = list.data?.pages.flatMap((p) => p.docs);
  const filtered = !!filter.q || !!filter.state;

  let body;
  if (!items && list.isError) {
    body = <LoadFailed text={T.listFailed} onRetry={() => void list.refetch()} testId="user-failed" />;
  } else if (!items) {
    body = <UserListSkeleton />;
  } else if (!items.length) {
    body = filtered ? (
      <Stack gap={0} pb="lg" align="center">
        <NotFoundState title={T.notFound} hint={T.notFoundHint} testId="user-not-found" />
        <Button variant="default" onClick={clearFilters} data-testid="user-clear-filters">
          {T.clearFilters}
        </Button>
      </Stack>
    ) : (
      <EmptyState icon={IconUsers} title={T.empty} hint={T.emptyHint} testId="user-empty" />
    );
  } else {
    body = (
      <>
        {cards ? <UserCards items={items} onOpen={open} /> : <UserTable items={items} onOpen={open} />}
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="user-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="admin-user-page">
      <PageHeader title={T.heading} description={T.description} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 280px', maxWidth: 480 }}>
          <SearchInput
            value={search}
            onChange={(value) => {
              setSearch(value);
              applySearch(value);
            }}
            searching={list.isFetching && !list.isFetchingNextPage && !!list.data}
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            clearLabel={T.searchClear}
            testId="user-search"
          />
        </div>
        <Select
          aria-label={T.stateLabel}
          data={[
            { value: 'all', label: T.stateAll },
            ...ADMIN_USER_STATES.map((s) => ({ value: s, label: ADMIN_USER_STATE_LABELS[s] })),
          ]}
          value={filter.state || 'all'}
          onChange={(value) =>
            setParams((prev) => withParams(prev, { state: value === 'all' ? null : value }))
          }
          allowDeselect={false}
          size="md"
          w={{ base: '100%', xs: 220 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="user-state-filter"
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
      <UserDetailDrawer id={openId} preview={items?.find((u) => u._id === openId)} onClose={close} />
    </Stack>
  );
}
