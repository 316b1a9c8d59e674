import { PUBLICATION_MESSAGES } from '@sapa/contracts';
import { OwnerOnly } from '../../components/owner-only';
import { useState } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSpeakerphone, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Broadcast } from '@sapa/contracts';
import { ListHeader } from '../../components/list-header';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { ListSkeleton, PagedList } from '../../components/paged-list';
import { SearchInput } from '../../components/search-input';
import { usePublicationRealtime } from '../../resources/publication/publication-caches';
import { useBroadcastPages, type PublicationFilters } from '../../resources/publication/publication-queries';
import { OptOutModal } from './opt-out-modal';
import { formatWib } from './publication-format';
import { BroadcastProgress, CountsInline, PublicationFilterBar, StateBadge } from './publication-parts';
import { PUB_TEXT } from './publication-strings';
import './publication.css';

const detailPath = (id: string) => `/user/publication/broadcast/${encodeURIComponent(id)}`;

function BroadcastRow({ broadcast }: { broadcast: Broadcast }) {
  const when = broadcast.state === 'scheduled' && broadcast.scheduledAt;
  return (
    <li
      className="sapa-pub-row sapa-pub-row--link"
      data-testid="broadcast-row"
      data-broadcast-id={broadcast._id}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Link to={detailPath(broadcast._id)} className="sapa-pub-link" style={{ flex: 1 }}>
            <Text component="span" fw={600} truncate display="block" data-testid="broadcast-name">
              {broadcast.name}
            </Text>
          </Link>
          <StateBadge state={broadcast.state} testId="broadcast-state" />
        </Group>
        <Text size="sm" c="dimmed" data-testid="broadcast-meta">
          {PUB_TEXT.senders}: {broadcast.senders.map((s) => s.name).join(', ') || '-'}
          <span aria-hidden> · </span>
          {when
            ? `${PUB_TEXT.scheduledAt} ${formatWib(broadcast.scheduledAt)}`
            : `${PUB_TEXT.createdAt} ${formatWib(broadcast.createdAt)}`}
        </Text>
        <BroadcastProgress counts={broadcast.counts} name={broadcast.name} />
        <CountsInline counts={broadcast.counts} />
      </Stack>
    </li>
  );
}

/**
 * /user/publication/broadcast: every broadcast, newest first, with its state, progress and counts,
 * kept live by the realtime socket; filters by state, year and dates, search by name.
 */
/** BroadcastList for the owner; an agent reads that publications are the owner's (the API answers 403). */
export function BroadcastListPage() {
  return (
    <OwnerOnly title={PUBLICATION_MESSAGES.ownerOnly} hint={PUB_TEXT.ownerOnlyHint}>
      <BroadcastListPageContent />
    </OwnerOnly>
  );
}

function BroadcastListPageContent() {
  const [filters, setFilters] = useState<PublicationFilters>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [optOutOpen, setOptOutOpen] = useState(false);
  const list = useBroadcastPages(filters, debounced);
  usePublicationRealtime();

  const items = list.data?.pages.flatMap((p) => p.docs);
  const filtered = !!debounced || Object.keys(filters).length > 0;

  return (
    <>
      <ListHeader
        heading={PUB_TEXT.broadcastHeading}
        description={PUB_TEXT.broadcastDescription}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconUserOff size={16} />}
              onClick={() => setOptOutOpen(true)}
              data-testid="opt-out-open"
            >
              {PUB_TEXT.optOutButton}
            </Button>
            <Button
              component={Link}
              to="/user/publication/broadcast/form"
              leftSection={<IconPlus size={16} />}
              data-testid="broadcast-create"
            >
              {PUB_TEXT.createBroadcast}
            </Button>
          </Group>
        }
      >
        <Box mt="md">
          <SearchInput
            value={search}
            onChange={setSearch}
            searching={list.isFetching && !list.isFetchingNextPage && !!list.data}
            label={PUB_TEXT.broadcastSearchLabel}
            placeholder={PUB_TEXT.broadcastSearchPlaceholder}
            clearLabel="Hapus pencarian"
            testId="broadcast-search"
          />
        </Box>
        <PublicationFilterBar filters={filters} onChange={setFilters} testIdPrefix="broadcast" />
      </ListHeader>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <PagedList
          items={items}
          loading={list.isPending}
          failed={list.isError}
          search={filtered ? 'filtered' : ''}
          skeleton={
            <ListSkeleton
              testId="broadcast-skeleton"
              label={PUB_TEXT.broadcastLoading}
              iconSize={0}
              widths={(i) => [`${44 - (i % 3) * 8}%`, `${80 - (i % 2) * 14}%`]}
            />
          }
          failedState={
            <LoadFailed
              text={PUB_TEXT.broadcastLoadFailed}
              onRetry={() => void list.refetch()}
              testId="broadcast-load-failed"
            />
          }
          notFound={
            <NotFoundState
              title={PUB_TEXT.broadcastNotFound}
              hint={PUB_TEXT.filtersNotFoundHint}
              testId="broadcast-not-found"
            />
          }
          empty={
            <EmptyState
              icon={IconSpeakerphone}
              title={PUB_TEXT.broadcastEmpty}
              hint={PUB_TEXT.broadcastEmptyHint}
              testId="broadcast-empty"
              action={
                <Button
                  component={Link}
                  to="/user/publication/broadcast/form"
                  leftSection={<IconPlus size={16} />}
                >
                  {PUB_TEXT.createBroadcast}
                </Button>
              }
            />
          }
          loadMore={
            list.hasNextPage ? (
              <LoadMore
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
                testId="broadcast-more"
              />
            ) : null
          }
          listClassName="sapa-pub-list"
          listLabel={PUB_TEXT.broadcastList}
          renderItem={(broadcast) => <BroadcastRow broadcast={broadcast} />}
        />
      </Paper>
      <OptOutModal opened={optOutOpen} onClose={() => setOptOutOpen(false)} />
    </>
  );
}
