import { useEffect, type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { COUNTRIES, contactInput, type ContactMedia } from '@sapa/contracts';
import { FormPhoneField } from '../form-phone-field';
import { SendFormModal } from '../send-form-modal';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY = { name: '', country: DEFAULT_COUNTRY.code, phoneNumber: '' };

export interface ContactModalProps {
  opened: boolean;
  /** a template's contact to confirm; empty fields otherwise */
  initial?: ContactMedia | null;
  onClose: () => void;
  onSend: (contact: ContactMedia) => void;
  /** test ids start with this ('sandbox-' in the customer simulator) */
  testIdPrefix?: string;
}

/**
 * spec §2/§5 'Kirim Kontak': a name ('Nama Kontak tidak valid'), a dial code (62 by default) and a
 * numeric phone number ('Nomor Telepon tidak valid').
 */
export function ContactModal({
  opened,
  initial = null,
  onClose,
  onSend,
  testIdPrefix = '',
}: ContactModalProps) {
  const form = useZodForm(EMPTY);
  const { setValues } = form;
  useEffect(() => {
    if (!opened) return;
    const country = initial ? COUNTRIES.find((c) => c.dial === initial.dial) : undefined;
    setValues(
      initial
        ? {
            name: initial.name,
            country: country?.code ?? DEFAULT_COUNTRY.code,
            phoneNumber: initial.phoneNumber,
          }
        : EMPTY,
    );
  }, [opened, initial, setValues]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = contactInput.safeParse({
      name: form.values.name,
      dial: countryByCode(form.values.country).dial,
      phoneNumber: form.values.phoneNumber,
    });
    if (!result.success) {
      // the first message of each field (form.errors is not updated until the next render)
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'phoneNumber';
        if (seen.has(field)) continue;
        seen.add(field);
        form.setFieldError(field, issue.message);
      }
      return;
    }
    onSend(result.data);
  };

  return (
    <SendFormModal
      opened={opened}
      onClose={onClose}
      title="Kirim Kontak"
      onSubmit={submit}
      formTestId={`${testIdPrefix}contact-form`}
      submitTestId={`${testIdPrefix}contact-submit`}
    >
      <TextInput label="Nama Kontak" placeholder="Nama" data-autofocus {...form.getInputProps('name')} />
      <FormPhoneField form={form} field="phoneNumber" />
    </SendFormModal>
  );
}
