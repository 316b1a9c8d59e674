import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@sapa/contracts';
import { sessionStore } from '../../lib/session-store';
import { fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RegisterPage } from './register-page';

const sent = { message: 'Kode verifikasi telah dikirim ke toko@contoh.test' };
const invalid = {
  statusCode: 400,
  code: 'VALIDATION',
  message: 'Kode verifikasi salah atau sudah kedaluwarsa',
  fields: { code: 'Kode verifikasi salah atau sudah kedaluwarsa' },
};

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <RegisterPage />
    </MemoryRouter>,
  );
}

function fillForm() {
  fireEvent.change(screen.getByLabelText('Nama'), { target: { value: 'Toko Baru' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'toko@contoh.test' } });
  fireEvent.change(screen.getByLabelText('Nomor Telepon'), { target: { value: '81234567890' } });
  fireEvent.change(screen.getByLabelText('Kata Sandi'), { target: { value: 'rahasia123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
}

const typeCode = (code: string) =>
  fireEvent.change(screen.getByLabelText('Kode verifikasi digit 1'), { target: { value: code } });

describe('RegisterPage: the form, then the mailed code', () => {
  beforeEach(() => {
    sessionStore.clear();
    window.localStorage.setItem(STORAGE_KEYS.referral, 'TEMAN1');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('sends the form, asks for the code, and signs in with the right one', async () => {
    let verifyAnswer: [number, unknown] = [400, invalid];
    const { fetch, calls } = fakeFetch({
      'POST /api/auth/register': () => [202, sent],
      'POST /api/auth/register/verify': () => verifyAnswer,
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(screen.getByTestId('referral-code').textContent).toContain('TEMAN1');
    fillForm();

    expect(await screen.findByRole('heading', { name: 'Masukkan kode verifikasi' })).toBeTruthy();
    expect(screen.getByText(sent.message)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      name: 'Toko Baru',
      email: 'toko@contoh.test',
      phone: '6281234567890',
      password: 'rahasia123',
      referralCode: 'TEMAN1',
    });
    // no session yet: only the code creates the account
    expect(sessionStore.get()).toBeNull();

    typeCode('000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByText('Kode verifikasi salah atau sudah kedaluwarsa')).toBeTruthy();
    expect(sessionStore.get()).toBeNull();

    verifyAnswer = [201, { token: 'tok-baru', user: { ...owner, email: 'toko@contoh.test' } }];
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    await waitFor(() => expect(sessionStore.get()?.token).toBe('tok-baru'));
    expect(calls.filter((c) => c.path === '/api/auth/register/verify').map((c) => c.body)).toEqual([
      { email: 'toko@contoh.test', code: '000000' },
      { email: 'toko@contoh.test', code: '123456' },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.referral)).toBeNull();
  });

  it("'Kirim ulang' waits a minute, then posts the registration again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, calls } = fakeFetch({ 'POST /api/auth/register': () => [202, sent] });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fillForm();
    await screen.findByRole('heading', { name: 'Masukkan kode verifikasi' });
    const resend = screen.getByTestId('register-resend');
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByTestId('register-resend-cooldown').textContent).toMatch(/dalam \d+ detik/);

    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    await waitFor(() => expect(screen.getByTestId('register-resend')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('register-resend'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(2));
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect((await screen.findByTestId('toast')).textContent).toContain(sent.message);
    expect(screen.getByTestId('register-resend')).toHaveProperty('disabled', true);
  });

  it('shows a conflict named after the code, and goes back to the form with its values', async () => {
    const { fetch } = fakeFetch({
      'POST /api/auth/register': () => [202, sent],
      'POST /api/auth/register/verify': () => [
        409,
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Nomor telepon sudah terdaftar',
          fields: { phone: 'Nomor telepon sudah terdaftar' },
        },
      ],
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fillForm();
    await screen.findByRole('heading', { name: 'Masukkan kode verifikasi' });
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Nomor telepon sudah terdaftar');
    fireEvent.click(screen.getByRole('button', { name: 'Ubah data pendaftaran' }));
    expect(await screen.findByRole('heading', { name: 'Daftar Sapa' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('toko@contoh.test');
  });
});
