import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfileSettingPage } from './profile-setting-page';

function signIn(user: UserProfile) {
  sessionStore.set(sessionFromUser('tok', user));
  const routes = fakeFetch({ 'PATCH /api/user': (body) => [200, { ...user, ...(body as object) }] });
  vi.stubGlobal('fetch', routes.fetch);
  renderWithProviders(<ProfileSettingPage />);
  return routes.calls;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

describe('Pengaturan > Profil', () => {
  beforeEach(() => sessionStore.clear());

  it('asks an owner for the current password only when the email changes', async () => {
    const calls = signIn(owner);
    expect(screen.queryByLabelText('Kata Sandi Saat Ini')).toBeNull();
    fireEvent.change(screen.getByLabelText('Nama'), { target: { value: 'Toko Lain' } });
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ name: 'Toko Lain', email: owner.email, phone: owner.phone });

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'baru@contoh.test' } });
    const password = screen.getByLabelText('Kata Sandi Saat Ini');
    save();
    expect(await screen.findByText('Value is required')).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(password, { target: { value: 'rahasia123' } });
    save();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ email: 'baru@contoh.test', currentPassword: 'rahasia123' });
  });

  it("shows an agent's email without letting them change it; name and phone they edit", async () => {
    const calls = signIn(agentUser);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(agentUser.agent!.email);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Email agen diubah oleh pemilik akun melalui menu Agen.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nama'), { target: { value: 'Agen Baru' } });
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      name: 'Agen Baru',
      email: agentUser.agent!.email,
      phone: agentUser.agent!.phone,
    });
    expect(screen.queryByLabelText('Kata Sandi Saat Ini')).toBeNull();
  });
});
