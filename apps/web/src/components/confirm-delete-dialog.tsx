import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  /** what will be lost, in the user's words */
  children: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
  submitTestId?: string;
}

/**
 * The one 'Hapus …?' dialog: the consequence, 'Batal' (focused, the safe default) and a red 'Hapus'.
 * It cannot be dismissed while the deletion runs.
 */
export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  pending,
  onConfirm,
  onClose,
  testId,
  submitTestId,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Batal
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-testid={submitTestId}>
            Hapus
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
