import { useCallback } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconFileSearch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateJakarta, interpolate, type Transaction } from '@sapa/contracts';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { ApiError } from '../../lib/api-error';
import { formatWibTime } from '../../lib/wib-time';
import {
  useBillingOffer,
  useTransaction,
  useTransactionRealtime,
} from '../../resources/transaction/transaction-queries';
import { BankTransferPanel } from './bank-transfer-panel';
import { MidtransPanel } from './midtrans-panel';
import type { TransactionDetailState } from './purchase-form';
import { CancelButton, InvoiceButton } from './transaction-actions';
import { transactionCode } from './transaction-format';
import { QuoteSummary, StatusBadge } from './transaction-parts';
import { METHOD_LABELS, TX_TEXT } from './transaction-strings';

const DARK_MESSAGE = { message: { color: 'var(--mantine-color-dark-7)' } };
const wib = (value: string) => `${formatWibTime(value)} WIB`;

/**
 * /user/transaction/{id} (issue 22): one purchase, live from realtime (a pending one turns 'Lunas'
 * by itself): its status and reason, how to pay while pending (Snap, or the bank accounts, the
 * reference and the proof), the money figure by figure, the dates, the invoice once paid, and
 * 'Batalkan' while pending.
 */
export function TransactionDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useTransaction(id);
  const offer = useBillingOffer();
  useTransactionRealtime();
  const autoPay = !!(location.state as TransactionDetailState | null)?.pay;
  const forgetAutoPay = useCallback(
    () => void navigate(location.pathname, { replace: true, state: null }),
    [navigate, location.pathname],
  );

  const back = (
    <Anchor component={Link} to="/user/transaction/history" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {TX_TEXT.back}
      </Group>
    </Anchor>
  );

  if (!query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Box maw={1100} mx="auto">
        {back}
        {missing ? (
          <Paper withBorder radius="md" mt="md">
            <EmptyState
              icon={IconFileSearch}
              title={TX_TEXT.notFound}
              hint={TX_TEXT.notFoundHint}
              action={
                <Button component={Link} to="/user/transaction/history" variant="default">
                  {TX_TEXT.back}
                </Button>
              }
              testId="transaction-missing"
            />
          </Paper>
        ) : query.isError ? (
          <Paper withBorder radius="md" mt="md">
            <LoadFailed
              text={TX_TEXT.detailFailed}
              onRetry={() => void query.refetch()}
              testId="transaction-failed"
            />
          </Paper>
        ) : (
          <Stack
            gap="md"
            mt="md"
            aria-busy="true"
            aria-label={TX_TEXT.detailLoading}
            data-testid="transaction-loading"
          >
            <Skeleton h={36} w="55%" />
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Skeleton h={280} radius="md" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Skeleton h={220} radius="md" />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </Box>
    );
  }

  const tx = query.data;
  const pending = tx.status === 'pending';
  return (
    <Box maw={1100} mx="auto" data-testid="transaction-detail">
      {back}
      <Group justify="space-between" align="flex-start" mt="sm" mb="md" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
            {interpolate(TX_TEXT.detailTitle, { code: transactionCode(tx) })}
          </Title>
          <StatusBadge status={tx.status} testId="transaction-status" size="lg" />
        </Group>
        <Group gap="xs">
          {tx.status === 'paid' && tx.invoiceNumber ? <InvoiceButton tx={tx} /> : null}
          {pending ? <CancelButton tx={tx} /> : null}
        </Group>
      </Group>

      <Stack gap="md">
        {tx.status === 'paid' ? (
          <Alert
            variant="light"
            color="green"
            icon={<IconCircleCheck size={20} />}
            data-testid="transaction-paid"
            styles={DARK_MESSAGE}
          >
            {interpolate(TX_TEXT.paidNotice, { date: formatDateJakarta(tx.extendedTo) })}
          </Alert>
        ) : null}
        {tx.statusReason && !pending ? (
          <Alert
            variant="light"
            color={tx.status === 'failed' ? 'red' : 'gray'}
            icon={<IconAlertTriangle size={20} />}
            data-testid="transaction-reason"
            styles={DARK_MESSAGE}
          >
            {tx.statusReason}
          </Alert>
        ) : null}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {pending && tx.method === 'midtrans' ? (
                <MidtransPanel
                  tx={tx}
                  offer={offer.data}
                  offerReady={!offer.isPending}
                  autoPay={autoPay}
                  onAutoPay={forgetAutoPay}
                />
              ) : null}
              {pending && tx.method === 'bank_transfer' ? (
                <BankTransferPanel tx={tx} offer={offer.data} offerPending={offer.isPending} />
              ) : null}
              <Details tx={tx} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h5" mb="md">
                {TX_TEXT.breakdownHeading}
              </Title>
              <QuoteSummary quote={tx} monthlyPrice={tx.plan.monthlyPrice} />
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </Box>
  );
}

/** The purchase's facts as label and value rows. */
function Details({ tx }: { tx: Transaction }) {
  const rows: [string, string, string][] = [
    [TX_TEXT.plan, tx.plan.name, 'detail-plan'],
    [TX_TEXT.duration, interpolate(TX_TEXT.months, { months: tx.months }), 'detail-months'],
    [TX_TEXT.method, METHOD_LABELS[tx.method].full, 'detail-method'],
    [TX_TEXT.reference, tx.reference, 'detail-reference'],
  ];
  if (tx.invoiceNumber) rows.push([TX_TEXT.invoiceNumber, tx.invoiceNumber, 'detail-invoice']);
  rows.push([TX_TEXT.createdAt, wib(tx.createdAt), 'detail-created']);
  if (tx.status === 'pending')
    rows.push([TX_TEXT.paymentDeadline, wib(tx.paymentExpiresAt), 'detail-deadline']);
  if (tx.paidAt) rows.push([TX_TEXT.paidAt, wib(tx.paidAt), 'detail-paid']);
  if (tx.extendedTo) rows.push([TX_TEXT.extendedTo, formatDateJakarta(tx.extendedTo), 'detail-extended']);
  if (tx.invoiceDetails.businessName)
    rows.push([TX_TEXT.businessName, tx.invoiceDetails.businessName, 'detail-business']);
  if (tx.invoiceDetails.npwp) rows.push([TX_TEXT.npwp, tx.invoiceDetails.npwp, 'detail-npwp']);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="h5" mb="sm">
        {TX_TEXT.infoHeading}
      </Title>
      <Table variant="vertical" layout="fixed" verticalSpacing="xs" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={testId}>
              <Table.Th w="42%" fw={500} c="dimmed" bg="transparent">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
