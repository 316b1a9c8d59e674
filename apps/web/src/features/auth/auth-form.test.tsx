import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AuthForm, AuthSwitchLink } from './auth-form';

describe('AuthForm', () => {
  it('shows the alert, the fields, the submit button and what follows it', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <AuthForm
          formProps={{ onSubmit, onInputCapture: () => {}, onPointerDownCapture: () => {}, noValidate: true }}
          formError="Salah"
          submitLabel="Masuk"
          pending={false}
          after={<AuthSwitchLink prompt="Belum punya akun?" to="/register" label="Daftar" />}
        >
          <input aria-label="Nama" />
        </AuthForm>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('form-error').textContent).toBe('Salah');
    expect(screen.getByRole('link', { name: 'Daftar' }).getAttribute('href')).toBe('/register');
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});
