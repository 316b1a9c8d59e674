import { useState } from 'react';
import { Text } from '@mantine/core';
import { CONTACT_MESSAGES, t, type ContactGroup } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { useDeleteGroup } from './contact-queries';
import { CONTACT_TEXT, fillText, formatCount } from './contact-strings';

export interface GroupDeleteDialogProps {
  /** the group to delete; null closes the dialog */
  group: ContactGroup | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** 'Hapus Grup': the group and its contacts go; toasts the result. */
export function GroupDeleteDialog({ group, onClose, onDeleted }: GroupDeleteDialogProps) {
  const toast = useToast();
  const remove = useDeleteGroup();
  // the text stays while the dialog closes
  const [shown, setShown] = useState(group);
  if (group && group !== shown) setShown(group);

  const confirm = () => {
    if (!group || remove.isPending) return;
    remove.mutate(group._id, {
      onSuccess: (answer) => {
        toast.show({
          title: t('common.success'),
          message: answer?.message || CONTACT_MESSAGES.groupDeleted,
          type: 'success',
        });
        onClose();
        onDeleted?.();
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

  return (
    <ConfirmDeleteDialog
      opened={!!group}
      title={CONTACT_TEXT.deleteGroupTitle}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="group-delete-confirm"
      submitTestId="group-delete-submit"
    >
      <Text size="sm">
        {fillText(CONTACT_TEXT.deleteGroupBody, {
          name: shown?.name ?? '',
          count: formatCount(shown?.total ?? 0),
        })}
      </Text>
    </ConfirmDeleteDialog>
  );
}
