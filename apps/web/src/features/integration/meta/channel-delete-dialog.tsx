import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { t, WEB_MESSAGES, WHATSAPP_MESSAGES, type Account } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import {
  useDeleteChannelAccount,
  type MetaChannel,
} from '../../../resources/integration/integration-queries';
import { WA_TEXT } from '../whatsapp/wa-strings';
import { CHANNEL_TEXT } from './meta-strings';

/**
 * 'Hapus' on an Instagram or Messenger card: confirm, then DELETE /account/{id}; the server's
 * message toasts, the card leaves. `account` null closes it.
 */
export function ChannelDeleteDialog({
  channel,
  account,
  onClose,
}: {
  channel: MetaChannel;
  account: Account | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const remove = useDeleteChannelAccount(channel);
  // keeps showing the last account while the dialog animates closed
  const [shown, setShown] = useState(account);
  if (account && account !== shown) setShown(account);
  const text = CHANNEL_TEXT[channel];

  const confirm = () => {
    if (!account || remove.isPending) return;
    remove.mutate(account.id, {
      onSuccess: (answer) => {
        toast.show({
          title: t('common.success'),
          message: answer?.message || WHATSAPP_MESSAGES.deleted,
          type: 'success',
        });
        onClose();
      },
      onError: (error) =>
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        }),
    });
  };

  return (
    <ConfirmDeleteDialog
      opened={!!account}
      title={text.deleteTitle}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="meta-delete-confirm"
      submitTestId="meta-delete-submit"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {shown?.label.name}
          {shown?.channel?.handle && shown.channel.handle !== shown.label.name
            ? ` · ${shown.channel.handle}`
            : ''}
        </Text>
        <Text size="sm">{shown?.isSandbox ? WA_TEXT.deleteSandboxBody : text.deleteBody}</Text>
      </Stack>
    </ConfirmDeleteDialog>
  );
}
