import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { CONTACT_MESSAGES, t, type ContactGroup, type GroupContact } from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { contactFormValues, formFieldErrors, parseContactForm, valueKey } from './contact-form';
import { useAddContact, useUpdateContact } from './contact-queries';
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
  // each opening starts a fresh form; the form stays while the modal closes
  const [openings, setOpenings] = useState({ count: 0, opened: false });
  if (opened !== openings.opened) setOpenings({ count: openings.count + (opened ? 1 : 0), opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? CONTACT_TEXT.editContact : CONTACT_TEXT.addContact}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': CONTACT_TEXT.close }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <ContactForm key={openings.count} group={group} contact={contact} onDone={onClose} />
    </Modal>
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
  const toast = useToast();
  const columns = group.columns;
  const form = useZodForm(contactFormValues(contact, columns));
  const add = useAddContact(group._id);
  const update = useUpdateContact(group._id);
  const pending = add.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    form.setFormError(null);
    const parsed = parseContactForm(form.values, columns);
    if (!parsed.ok) {
      for (const key of Object.keys(form.values)) form.setFieldError(key, parsed.errors[key]);
      return;
    }
    // the server's refusal: on the fields it names, otherwise above the form
    const failed = (error: unknown) => {
      const fields = error instanceof ApiError ? formFieldErrors(error.fields) : {};
      const known = Object.entries(fields).filter(([key]) => key in form.values);
      for (const [key, message] of known) form.setFieldError(key, message);
      if (!known.length) form.setFormError(errorMessage(error, WEB_MESSAGES.unexpectedError));
    };
    if (contact) {
      update.mutate(
        { id: contact._id, contact: parsed.data },
        {
          onSuccess: () => {
            toast.show({
              title: t('common.success'),
              message: CONTACT_MESSAGES.contactUpdated,
              type: 'success',
            });
            onDone();
          },
          onError: failed,
        },
      );
    } else {
      add.mutate(parsed.data, {
        onSuccess: (answer) => {
          toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
          onDone();
        },
        onError: failed,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form" data-mode={contact ? 'edit' : 'create'}>
      <Stack gap="md">
        <FormAlert message={form.formError} />
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
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {CONTACT_TEXT.cancel}
          </Button>
          <Button type="submit" loading={pending} data-testid="contact-submit">
            {CONTACT_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
