import { Stack, Text } from '@mantine/core';
import { type Label, LABEL_MESSAGES, interpolate } from '@sapa/contracts';
import { EntityDeleteDialog } from '../../components/entity-delete-dialog';
import { LabelBadge } from './label-badge';
import { useDeleteLabel, useFreshLabel } from '../../resources/label/label-queries';

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
  const remove = useDeleteLabel();
  // the count as it is now: chats may have been labelled since the list loaded
  const fresh = useFreshLabel(label?._id ?? null);

  return (
    <EntityDeleteDialog
      entity={label}
      onClose={onClose}
      remove={remove}
      title={LABEL_MESSAGES.deleteTitle}
      testId="label-delete-confirm"
      submitTestId="label-delete-submit"
    >
      {(shown) => {
        const total = (fresh.data && fresh.data._id === shown?._id ? fresh.data : shown)?.total ?? 0;
        return (
          <Stack gap="xs">
            {shown ? (
              <div>
                <LabelBadge label={shown} size="md" />
              </div>
            ) : null}
            <Text size="sm">{interpolate(LABEL_MESSAGES.deleteBody, { name: shown?.name ?? '' })}</Text>
            <Text
              size="sm"
              fw={total > 0 ? 600 : undefined}
              c={total > 0 ? undefined : 'dimmed'}
              data-testid="label-delete-total"
            >
              {total > 0
                ? interpolate(LABEL_MESSAGES.deleteUsed, { count: total })
                : LABEL_MESSAGES.deleteUnused}
            </Text>
          </Stack>
        );
      }}
    </EntityDeleteDialog>
  );
}
