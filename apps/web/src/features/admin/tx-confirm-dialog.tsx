import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { TX_TEXT } from './tx-strings';

export interface TxConfirmDialogProps {
  opened: boolean;
  title: string;
  /** what will happen, in the operator's words */
  children: ReactNode;
  confirmLabel: string;
  /** red for what cannot be undone */
  color?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/**
 * 'Yakin?' before an action of the admin screens: the consequence, 'Kembali' (focused, the safe
 * default) and the action. It cannot be dismissed while the action runs.
 */
export function TxConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color,
  pending,
  onConfirm,
  onClose,
  testId,
}: TxConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': TX_TEXT.close }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {TX_TEXT.back}
          </Button>
          <Button color={color} onClick={onConfirm} loading={pending} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
