import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { labelMessage, t, type Label } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { WEB_MESSAGES } from '../../../lib/web-messages';
import { LabelBadge } from './label-badge';
import { useDeleteLabel, useFreshLabel } from './label-queries';

export interface LabelDeleteDialogProps {
  /** the label to delete; null closes the dialog */
  label: Label | null;
  onClose: () => void;
}

/**
 * 'Hapus Label': says how many conversations lose the label, deletes it (the server takes it off
 * those chats in the same step), then toasts 'Label berhasil dihapus' or the server's refusal.
 */
export function LabelDeleteDialog({ label, onClose }: LabelDeleteDialogProps) {
  const toast = useToast();
  const remove = useDeleteLabel();
  // the count as it is now: chats may have been labelled since the list loaded
  const fresh = useFreshLabel(label?._id ?? null);
  // the text stays while the dialog closes
  const [shown, setShown] = useState(label);
  if (label && label !== shown) setShown(label);

  const confirm = () => {
    if (!label || remove.isPending) return;
    remove.mutate(label._id, {
      onSuccess: (answer) => {
        toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
        onClose();
      },
      onError: (error) => {
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        });
      },
    });
  };

  const total = (fresh.data && fresh.data._id === shown?._id ? fresh.data : shown)?.total ?? 0;
  return (
    <ConfirmDeleteDialog
      opened={!!label}
      title={labelMessage('deleteTitle')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="label-delete-confirm"
      submitTestId="label-delete-submit"
    >
      <Stack gap="xs">
        {shown ? (
          <div>
            <LabelBadge label={shown} size="md" />
          </div>
        ) : null}
        <Text size="sm">{labelMessage('deleteBody', { name: shown?.name ?? '' })}</Text>
        <Text
          size="sm"
          fw={total > 0 ? 600 : undefined}
          c={total > 0 ? undefined : 'dimmed'}
          data-testid="label-delete-total"
        >
          {total > 0 ? labelMessage('deleteUsed', { count: total }) : labelMessage('deleteUnused')}
        </Text>
      </Stack>
    </ConfirmDeleteDialog>
  );
}
