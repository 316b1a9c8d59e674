import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { FormModal } from './form-modal';

export interface SendFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  formTestId: string;
  submitTestId: string;
  children: ReactNode;
}

/** The composer's small 'Kirim …' forms (contact, location): the fields, then 'Batal' and 'Kirim'. */
export function SendFormModal({
  opened,
  onClose,
  title,
  onSubmit,
  formTestId,
  submitTestId,
  children,
}: SendFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate data-testid={formTestId}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" data-testid={submitTestId}>
              Kirim
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
