import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from '../lib/use-zod-form';
import { renderWithProviders } from '../test/render';
import { FormPhoneField } from './form-phone-field';
import { SendFormModal } from './send-form-modal';

function ContactForm({ onSubmit, onClose }: { onSubmit: (values: unknown) => void; onClose: () => void }) {
  const form = useZodForm({ country: 'ID', phoneNumber: '' });
  const [opened] = useState(true);
  return (
    <SendFormModal
      opened={opened}
      onClose={onClose}
      title="Kirim Kontak"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(form.values);
      }}
      formTestId="contact-form"
      submitTestId="contact-submit"
    >
      <FormPhoneField form={form} field="phoneNumber" />
    </SendFormModal>
  );
}

describe('SendFormModal with FormPhoneField', () => {
  it("shows the fields, 'Batal' closes, 'Kirim' submits the form's values", async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ContactForm onSubmit={onSubmit} onClose={onClose} />);
    const form = (await screen.findByTestId('contact-form')) as HTMLFormElement;
    expect(screen.getByRole('dialog', { name: 'Kirim Kontak' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nomor Telepon' }), { target: { value: '8123' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ country: 'ID', phoneNumber: '8123' });
    expect(form.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onClose).toHaveBeenCalled();
  });
});

function ProfileForm() {
  const form = useZodForm({ name: '', country: 'ID', phone: '' });
  return (
    <>
      <FormPhoneField form={form} />
      <output data-testid="phone">{form.values.phone}</output>
    </>
  );
}

describe('FormPhoneField', () => {
  it("binds the form's `phone` unless told otherwise", () => {
    renderWithProviders(<ProfileForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nomor Telepon' }), { target: { value: '856' } });
    expect(screen.getByTestId('phone').textContent).toBe('856');
  });
});
