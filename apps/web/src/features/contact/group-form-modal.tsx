import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  groupBody,
  type ContactGroup,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { FormModal, ModalForm, NameInput, useSaveCallbacks } from '../../components/form-modal';
import { useZodForm } from '../../lib/use-zod-form';
import { useSaveGroup } from '../../resources/group/group-queries';
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
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? CONTACT_TEXT.editGroup : CONTACT_TEXT.addGroup}
      resetOnOpen
    >
      <GroupForm group={group} onDone={onClose} onSaved={onSaved} />
    </FormModal>
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
  const save = useSaveGroup();
  const form = useZodForm({ name: group?.name ?? '' });
  const saved = useSaveCallbacks(onDone, (error) =>
    form.applyServerError(error, WEB_MESSAGES.unexpectedError),
  );

  const submit = () => {
    const body = form.validate(groupBody);
    if (!body) return;
    save.mutate(
      { id: group?._id ?? null, body },
      saved(group ? CONTACT_MESSAGES.groupUpdated : CONTACT_MESSAGES.groupCreated, (stored) =>
        onSaved?.(stored, !group),
      ),
    );
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      onCancel={onDone}
      submitTestId="group-submit"
      data-testid="group-form"
    >
      <NameInput
        label={CONTACT_TEXT.groupNameLabel}
        placeholder={CONTACT_TEXT.groupNamePlaceholder}
        max={CONTACT_LIMITS.groupNameMax}
        {...form.getInputProps('name')}
        data-testid="group-name-input"
      />
    </ModalForm>
  );
}
