import { Alert, Card, Divider, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatRupiah, interpolate, type BillingOffer, type Transaction } from '@sapa/contracts';
import { formatWibTime } from '../../lib/wib-time';
import { ProofUpload } from './proof-upload';
import { CopyValue } from './transaction-parts';
import { TX_TEXT } from './transaction-strings';

/**
 * A pending bank transfer: the operator's accounts (from the offer) with their numbers to copy, the
 * exact amount and the reference to write in the transfer's description, then the proof.
 */
export function BankTransferPanel({
  tx,
  offer,
  offerPending,
}: {
  tx: Transaction;
  offer: BillingOffer | undefined;
  offerPending: boolean;
}) {
  const accounts = offer?.bankAccounts ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="bank-panel">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h5">
            {TX_TEXT.bankHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {interpolate(TX_TEXT.bankHint, { deadline: `${formatWibTime(tx.paymentExpiresAt)} WIB` })}
          </Text>
        </div>
        {offerPending ? (
          <Skeleton h={88} radius="md" />
        ) : accounts.length ? (
          <SimpleGrid cols={{ base: 1, sm: accounts.length > 1 ? 2 : 1 }} spacing="sm">
            {accounts.map((a) => (
              <Paper
                key={`${a.bankName}-${a.accountNumber}`}
                withBorder
                radius="md"
                p="sm"
                data-testid="bank-account"
              >
                <Text fw={650}>{a.bankName}</Text>
                <CopyValue
                  value={a.accountNumber}
                  label={interpolate(TX_TEXT.copyAccount, { bank: a.bankName })}
                  testId="copy-account"
                >
                  <Text ff="monospace" fz="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {a.accountNumber}
                  </Text>
                </CopyValue>
                <Text size="sm" c="dimmed">
                  {interpolate(TX_TEXT.accountHolder, { holder: a.accountHolder })}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        ) : (
          <Alert
            variant="light"
            color="orange"
            icon={<IconInfoCircle size={18} />}
            styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {TX_TEXT.noBankAccounts}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <Text size="sm" c="dimmed">
              {TX_TEXT.amount}
            </Text>
            <CopyValue value={String(tx.total)} label={TX_TEXT.copyAmount} testId="copy-amount">
              <Text fz="lg" fw={700} data-testid="bank-amount">
                {formatRupiah(tx.total)}
              </Text>
            </CopyValue>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {TX_TEXT.reference}
            </Text>
            <CopyValue value={tx.reference} label={TX_TEXT.copyReference} testId="copy-reference">
              <Text ff="monospace" fz="lg" fw={700} data-testid="bank-reference">
                {tx.reference}
              </Text>
            </CopyValue>
            <Text size="xs" c="dimmed">
              {TX_TEXT.referenceHint}
            </Text>
          </div>
        </SimpleGrid>
        <Divider />
        <ProofUpload tx={tx} />
      </Stack>
    </Card>
  );
}
