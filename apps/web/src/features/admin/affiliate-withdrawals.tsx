import {
  Badge,
  Box,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWallet } from '@tabler/icons-react';
import {
  formatRupiah,
  interpolate,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@sapa/contracts';
import { EmptyState, LoadFailed, LoadMore } from '../../components/list-states';
import { formatWibTime } from '../../lib/wib-time';
import {
  useAdminWithdrawals,
  type AdminWithdrawal,
  type AdminWithdrawalFilter,
} from '../../resources/admin/admin-payments';
import { AFFILIATE_TEXT } from './affiliate-strings';
import { WithdrawalActions } from './affiliate-withdrawal-actions';

const CARDS_QUERY = '(max-width: 37.5em)';

const STATUS_COLORS: Record<WithdrawalStatus, string> = {
  requested: 'blue',
  approved: 'teal',
  paid: 'green',
  rejected: 'red',
};

const FILTER_OPTIONS = [
  ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: WITHDRAWAL_STATUS_LABELS[s] })),
  { value: 'all', label: AFFILIATE_TEXT.filterAll },
];

/** The withdrawal filter in the address: a status, 'all', else the requests waiting ('requested'). */
export function withdrawalFilterOf(value: string | null): AdminWithdrawalFilter {
  if (value === 'all') return 'all';
  return WITHDRAWAL_STATUSES.includes(value as WithdrawalStatus) ? (value as WithdrawalStatus) : 'requested';
}

/** A withdrawal's status, with the rejection's reason or the transfer's reference under it. */
function StatusCell({ w }: { w: AdminWithdrawal }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        color={STATUS_COLORS[w.status]}
        variant="light"
        radius="sm"
        tt="none"
        fw={600}
        data-testid="withdrawal-status"
      >
        {WITHDRAWAL_STATUS_LABELS[w.status]}
      </Badge>
      {w.status === 'rejected' && w.reason ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {w.reason}
        </Text>
      ) : null}
      {w.status === 'paid' && w.transferReference ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {interpolate(AFFILIATE_TEXT.transferRef, { reference: w.transferReference })}
        </Text>
      ) : null}
    </Stack>
  );
}

function WithdrawalTable({ items }: { items: AdminWithdrawal[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" aria-label={AFFILIATE_TEXT.withdrawalsLabel} data-testid="withdrawal-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{AFFILIATE_TEXT.colDate}</Table.Th>
            <Table.Th>{AFFILIATE_TEXT.colOwner}</Table.Th>
            <Table.Th ta="right">{AFFILIATE_TEXT.colAmount}</Table.Th>
            <Table.Th>{AFFILIATE_TEXT.colBank}</Table.Th>
            <Table.Th>{AFFILIATE_TEXT.colAccount}</Table.Th>
            <Table.Th>{AFFILIATE_TEXT.colHolder}</Table.Th>
            <Table.Th>{AFFILIATE_TEXT.colStatus}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{AFFILIATE_TEXT.colActions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((w) => (
            <Table.Tr key={w._id} data-testid="withdrawal-row" data-id={w._id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWibTime(w.createdAt)}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" fw={600} truncate>
                  {w.owner.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {w.owner.email}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatRupiah(w.amount)}
              </Table.Td>
              <Table.Td>{w.bankName}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{w.accountNumber}</Table.Td>
              <Table.Td>{w.accountHolder}</Table.Td>
              <Table.Td maw={220}>
                <StatusCell w={w} />
              </Table.Td>
              <Table.Td ta="right">
                <WithdrawalActions w={w} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WithdrawalCards({ items }: { items: AdminWithdrawal[] }) {
  return (
    <Stack
      gap={0}
      component="ul"
      p={0}
      m={0}
      aria-label={AFFILIATE_TEXT.withdrawalsLabel}
      style={{ listStyle: 'none' }}
    >
      {items.map((w) => (
        <Box component="li" key={w._id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Card radius={0} padding="md" data-testid="withdrawal-row" data-id={w._id}>
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {w.owner.name}
                </Text>
                <Text fw={700}>{formatRupiah(w.amount)}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {w.bankName} {w.accountNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {interpolate(AFFILIATE_TEXT.accountOf, { holder: w.accountHolder })} ·{' '}
                  {formatWibTime(w.createdAt)}
                </Text>
              </Stack>
              <Stack gap={8} align="flex-end" style={{ flexShrink: 0 }}>
                <StatusCell w={w} />
                <WithdrawalActions w={w} />
              </Stack>
            </Group>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * 'Penarikan': the owners' withdrawal requests by status (the ones waiting first: 'Diajukan'), with
 * the account to transfer to and what the operator may do with each.
 */
export function AffiliateWithdrawals({
  filter,
  onFilter,
}: {
  filter: AdminWithdrawalFilter;
  onFilter: (filter: AdminWithdrawalFilter) => void;
}) {
  const list = useAdminWithdrawals(filter);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const items = list.data?.pages.flatMap((p) => p.docs);

  let body;
  if (!items && list.isError) {
    body = (
      <LoadFailed
        text={AFFILIATE_TEXT.withdrawalsFailed}
        onRetry={() => void list.refetch()}
        testId="withdrawals-failed"
      />
    );
  } else if (!items) {
    body = (
      <Stack
        gap="sm"
        p="md"
        aria-busy="true"
        aria-label={AFFILIATE_TEXT.withdrawalsLoading}
        data-testid="withdrawals-loading"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (!items.length) {
    body =
      filter === 'requested' ? (
        <EmptyState
          icon={IconWallet}
          title={AFFILIATE_TEXT.withdrawalsEmpty}
          hint={AFFILIATE_TEXT.withdrawalsEmptyHint}
          testId="withdrawals-empty"
        />
      ) : (
        <EmptyState
          icon={IconWallet}
          title={AFFILIATE_TEXT.withdrawalsEmptyFiltered}
          hint={AFFILIATE_TEXT.withdrawalsEmptyFilteredHint}
          testId="withdrawals-empty"
        />
      );
  } else {
    body = (
      <>
        {cards ? <WithdrawalCards items={items} /> : <WithdrawalTable items={items} />}
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="withdrawals-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md">
      <Select
        label={AFFILIATE_TEXT.filterStatus}
        size="sm"
        data={FILTER_OPTIONS}
        value={filter}
        onChange={(value) => onFilter(withdrawalFilterOf(value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="withdrawal-filter"
      />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
    </Stack>
  );
}
