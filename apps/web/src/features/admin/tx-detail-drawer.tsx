import { useState, type ReactNode } from 'react';
import { Alert, Divider, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateJakarta, formatPhone, interpolate, type AdminTransaction } from '@sapa/contracts';
import { LoadFailed } from '../../components/list-states';
import { formatWibTime } from '../../lib/wib-time';
import { useAdminTransaction } from '../../resources/admin/admin-payments';
import { TxActions } from './tx-actions';
import { TxMidtransStatus } from './tx-midtrans-status';
import { InfoTable, MoneyRows, transactionCode, TxStatusBadge } from './tx-parts';
import { TxProof } from './tx-proof';
import { METHOD_LABELS, TX_TEXT } from './tx-strings';

const DARK_MESSAGE = { message: { color: 'var(--mantine-color-dark-7)' } };
const wib = (value: string) => `${formatWibTime(value)} WIB`;

export interface TxDetailDrawerProps {
  /** the open purchase; null closes the drawer */
  id: string | null;
  /** the list's copy, shown while the purchase is read */
  listed?: AdminTransaction;
  onClose: () => void;
}

/**
 * One purchase beside the list: its status and reason, the actions, the owner, the facts and dates,
 * the money figure by figure, the transfer's proof or Midtrans' own status.
 */
export function TxDetailDrawer({ id, listed, onClose }: TxDetailDrawerProps) {
  const phone = useMediaQuery('(max-width: 37.5em)', false, { getInitialValueInEffect: false });
  // the last purchase stays in the drawer while it slides out
  const [shown, setShown] = useState(id);
  if (id && id !== shown) setShown(id);
  const query = useAdminTransaction(shown, listed);
  const tx = query.data;
  return (
    <Drawer.Root opened={!!id} onClose={onClose} position="right" size={phone ? '100%' : 'lg'}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={TX_TEXT.drawerLabel} data-testid="tx-drawer">
        <Drawer.Header>
          <Group gap="sm" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
            <Drawer.Title fz="lg" fw={650} style={{ overflowWrap: 'anywhere' }}>
              {tx ? interpolate(TX_TEXT.drawerTitle, { code: transactionCode(tx) }) : TX_TEXT.drawerLabel}
            </Drawer.Title>
            {tx ? <TxStatusBadge status={tx.status} /> : null}
          </Group>
          <Drawer.CloseButton aria-label={TX_TEXT.close} />
        </Drawer.Header>
        <Drawer.Body>
          {tx ? (
            <TxDetail tx={tx} />
          ) : query.isError ? (
            <LoadFailed
              text={TX_TEXT.drawerFailed}
              onRetry={() => void query.refetch()}
              testId="tx-drawer-failed"
            />
          ) : (
            <Stack gap="md" aria-busy="true" aria-label={TX_TEXT.drawerLoading}>
              <Skeleton h={36} w="60%" />
              <Skeleton h={120} radius="md" />
              <Skeleton h={200} radius="md" />
            </Stack>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function TxDetail({ tx }: { tx: AdminTransaction }) {
  const pending = tx.status === 'pending';
  const rows: [string, string, string][] = [
    [TX_TEXT.plan, tx.plan.name, 'tx-detail-plan'],
    [TX_TEXT.duration, interpolate(TX_TEXT.months, { months: tx.months }), 'tx-detail-months'],
    [TX_TEXT.method, METHOD_LABELS[tx.method], 'tx-detail-method'],
    [TX_TEXT.reference, tx.reference, 'tx-detail-reference'],
  ];
  if (tx.invoiceNumber) rows.push([TX_TEXT.invoiceNumber, tx.invoiceNumber, 'tx-detail-invoice']);
  rows.push([TX_TEXT.createdAt, wib(tx.createdAt), 'tx-detail-created']);
  if (pending) rows.push([TX_TEXT.paymentDeadline, wib(tx.paymentExpiresAt), 'tx-detail-deadline']);
  if (tx.paidAt) rows.push([TX_TEXT.paidAt, wib(tx.paidAt), 'tx-detail-paid']);
  if (tx.extendedTo) rows.push([TX_TEXT.extendedTo, formatDateJakarta(tx.extendedTo), 'tx-detail-extended']);
  if (tx.invoiceDetails.businessName)
    rows.push([TX_TEXT.businessName, tx.invoiceDetails.businessName, 'tx-detail-business']);
  if (tx.invoiceDetails.npwp) rows.push([TX_TEXT.npwp, tx.invoiceDetails.npwp, 'tx-detail-npwp']);

  return (
    <Stack gap="lg" data-testid="tx-detail" data-id={tx._id}>
      {tx.statusReason && !pending ? (
        <Alert
          variant="light"
          color={tx.status === 'failed' ? 'red' : 'gray'}
          icon={<IconAlertTriangle size={20} />}
          styles={DARK_MESSAGE}
          data-testid="tx-detail-reason"
        >
          {tx.statusReason}
        </Alert>
      ) : null}
      <TxActions tx={tx} />
      <Section title={TX_TEXT.ownerHeading}>
        <Stack gap={2} data-testid="tx-detail-owner">
          <Text size="sm" fw={600}>
            {tx.owner.name}
          </Text>
          <Text size="sm">{tx.owner.email}</Text>
          {tx.owner.phone ? <Text size="sm">{formatPhone(tx.owner.phone)}</Text> : null}
        </Stack>
      </Section>
      <Divider />
      <Section title={TX_TEXT.moneyHeading}>
        <MoneyRows quote={tx} monthlyPrice={tx.plan.monthlyPrice} testId="tx-detail-money" />
      </Section>
      <Divider />
      <Section title={TX_TEXT.infoHeading}>
        <InfoTable rows={rows} />
      </Section>
      {tx.method === 'bank_transfer' ? (
        <>
          <Divider />
          <TxProof tx={tx} />
        </>
      ) : (
        <>
          <Divider />
          <TxMidtransStatus id={tx._id} />
        </>
      )}
    </Stack>
  );
}
