import type { ReactNode } from 'react';
import { ActionIcon, Badge, CopyButton, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import {
  formatRupiah,
  interpolate,
  TRANSACTION_STATUS_LABELS,
  type Ppn,
  type Quote,
  type TransactionStatus,
} from '@sapa/contracts';
import { STATUS_COLORS } from './transaction-format';
import { TX_TEXT } from './transaction-strings';

/** A purchase's status as a badge: 'Lunas' green, 'Menunggu Pembayaran' yellow, and so on. */
export function StatusBadge({
  status,
  testId,
  size,
}: {
  status: TransactionStatus;
  testId?: string;
  size?: string;
}) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      data-testid={testId}
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * The money of a quote or a purchase, each figure on its own line: the price of the months, the
 * discount, the subtotal, PPN's tax base (DPP), PPN and the total. The rates are named when known
 * (the form knows the offer's; a purchase keeps only its figures).
 */
export function QuoteSummary({
  quote,
  monthlyPrice,
  discountPercent,
  ppn,
}: {
  quote: Quote;
  monthlyPrice?: number;
  discountPercent?: number;
  ppn?: Ppn;
}) {
  return (
    <Stack gap={8} data-testid="quote-summary">
      <Row
        label={
          monthlyPrice
            ? interpolate(TX_TEXT.gross, { price: formatRupiah(monthlyPrice), months: quote.months })
            : TX_TEXT.grossPlain
        }
        value={formatRupiah(quote.gross)}
        testId="quote-gross"
      />
      {quote.discount > 0 ? (
        <Row
          label={
            discountPercent
              ? interpolate(TX_TEXT.discount, { percent: discountPercent })
              : TX_TEXT.discountPlain
          }
          value={formatRupiah(-quote.discount)}
          testId="quote-discount"
        />
      ) : null}
      <Row label={TX_TEXT.subtotal} value={formatRupiah(quote.subtotal)} testId="quote-subtotal" />
      <Row
        label={
          ppn
            ? interpolate(TX_TEXT.taxBase, { numerator: ppn.baseNumerator, denominator: ppn.baseDenominator })
            : TX_TEXT.taxBasePlain
        }
        value={formatRupiah(quote.taxBase)}
        testId="quote-tax-base"
      />
      <Row
        label={ppn ? interpolate(TX_TEXT.tax, { percent: ppn.ratePercent }) : TX_TEXT.taxPlain}
        value={formatRupiah(quote.tax)}
        testId="quote-tax"
      />
      <Divider my={4} />
      <Row label={TX_TEXT.total} value={formatRupiah(quote.total)} testId="quote-total" strong />
    </Stack>
  );
}

/** A value to copy (an account number, the amount, the reference) with its button beside it. */
export function CopyValue({
  value,
  label,
  children,
  testId,
}: {
  /** what goes to the clipboard */
  value: string;
  /** the button's accessible name */
  label: string;
  /** how the value is shown */
  children: ReactNode;
  testId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {children}
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? TX_TEXT.copied : label}>
            <ActionIcon
              size={36}
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copied ? TX_TEXT.copied : label}
              data-testid={testId}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
