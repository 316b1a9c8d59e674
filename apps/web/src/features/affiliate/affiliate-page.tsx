import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconGift, IconWallet } from '@tabler/icons-react';
import {
  formatDateLong,
  formatRupiah,
  WITHDRAWAL_STATUS_LABELS,
  withdrawalBody,
  type AffiliateSummary,
  type WithdrawalStatus,
} from '@sapa/contracts';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { FormModal, ModalForm, useSaveCallbacks } from '../../components/form-modal';
import { useServerForm } from '../../components/use-server-form';
import {
  useAffiliateSummary,
  useRequestWithdrawal,
  useWithdrawals,
} from '../../resources/affiliate/affiliate-queries';

const STATUS_COLORS: Record<WithdrawalStatus, string> = {
  requested: 'blue',
  approved: 'teal',
  paid: 'green',
  rejected: 'red',
};

/**
 * Affiliate (issue 22 part 7): the owner's referral link to copy, who registered and paid through it,
 * the commissions and the balance, and withdrawal requests with their states.
 */
export function AffiliatePage() {
  const summary = useAffiliateSummary();
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <Stack gap="lg" data-testid="affiliate-page">
      <PageHeader
        title="Affiliate"
        description="Bagikan tautan referral Anda. Setiap pembayaran dari pemilik yang mendaftar lewat tautan itu memberi Anda komisi."
      />
      {summary.isPending ? (
        <Stack gap="md" data-testid="affiliate-loading">
          <Skeleton h={96} radius="md" />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={84} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ) : summary.isError ? (
        <LoadFailed
          text="Data affiliate gagal dimuat."
          onRetry={() => void summary.refetch()}
          testId="affiliate-failed"
        />
      ) : (
        <>
          <ReferralLink summary={summary.data} />
          <Figures summary={summary.data} />
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" mb="md" gap="sm">
              <Stack gap={2}>
                <Text fw={650}>Penarikan komisi</Text>
                <Text size="sm" c="dimmed">
                  Paling sedikit {formatRupiah(summary.data.minimumWithdrawal)}, ditransfer ke rekening bank
                  Anda.
                </Text>
              </Stack>
              <Tooltip
                label={`Saldo belum mencapai ${formatRupiah(summary.data.minimumWithdrawal)}`}
                disabled={summary.data.balance >= summary.data.minimumWithdrawal}
              >
                <Button
                  leftSection={<IconWallet size={18} />}
                  onClick={() => setWithdrawing(true)}
                  disabled={summary.data.balance < summary.data.minimumWithdrawal}
                  data-testid="withdrawal-open"
                >
                  Tarik Komisi
                </Button>
              </Tooltip>
            </Group>
            <WithdrawalList />
          </Card>
          <WithdrawalModal
            opened={withdrawing}
            onClose={() => setWithdrawing(false)}
            summary={summary.data}
          />
        </>
      )}
    </Stack>
  );
}

function ReferralLink({ summary }: { summary: AffiliateSummary }) {
  const link = `${window.location.origin}${summary.referralPath}`;
  return (
    <Card withBorder radius="md" padding="lg">
      <Text fw={650} mb={4}>
        Tautan referral Anda
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Kode {summary.referralCode} · komisi {summary.commissionPercent}% dari setiap pembayaran (sebelum
        pajak)
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={link}
          readOnly
          aria-label="Tautan referral"
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="referral-link"
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Tersalin' : 'Salin tautan'}>
              <ActionIcon
                size={36}
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? 'Tautan tersalin' : 'Salin tautan referral'}
                data-testid="referral-copy"
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}

function Figures({ summary }: { summary: AffiliateSummary }) {
  const figures = [
    { label: 'Mendaftar lewat tautan', value: String(summary.registered), testId: 'figure-registered' },
    { label: 'Sudah membayar', value: String(summary.paying), testId: 'figure-paying' },
    { label: 'Total komisi', value: formatRupiah(summary.earned), testId: 'figure-earned' },
    { label: 'Saldo', value: formatRupiah(summary.balance), testId: 'figure-balance' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {figures.map((f) => (
        <Card key={f.label} withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text fz="xl" fw={700} mt={4} data-testid={f.testId}>
            {f.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function WithdrawalList() {
  const list = useWithdrawals();
  if (list.isPending) return <Skeleton h={80} radius="sm" />;
  if (list.isError)
    return (
      <LoadFailed
        text="Riwayat penarikan gagal dimuat."
        onRetry={() => void list.refetch()}
        testId="withdrawals-failed"
      />
    );
  if (!list.data.docs.length)
    return (
      <EmptyState
        icon={IconGift}
        title="Belum ada penarikan"
        hint="Saat saldo komisi Anda mencukupi, ajukan penarikan ke rekening bank Anda di sini."
        testId="withdrawals-empty"
      />
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="withdrawal-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tanggal</Table.Th>
            <Table.Th>Jumlah</Table.Th>
            <Table.Th>Rekening</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.docs.map((w) => (
            <Table.Tr key={w._id} data-testid="withdrawal-row">
              <Table.Td>{formatDateLong(w.createdAt)}</Table.Td>
              <Table.Td>{formatRupiah(w.amount)}</Table.Td>
              <Table.Td>
                {w.bankName} {w.accountNumber}
                <Text size="xs" c="dimmed">
                  a.n. {w.accountHolder}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[w.status]} variant="light">
                  {WITHDRAWAL_STATUS_LABELS[w.status]}
                </Badge>
                {w.reason ? (
                  <Text size="xs" c="dimmed" mt={4}>
                    {w.reason}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Field = 'amount' | 'bankName' | 'accountNumber' | 'accountHolder';

function WithdrawalModal({
  opened,
  onClose,
  summary,
}: {
  opened: boolean;
  onClose: () => void;
  summary: AffiliateSummary;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Tarik Komisi" resetOnOpen testId="withdrawal-modal">
      <WithdrawalForm onClose={onClose} summary={summary} />
    </FormModal>
  );
}

function WithdrawalForm({ onClose, summary }: { onClose: () => void; summary: AffiliateSummary }) {
  const [values, setValues] = useState<Record<Field, string | number>>({
    amount: summary.balance,
    bankName: '',
    accountNumber: '',
    accountHolder: '',
  });
  const form = useServerForm<Field>();
  const request = useRequestWithdrawal();
  const saved = useSaveCallbacks(onClose, form.fail);
  const set = (field: Field) => (value: string | number) => {
    form.clearError(field);
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = () => {
    const body = form.check(
      withdrawalBody.safeParse({
        ...values,
        amount: values.amount === '' ? undefined : Number(values.amount),
      }),
    );
    if (body) request.mutate(body, saved('Penarikan diajukan'));
  };
  return (
    <ModalForm
      onSubmit={submit}
      pending={request.isPending}
      formError={form.formError}
      onCancel={onClose}
      submitLabel="Ajukan"
      submitTestId="withdrawal-submit"
      header={
        <Text size="sm" c="dimmed">
          Saldo Anda {formatRupiah(summary.balance)}. Penarikan paling sedikit{' '}
          {formatRupiah(summary.minimumWithdrawal)}.
        </Text>
      }
    >
      <NumberInput
        label="Jumlah (Rp)"
        value={values.amount}
        onChange={set('amount')}
        min={0}
        max={summary.balance}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        error={form.errors.amount}
        data-autofocus
        data-testid="withdrawal-amount"
      />
      <TextInput
        label="Nama bank"
        placeholder="Contoh: BCA"
        value={values.bankName as string}
        onChange={(e) => set('bankName')(e.currentTarget.value)}
        error={form.errors.bankName}
        data-testid="withdrawal-bank"
      />
      <TextInput
        label="Nomor rekening"
        inputMode="numeric"
        value={values.accountNumber as string}
        onChange={(e) => set('accountNumber')(e.currentTarget.value)}
        error={form.errors.accountNumber}
        data-testid="withdrawal-account"
      />
      <TextInput
        label="Nama pemilik rekening"
        value={values.accountHolder as string}
        onChange={(e) => set('accountHolder')(e.currentTarget.value)}
        error={form.errors.accountHolder}
        data-testid="withdrawal-holder"
      />
    </ModalForm>
  );
}
