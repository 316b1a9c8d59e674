import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconX } from '@tabler/icons-react';
import {
  formatRupiah,
  interpolate,
  reasonBody,
  t,
  TRANSACTION_STATUS_LABELS,
  WEB_MESSAGES,
  type AdminTransaction,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import {
  downloadAdminInvoice,
  useCancelAdminTransaction,
  useConfirmTransaction,
  useRejectTransaction,
} from '../../resources/admin/admin-payments';
import { TxConfirmDialog } from './tx-confirm-dialog';
import { transactionCode } from './tx-parts';
import { TxReasonDialog } from './tx-reason-dialog';
import { TX_TEXT } from './tx-strings';

type Dialog = 'confirm' | 'reject' | 'cancel' | null;

/**
 * What the operator may do with a purchase: confirm a bank transfer that is not paid yet (the
 * server extends the owner's subscription), reject one still pending or lapsed (with a reason the
 * owner reads), cancel any purchase still pending, and download the invoice once paid.
 */
export function TxActions({ tx }: { tx: AdminTransaction }) {
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirm = useConfirmTransaction();
  const reject = useRejectTransaction();
  const cancel = useCancelAdminTransaction();

  const transfer = tx.method === 'bank_transfer';
  const canConfirm = transfer && tx.status !== 'paid';
  const canReject = transfer && (tx.status === 'pending' || tx.status === 'expired');
  const canCancel = tx.status === 'pending';
  const paid = tx.status === 'paid' && !!tx.invoiceNumber;
  if (!canConfirm && !canReject && !canCancel && !paid) return null;

  const code = transactionCode(tx);
  const total = formatRupiah(tx.total);
  const failed = (failure: unknown) => {
    setDialog(null);
    toast.show({
      title: t('common.failed'),
      message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
  };
  const done = (message: string) => () => {
    setDialog(null);
    toast.show({ title: t('common.success'), message, type: 'success' });
  };

  return (
    <>
      <Group gap="xs" data-testid="tx-actions">
        {canConfirm ? (
          <Button
            leftSection={<IconCircleCheck size={18} aria-hidden />}
            onClick={() => setDialog('confirm')}
            data-testid="tx-confirm"
          >
            {TX_TEXT.confirm}
          </Button>
        ) : null}
        {canReject ? (
          <Button variant="outline" color="red" onClick={() => setDialog('reject')} data-testid="tx-reject">
            {TX_TEXT.reject}
          </Button>
        ) : null}
        {canCancel ? (
          <Button
            variant="default"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => setDialog('cancel')}
            data-testid="tx-cancel"
          >
            {TX_TEXT.cancel}
          </Button>
        ) : null}
        {paid ? <InvoiceButton tx={tx} /> : null}
      </Group>

      <TxConfirmDialog
        opened={dialog === 'confirm'}
        title={TX_TEXT.confirmTitle}
        confirmLabel={TX_TEXT.confirmSubmit}
        pending={confirm.isPending}
        onConfirm={() => confirm.mutate(tx._id, { onSuccess: done(TX_TEXT.confirmed), onError: failed })}
        onClose={() => setDialog(null)}
        testId="tx-confirm-dialog"
      >
        <Stack gap="xs">
          <Text size="sm">
            {interpolate(TX_TEXT.confirmBody, {
              code,
              total,
              owner: tx.owner.name,
              months: tx.months,
              plan: tx.plan.name,
            })}
          </Text>
          {tx.status !== 'pending' ? (
            <Text size="sm" fw={600} data-testid="tx-confirm-late">
              {interpolate(TX_TEXT.confirmLate, { status: TRANSACTION_STATUS_LABELS[tx.status] })}
            </Text>
          ) : !tx.proof ? (
            <Text size="sm" fw={600} data-testid="tx-confirm-no-proof">
              {TX_TEXT.confirmNoProof}
            </Text>
          ) : null}
        </Stack>
      </TxConfirmDialog>

      <TxReasonDialog
        opened={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title={TX_TEXT.rejectTitle}
        intro={<Text size="sm">{interpolate(TX_TEXT.rejectBody, { code })}</Text>}
        field="reason"
        label={TX_TEXT.rejectReason}
        placeholder={TX_TEXT.rejectPlaceholder}
        multiline
        submitLabel={TX_TEXT.rejectSubmit}
        parse={(reason) => reasonBody.safeParse({ reason })}
        send={(body, callbacks) => reject.mutate({ id: tx._id, reason: body.reason }, callbacks)}
        success={TX_TEXT.rejected}
        pending={reject.isPending}
        testId="tx-reject-dialog"
      />

      <TxConfirmDialog
        opened={dialog === 'cancel'}
        title={TX_TEXT.cancelTitle}
        confirmLabel={TX_TEXT.cancelSubmit}
        color="red"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(tx._id, { onSuccess: done(TX_TEXT.cancelled), onError: failed })}
        onClose={() => setDialog(null)}
        testId="tx-cancel-dialog"
      >
        <Text size="sm">{interpolate(TX_TEXT.cancelBody, { code, total })}</Text>
      </TxConfirmDialog>
    </>
  );
}

/** 'Unduh invoice': the PDF, fetched with the session token. */
function InvoiceButton({ tx }: { tx: AdminTransaction }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAdminInvoice(tx);
    } catch (failure) {
      toast.show({
        title: t('common.failed'),
        message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={() => void download()}
      loading={busy}
      data-testid="tx-invoice"
    >
      {TX_TEXT.downloadInvoice}
    </Button>
  );
}
