import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { formatRupiah, interpolate, t, WEB_MESSAGES, type Transaction } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { downloadInvoice, useCancelTransaction } from '../../resources/transaction/transaction-queries';
import { transactionCode } from './transaction-format';
import { TX_TEXT } from './transaction-strings';

/** 'Unduh invoice': the PDF, fetched with the session token and saved as invoice-INV-2026-000001.pdf. */
export function InvoiceButton({ tx }: { tx: Transaction }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(tx);
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
      leftSection={<IconDownload size={18} />}
      onClick={() => void download()}
      loading={busy}
      data-testid="invoice-download"
    >
      {TX_TEXT.downloadInvoice}
    </Button>
  );
}

/** 'Batalkan', only after the owner confirms in a dialog whose safe choice is focused. */
export function CancelButton({ tx }: { tx: Transaction }) {
  const toast = useToast();
  const cancel = useCancelTransaction(tx._id);
  const [confirming, setConfirming] = useState(false);
  const run = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.show({ title: t('common.success'), message: TX_TEXT.cancelled, type: 'success' });
      },
      onError: (failure) => {
        setConfirming(false);
        toast.show({
          title: t('common.failed'),
          message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
          type: 'error',
        });
      },
    });
  return (
    <>
      <Button
        variant="outline"
        color="red"
        leftSection={<IconX size={18} />}
        onClick={() => setConfirming(true)}
        data-testid="transaction-cancel"
      >
        {TX_TEXT.cancel}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!cancel.isPending) setConfirming(false);
        }}
        title={TX_TEXT.cancelTitle}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': 'Tutup' }}
        styles={{ title: { fontWeight: 650 } }}
      >
        <Stack gap="lg" data-testid="cancel-confirm">
          <Text size="sm">
            {interpolate(TX_TEXT.cancelBody, { code: transactionCode(tx), total: formatRupiah(tx.total) })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
              data-autofocus
            >
              {TX_TEXT.cancelKeep}
            </Button>
            <Button color="red" onClick={run} loading={cancel.isPending} data-testid="cancel-submit">
              {TX_TEXT.cancelConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
