import { Text } from '@mantine/core';
import { CONTACT_MESSAGES, type ContactGroup, interpolate } from '@sapa/contracts';
import { EntityDeleteDialog } from '../../components/entity-delete-dialog';
import { useDeleteGroup } from '../../resources/group/group-queries';
import { CONTACT_TEXT, formatCount } from './contact-strings';

export interface GroupDeleteDialogProps {
  /** the group to delete; null closes the dialog */
  group: ContactGroup | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** 'Hapus Grup': the group and its contacts go; toasts the result. */
export function GroupDeleteDialog({ group, onClose, onDeleted }: GroupDeleteDialogProps) {
  const remove = useDeleteGroup();
  return (
    <EntityDeleteDialog
      entity={group}
      onClose={onClose}
      onDeleted={onDeleted}
      remove={remove}
      title={CONTACT_TEXT.deleteGroupTitle}
      successMessage={(answer) => answer?.message || CONTACT_MESSAGES.groupDeleted}
      testId="group-delete-confirm"
      submitTestId="group-delete-submit"
    >
      {(shown) => (
        <Text size="sm">
          {interpolate(CONTACT_TEXT.deleteGroupBody, {
            name: shown?.name ?? '',
            count: formatCount(shown?.total ?? 0),
          })}
        </Text>
      )}
    </EntityDeleteDialog>
  );
}
