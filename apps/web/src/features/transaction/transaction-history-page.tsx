import { Anchor, Box, Button, Card, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatRupiah,
  interpolate,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
} from '@sapa/contracts';
import { EmptyState, LoadFailed, LoadMore } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { formatWibTime } from '../../lib/wib-time';
import {
  useTransactionPages,
  useTransactionRealtime,
  type TransactionFilter,
} from '../../resources/transaction/transaction-queries';
import { transactionCode } from './transaction-format';
import { StatusBadge } from './transaction-parts';
import { METHOD_LABELS, TX_TEXT } from './transaction-strings';

/** At this width and below the six columns become cards. */
const CARDS_QUERY = '(max-width: 37.5em)';

const detailPath = (id: string) => `/user/transaction/${encodeURIComponent(id)}`;
const planOf = (tx: Transaction) =>
  interpolate(TX_TEXT.planMonths, { plan: tx.plan.name, months: tx.months });

function filterOf(value: string | null): TransactionFilter {
  return TRANSACTION_STATUSES.includes(value as TransactionStatus) ? (value as TransactionStatus) : 'all';
}

/**
 * /user/transaction/history (issue 22): the owner's purchases, newest first, with their status
 * (live from realtime), filtered by status (kept in the address, ?status=paid), 'Lebih Banyak' to
 * page; each opens its detail.
 */
export function TransactionHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const list = useTransactionPages(filter);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  useTransactionRealtime();

  const items = list.data?.pages.flatMap((p) => p.docs);
  const buy = (
    <Button
      component={Link}
      to="/user/transaction"
      leftSection={<IconShoppingCart size={18} />}
      data-testid="buy-link"
    >
      {TX_TEXT.buy}
    </Button>
  );

  let body;
  if (!items && list.isError) {
    body = (
      <LoadFailed text={TX_TEXT.listFailed} onRetry={() => void list.refetch()} testId="history-failed" />
    );
  } else if (!items) {
    body = <HistorySkeleton />;
  } else if (!items.length) {
    body =
      filter === 'all' ? (
        <EmptyState
          icon={IconReceipt}
          title={TX_TEXT.empty}
          hint={TX_TEXT.emptyHint}
          action={buy}
          testId="history-empty"
        />
      ) : (
        <EmptyState
          icon={IconReceipt}
          title={TX_TEXT.emptyFiltered}
          hint={TX_TEXT.emptyFilteredHint}
          action={
            <Button variant="default" onClick={() => setParams({})} data-testid="history-show-all">
              {TX_TEXT.filterAll}
            </Button>
          }
          testId="history-empty-filtered"
        />
      );
  } else {
    body = (
      <>
        {cards ? <HistoryCards items={items} /> : <HistoryTable items={items} />}
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="history-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="transaction-history-page">
      <PageHeader title={TX_TEXT.historyHeading} description={TX_TEXT.historyDescription} actions={buy} />
      <Group justify="flex-start">
        <Select
          label={TX_TEXT.filterStatus}
          data={[
            { value: 'all', label: TX_TEXT.filterAll },
            ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: TRANSACTION_STATUS_LABELS[s] })),
          ]}
          value={filter}
          onChange={(value) => setParams(value && value !== 'all' ? { status: value } : {})}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="history-filter"
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
    </Stack>
  );
}

function HistorySkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label={TX_TEXT.listLoading} data-testid="history-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} justify="space-between" px="md" py={14} wrap="nowrap">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={12} w={`${50 - (i % 3) * 8}%`} radius="sm" />
            <Skeleton h={10} w={`${70 - (i % 2) * 15}%`} radius="sm" />
          </Stack>
          <Skeleton h={22} w={110} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

function HistoryTable({ items }: { items: Transaction[] }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={TX_TEXT.listLabel} data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TX_TEXT.colDate}</Table.Th>
            <Table.Th>{TX_TEXT.colNumber}</Table.Th>
            <Table.Th>{TX_TEXT.colPlan}</Table.Th>
            <Table.Th ta="right">{TX_TEXT.colTotal}</Table.Th>
            <Table.Th>{TX_TEXT.colMethod}</Table.Th>
            <Table.Th>{TX_TEXT.colStatus}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((tx) => (
            <Table.Tr
              key={tx._id}
              // the number is the row's link (keyboard); a click anywhere on the row opens it too
              onClick={() => void navigate(detailPath(tx._id))}
              style={{ cursor: 'pointer' }}
              data-testid="history-row"
              data-id={tx._id}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWibTime(tx.createdAt)}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={detailPath(tx._id)}
                  fw={600}
                  size="sm"
                  onClick={(event) => event.stopPropagation()}
                >
                  {transactionCode(tx)}
                </Anchor>
              </Table.Td>
              <Table.Td>{planOf(tx)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRupiah(tx.total)}
              </Table.Td>
              <Table.Td>{METHOD_LABELS[tx.method].short}</Table.Td>
              <Table.Td>
                <StatusBadge status={tx.status} testId="history-status" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryCards({ items }: { items: Transaction[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={TX_TEXT.listLabel} style={{ listStyle: 'none' }}>
      {items.map((tx) => (
        <Box component="li" key={tx._id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Card
            component={Link}
            to={detailPath(tx._id)}
            radius={0}
            padding="md"
            data-testid="history-row"
            data-id={tx._id}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {transactionCode(tx)}
                </Text>
                <Text size="sm">{planOf(tx)}</Text>
                <Text size="xs" c="dimmed">
                  {formatWibTime(tx.createdAt)} · {METHOD_LABELS[tx.method].short}
                </Text>
              </Stack>
              <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                <StatusBadge status={tx.status} testId="history-status" />
                <Group gap={2} wrap="nowrap">
                  <Text fw={700} size="sm">
                    {formatRupiah(tx.total)}
                  </Text>
                  <IconChevronRight size={16} aria-hidden />
                </Group>
              </Stack>
            </Group>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}
