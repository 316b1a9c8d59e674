import { Divider, Text, TextInput } from '@mantine/core';
import { CONTACT_MESSAGES, type ContactGroup, type GroupContact, WEB_MESSAGES } from '@sapa/contracts';
import { FormModal, ModalForm, useSaveCallbacks } from '../../components/form-modal';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { contactFormValues, formFieldErrors, parseContactForm, valueKey } from './contact-form';
import { useAddContact, useUpdateContact } from '../../resources/group/group-queries';
import { CONTACT_TEXT } from './contact-strings';

export interface ContactFormModalProps {
  opened: boolean;
  group: ContactGroup;
  /** the contact being edited; null adds a new one */
  contact: GroupContact | null;
  onClose: () => void;
}

/** 'Tambah Kontak' / 'Ubah Kontak': name, number and one field per column of the group. */
export function ContactFormModal({ opened, group, contact, onClose }: ContactFormModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={contact ? CONTACT_TEXT.editContact : CONTACT_TEXT.addContact}
      size="md"
      largeTitle
      resetOnOpen
    >
      <ContactForm group={group} contact={contact} onDone={onClose} />
    </FormModal>
  );
}

export function ContactForm({
  group,
  contact,
  onDone,
}: {
  group: ContactGroup;
  contact: GroupContact | null;
  onDone: () => void;
}) {
  const columns = group.columns;
  const form = useZodForm(contactFormValues(contact, columns));
  const add = useAddContact(group._id);
  const update = useUpdateContact(group._id);
  const pending = add.isPending || update.isPending;
  // the server's refusal: on the fields it names, otherwise above the form
  const saved = useSaveCallbacks(onDone, (error) => {
    const fields = error instanceof ApiError ? formFieldErrors(error.fields) : {};
    const known = Object.entries(fields).filter(([key]) => key in form.values);
    for (const [key, message] of known) form.setFieldError(key, message);
    if (!known.length) form.setFormError(errorMessage(error, WEB_MESSAGES.unexpectedError));
  });

  const submit = () => {
    form.setFormError(null);
    const parsed = parseContactForm(form.values, columns);
    if (!parsed.ok) {
      for (const key of Object.keys(form.values)) form.setFieldError(key, parsed.errors[key]);
      return;
    }
    if (contact) {
      update.mutate({ id: contact._id, contact: parsed.data }, saved(CONTACT_MESSAGES.contactUpdated));
    } else {
      add.mutate(
        parsed.data,
        saved((answer) => answer.message),
      );
    }
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={pending}
      formError={form.formError}
      onCancel={onDone}
      submitTestId="contact-submit"
      data-testid="contact-form"
      data-mode={contact ? 'edit' : 'create'}
    >
      <TextInput
        label={CONTACT_TEXT.contactNameLabel}
        placeholder={CONTACT_TEXT.contactNamePlaceholder}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
        data-testid="contact-name"
      />
      <TextInput
        label={CONTACT_TEXT.contactPhoneLabel}
        placeholder={CONTACT_TEXT.contactPhonePlaceholder}
        description={CONTACT_TEXT.contactPhoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        {...form.getInputProps('phoneNumber')}
        data-testid="contact-phone"
      />
      {columns.length ? (
        <>
          <Divider
            label={
              <Text size="xs" c="dimmed" fw={500}>
                {CONTACT_TEXT.contactColumnsHeading}
              </Text>
            }
            labelPosition="left"
          />
          {columns.map((column, i) => (
            <TextInput
              key={column}
              label={column}
              autoComplete="off"
              {...form.getInputProps(valueKey(column))}
              data-testid={`contact-value-${i}`}
              data-column={column}
            />
          ))}
        </>
      ) : null}
    </ModalForm>
  );
}
