import { Anchor, Badge, Box, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatRupiah, interpolate, type AdminTransaction } from '@sapa/contracts';
import { formatWibTime } from '../../lib/wib-time';
import { planOf, transactionCode, TxStatusBadge } from './tx-parts';
import { METHOD_LABELS, TX_TEXT } from './tx-strings';

export interface TxListProps {
  items: readonly AdminTransaction[];
  onOpen: (id: string) => void;
}

/** 'Ada bukti' beside a pending bank transfer whose proof waits for the operator. */
function ProofFlag({ tx }: { tx: AdminTransaction }) {
  if (tx.status !== 'pending' || !tx.proof) return null;
  return (
    <Badge variant="outline" color="blue" radius="sm" tt="none" fw={600} data-testid="tx-proof-flag">
      {TX_TEXT.proofBadge}
    </Badge>
  );
}

/** Five grey rows while the first page loads. */
export function TxSkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label={TX_TEXT.listLoading} data-testid="tx-loading">
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

/** Seven columns from 600 px up; the code is the row's button (keyboard), a click anywhere opens it too. */
export function TxTable({ items, onOpen }: TxListProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={TX_TEXT.listLabel} data-testid="tx-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TX_TEXT.colDate}</Table.Th>
            <Table.Th>{TX_TEXT.colOwner}</Table.Th>
            <Table.Th>{TX_TEXT.colPlan}</Table.Th>
            <Table.Th ta="right">{TX_TEXT.colTotal}</Table.Th>
            <Table.Th>{TX_TEXT.colMethod}</Table.Th>
            <Table.Th>{TX_TEXT.colStatus}</Table.Th>
            <Table.Th>{TX_TEXT.colNumber}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((tx) => (
            <Table.Tr
              key={tx._id}
              onClick={() => onOpen(tx._id)}
              style={{ cursor: 'pointer' }}
              data-testid="tx-row"
              data-id={tx._id}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWibTime(tx.createdAt)}</Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" fw={600} truncate>
                  {tx.owner.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {tx.owner.email}
                </Text>
              </Table.Td>
              <Table.Td>{planOf(tx)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatRupiah(tx.total)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{METHOD_LABELS[tx.method]}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <TxStatusBadge status={tx.status} />
                  <ProofFlag tx={tx} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(tx._id);
                  }}
                  aria-label={interpolate(TX_TEXT.openDetail, { code: transactionCode(tx) })}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {transactionCode(tx)}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Under 600 px: one card per purchase, each a button that opens it. */
export function TxCards({ items, onOpen }: TxListProps) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={TX_TEXT.listLabel} style={{ listStyle: 'none' }}>
      {items.map((tx) => (
        <Box component="li" key={tx._id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Card
            component="button"
            type="button"
            onClick={() => onOpen(tx._id)}
            radius={0}
            padding="md"
            w="100%"
            ta="left"
            data-testid="tx-row"
            data-id={tx._id}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {tx.owner.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {tx.owner.email}
                </Text>
                <Text size="sm">{planOf(tx)}</Text>
                <Text size="xs" c="dimmed">
                  {formatWibTime(tx.createdAt)} · {METHOD_LABELS[tx.method]} · {transactionCode(tx)}
                </Text>
              </Stack>
              <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                <TxStatusBadge status={tx.status} />
                <ProofFlag tx={tx} />
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
