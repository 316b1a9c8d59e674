import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { disableUserBody, interpolate } from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { FormModal, useSaveCallbacks } from '../../components/form-modal';
import { useServerForm } from '../../components/use-server-form';
import { useDisableUser } from '../../resources/admin/admin-users';
import { USER_TEXT as T } from './user-strings';

export interface UserDisableModalProps {
  opened: boolean;
  onClose: () => void;
  user: { _id: string; name: string };
}

/** 'Nonaktifkan akun?': the consequence, the reason (required, kept for operators) and a red confirm. */
export function UserDisableModal({ opened, onClose, user }: UserDisableModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={T.disableTitle}
      size="md"
      resetOnOpen
      testId="user-disable-modal"
    >
      <DisableForm onClose={onClose} user={user} />
    </FormModal>
  );
}

function DisableForm({ onClose, user }: { onClose: () => void; user: UserDisableModalProps['user'] }) {
  const [reason, setReason] = useState('');
  const form = useServerForm<'reason'>();
  const disable = useDisableUser();
  const saved = useSaveCallbacks(onClose, form.fail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    const body = form.check(disableUserBody.safeParse({ reason }), 'reason');
    if (body)
      disable.mutate(
        { id: user._id, reason: body.reason },
        saved(interpolate(T.disabled, { name: user.name })),
      );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{interpolate(T.disableBody, { name: user.name })}</Text>
        <FormAlert message={form.formError} />
        <Textarea
          label={T.reasonLabel}
          description={T.reasonDescription}
          placeholder={T.reasonPlaceholder}
          required
          autosize
          minRows={3}
          maxLength={300}
          value={reason}
          onChange={(event) => {
            form.clearError('reason');
            setReason(event.currentTarget.value);
          }}
          error={form.errors.reason}
          data-autofocus
          data-testid="user-disable-reason"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={disable.isPending}>
            Batal
          </Button>
          <Button type="submit" color="red" loading={disable.isPending} data-testid="user-disable-submit">
            {T.disableConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
