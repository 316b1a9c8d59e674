import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useZodForm } from '../lib/use-zod-form';
import { PasswordChangeFields, SettingsForm } from './settings-form';

function Harness({ confirm, onSubmit }: { confirm: boolean; onSubmit: () => void }) {
  const form = useZodForm({ currentPassword: '', password: '', confirmPassword: '' });
  return (
    <SettingsForm
      title={confirm ? 'Password' : undefined}
      description="Keterangan"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      formError={confirm ? 'Ditolak' : null}
      pending={false}
    >
      <PasswordChangeFields form={form} confirmField={confirm ? 'confirmPassword' : undefined} />
    </SettingsForm>
  );
}

describe('SettingsForm with PasswordChangeFields', () => {
  it('shows the heading, the alert and the confirmation when given', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness confirm onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Password' })).toBeTruthy();
    expect(screen.getByTestId('form-error').textContent).toBe('Ditolak');
    expect(screen.getByLabelText('Kata Sandi Saat Ini')).toBeTruthy();
    expect(screen.getByLabelText(/^Kata Sandi Baru/)).toBeTruthy();
    expect(screen.getByLabelText('Konfirmasi Kata Sandi Baru')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSubmit).toHaveBeenCalled();
  });

  it('leaves out the heading and the confirmation otherwise', () => {
    renderWithProviders(<Harness confirm={false} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText('Keterangan')).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(screen.queryByLabelText('Konfirmasi Kata Sandi Baru')).toBeNull();
  });
});
