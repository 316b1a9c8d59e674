import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CONTACT_LIMITS, CONTACT_MESSAGES, groupBody, t, type ContactGroup } from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { useZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { useSaveGroup } from './contact-queries';
import { CONTACT_TEXT } from './contact-strings';

export interface GroupFormModalProps {
  opened: boolean;
  /** the group being renamed; null adds a new one */
  group: ContactGroup | null;
  onClose: () => void;
  /** after a save, with the stored group */
  onSaved?: (group: ContactGroup, created: boolean) => void;
}

/** 'Tambah Grup' / 'Ubah Nama Grup': one name field. */
export function GroupFormModal({ opened, group, onClose, onSaved }: GroupFormModalProps) {
  // each opening starts a fresh form; the form stays while the modal closes
  const [openings, setOpenings] = useState({ count: 0, opened: false });
  if (opened !== openings.opened) setOpenings({ count: openings.count + (opened ? 1 : 0), opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? CONTACT_TEXT.editGroup : CONTACT_TEXT.addGroup}
      centered
      closeButtonProps={{ 'aria-label': CONTACT_TEXT.close }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <GroupForm key={openings.count} group={group} onDone={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function GroupForm({
  group,
  onDone,
  onSaved,
}: {
  group: ContactGroup | null;
  onDone: () => void;
  onSaved?: GroupFormModalProps['onSaved'];
}) {
  const toast = useToast();
  const save = useSaveGroup();
  const form = useZodForm({ name: group?.name ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = form.validate(groupBody);
    if (!body) return;
    save.mutate(
      { id: group?._id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.show({
            title: t('common.success'),
            message: group ? CONTACT_MESSAGES.groupUpdated : CONTACT_MESSAGES.groupCreated,
            type: 'success',
          });
          onDone();
          onSaved?.(saved, !group);
        },
        onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="group-form">
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <TextInput
          label={CONTACT_TEXT.groupNameLabel}
          placeholder={CONTACT_TEXT.groupNamePlaceholder}
          description={`Maksimal ${CONTACT_LIMITS.groupNameMax} karakter`}
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
          data-testid="group-name-input"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {CONTACT_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="group-submit">
            {CONTACT_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
