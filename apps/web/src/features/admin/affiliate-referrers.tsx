import { useState } from 'react';
import { Anchor, Box, Card, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconGift, IconSearchOff } from '@tabler/icons-react';
import { formatRupiah, interpolate, type AdminReferrer } from '@sapa/contracts';
import { EmptyState, LoadFailed, LoadMore } from '../../components/list-states';
import { SearchForm } from '../../components/search-input';
import { useAdminReferrers } from '../../resources/admin/admin-payments';
import { AffiliateReferredDrawer } from './affiliate-referred-drawer';
import { AFFILIATE_TEXT } from './affiliate-strings';

const CARDS_QUERY = '(max-width: 37.5em)';
const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

interface ListProps {
  items: AdminReferrer[];
  onOpen: (referrer: AdminReferrer) => void;
}

function ReferrerTable({ items, onOpen }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={AFFILIATE_TEXT.referrersLabel}
        data-testid="referrer-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{AFFILIATE_TEXT.colOwner}</Table.Th>
            <Table.Th ta="right">{AFFILIATE_TEXT.colRegistered}</Table.Th>
            <Table.Th ta="right">{AFFILIATE_TEXT.colPaying}</Table.Th>
            <Table.Th ta="right">{AFFILIATE_TEXT.colEarned}</Table.Th>
            <Table.Th ta="right">{AFFILIATE_TEXT.colBalance}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr
              key={r.owner._id}
              onClick={() => onOpen(r)}
              style={{ cursor: 'pointer' }}
              data-testid="referrer-row"
              data-id={r.owner._id}
            >
              <Table.Td maw={280}>
                {/* the name is the row's button (keyboard); a click anywhere opens it too */}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(r);
                  }}
                  aria-label={interpolate(AFFILIATE_TEXT.openReferrer, { name: r.owner.name })}
                  style={{
                    maxWidth: '100%',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {r.owner.name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {r.owner.email}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {r.registered}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {r.paying}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {formatRupiah(r.earned)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC} fw={600}>
                {formatRupiah(r.balance)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReferrerCards({ items, onOpen }: ListProps) {
  return (
    <Stack
      gap={0}
      component="ul"
      p={0}
      m={0}
      aria-label={AFFILIATE_TEXT.referrersLabel}
      style={{ listStyle: 'none' }}
    >
      {items.map((r) => (
        <Box
          component="li"
          key={r.owner._id}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Card
            component="button"
            type="button"
            onClick={() => onOpen(r)}
            radius={0}
            padding="md"
            w="100%"
            ta="left"
            data-testid="referrer-row"
            data-id={r.owner._id}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {r.owner.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {interpolate(AFFILIATE_TEXT.figures, { registered: r.registered, paying: r.paying })}
                </Text>
                <Text size="xs" c="dimmed">
                  {AFFILIATE_TEXT.colEarned} {formatRupiah(r.earned)}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Stack gap={0} align="flex-end">
                  <Text size="xs" c="dimmed">
                    {AFFILIATE_TEXT.colBalance}
                  </Text>
                  <Text size="sm" fw={700}>
                    {formatRupiah(r.balance)}
                  </Text>
                </Stack>
                <IconChevronRight size={16} aria-hidden />
              </Group>
            </Group>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * 'Referrer': owners who brought others through their referral link, with how many registered and
 * paid, the commission earned and the balance; searched on Enter; a row opens the owners they brought.
 */
export function AffiliateReferrers({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const list = useAdminReferrers(q);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const [draft, setDraft] = useState(q);
  const [open, setOpen] = useState<AdminReferrer | null>(null);
  const items = list.data?.pages.flatMap((p) => p.docs);

  let body;
  if (!items && list.isError) {
    body = (
      <LoadFailed
        text={AFFILIATE_TEXT.referrersFailed}
        onRetry={() => void list.refetch()}
        testId="referrers-failed"
      />
    );
  } else if (!items) {
    body = (
      <Stack
        gap="sm"
        p="md"
        aria-busy="true"
        aria-label={AFFILIATE_TEXT.referrersLoading}
        data-testid="referrers-loading"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (!items.length) {
    body = q ? (
      <EmptyState
        icon={IconSearchOff}
        title={AFFILIATE_TEXT.referrersNotFound}
        hint={AFFILIATE_TEXT.referrersNotFoundHint}
        testId="referrers-not-found"
      />
    ) : (
      <EmptyState
        icon={IconGift}
        title={AFFILIATE_TEXT.referrersEmpty}
        hint={AFFILIATE_TEXT.referrersEmptyHint}
        testId="referrers-empty"
      />
    );
  } else {
    body = (
      <>
        {cards ? (
          <ReferrerCards items={items} onOpen={setOpen} />
        ) : (
          <ReferrerTable items={items} onOpen={setOpen} />
        )}
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="referrers-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md">
      <Box maw={{ base: '100%', sm: 420 }}>
        <SearchForm
          draft={draft}
          onDraftChange={setDraft}
          onApply={onSearch}
          label={AFFILIATE_TEXT.searchLabel}
          placeholder={AFFILIATE_TEXT.searchPlaceholder}
          clearLabel={AFFILIATE_TEXT.searchClear}
          buttonLabel={AFFILIATE_TEXT.searchButton}
          testId="referrer-search"
          buttonTestId="referrer-search-submit"
          grouped
          inputStyle={{ flex: 1, minWidth: 0 }}
        />
      </Box>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
      <AffiliateReferredDrawer
        referrer={open && (items?.find((r) => r.owner._id === open.owner._id) ?? open)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
