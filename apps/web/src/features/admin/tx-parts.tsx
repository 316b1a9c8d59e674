import type { ReactNode } from 'react';
import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import {
  formatRupiah,
  interpolate,
  TRANSACTION_STATUS_LABELS,
  type Quote,
  type Transaction,
  type TransactionStatus,
} from '@sapa/contracts';
import { TX_TEXT } from './tx-strings';

// The badge and the money rows repeat the owner's (features/transaction/transaction-parts.tsx) in
// small; features do not import each other.

/** The badge colour of each status: paid green, waiting yellow, the ends gray, a failure red. */
const STATUS_COLORS: Record<TransactionStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  expired: 'gray',
  cancelled: 'gray',
  failed: 'red',
};

/** A purchase's status as a badge: 'Lunas' green, 'Menunggu Pembayaran' yellow, and so on. */
export function TxStatusBadge({ status, size }: { status: TransactionStatus; size?: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      data-testid="tx-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** How a purchase is named: its invoice number once paid, else its transfer reference. */
export function transactionCode(tx: Pick<Transaction, 'invoiceNumber' | 'reference'>): string {
  return tx.invoiceNumber ?? tx.reference;
}

/** 'Pro · 3 bulan'. */
export function planOf(tx: Pick<Transaction, 'plan' | 'months'>): string {
  return interpolate(TX_TEXT.planMonths, { plan: tx.plan.name, months: tx.months });
}

function MoneyRow({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatRupiah(value)}
      </Text>
    </Group>
  );
}

/**
 * A quote's money, each figure on its own line: the months' price, the discount, the subtotal,
 * PPN's tax base (DPP), PPN and the total. `rates` names the percentages when known.
 */
export function MoneyRows({
  quote,
  monthlyPrice,
  rates,
  testId = 'money-rows',
}: {
  quote: Quote;
  monthlyPrice: number;
  rates?: { discountPercent: number; ppnPercent: number; base: string };
  testId?: string;
}) {
  return (
    <Stack gap={8} data-testid={testId}>
      <MoneyRow
        label={interpolate(TX_TEXT.gross, { price: formatRupiah(monthlyPrice), months: quote.months })}
        value={quote.gross}
      />
      {quote.discount > 0 ? (
        <MoneyRow
          label={rates ? `${TX_TEXT.discount} ${rates.discountPercent}%` : TX_TEXT.discount}
          value={-quote.discount}
        />
      ) : null}
      <MoneyRow label={TX_TEXT.subtotal} value={quote.subtotal} />
      <MoneyRow
        label={rates ? `${TX_TEXT.taxBase} (${rates.base})` : TX_TEXT.taxBase}
        value={quote.taxBase}
      />
      <MoneyRow label={rates ? `${TX_TEXT.tax} ${rates.ppnPercent}%` : TX_TEXT.tax} value={quote.tax} />
      <Divider my={2} />
      <MoneyRow label={TX_TEXT.total} value={quote.total} strong />
    </Stack>
  );
}

/** Facts as label and value rows; `testId` on each value. */
export function InfoTable({ rows }: { rows: readonly [label: string, value: ReactNode, testId: string][] }) {
  return (
    <Table variant="vertical" layout="fixed" verticalSpacing={6} withRowBorders withTableBorder={false}>
      <Table.Tbody>
        {rows.map(([label, value, testId]) => (
          <Table.Tr key={testId}>
            <Table.Th w="40%" fw={500} c="dimmed" bg="transparent" fz="sm">
              {label}
            </Table.Th>
            <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
