import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { stubApi } from './agent-test-api';
import { AgentPage } from './agent-page';

const sari: Agent = {
  _id: 'a1',
  name: 'Sari',
  email: 'sari@contoh.test',
  phone: '6281200000011',
  isVerified: true,
  canViewReports: false,
};

afterEach(() => vi.unstubAllGlobals());

const field = (form: HTMLElement, label: string | RegExp) => within(form).getByLabelText(label);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openAdd() {
  fireEvent.click(await screen.findByTestId('agent-add'));
  return screen.findByTestId('agent-form');
}

describe('adding an agent', () => {
  it('shows each field’s rule and sends nothing until the form is valid', async () => {
    const calls = stubApi({ 'GET /api/agent': () => [200, { docs: [], hasNextPage: false }] });
    renderWithProviders(<AgentPage />);
    const form = await openAdd();
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findAllByText('Value is required')).toHaveLength(4);

    type(field(form, 'Nama'), 'x'.repeat(101));
    type(field(form, 'Email'), 'bukan-email');
    type(field(form, 'Nomor Telepon'), '08123');
    type(field(form, /^Kata Sandi/), 'pendek');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('The maximum length allowed is 100')).toBeTruthy();
    expect(within(form).getByText('Value is not a valid email address')).toBeTruthy();
    expect(within(form).getByText('Nomor Telepon tidak valid')).toBeTruthy();
    expect(within(form).getByText('Kata sandi minimal 8 karakter')).toBeTruthy();

    // a number too short once the dial code is added is refused like the API would
    type(field(form, 'Nama'), 'Rina');
    type(field(form, 'Email'), 'rina@contoh.test');
    type(field(form, 'Nomor Telepon'), '812');
    type(field(form, /^Kata Sandi/), 'rahasia123');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nomor Telepon tidak valid')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the full number, then opens the verification modal for the new agent', async () => {
    const created: Agent = {
      _id: 'a9',
      name: 'Rina',
      email: 'rina@contoh.test',
      phone: '6281234567',
      isVerified: false,
      canViewReports: false,
    };
    const calls = stubApi({
      'GET /api/agent': () => [200, { docs: [], hasNextPage: false }],
      'POST /api/agent': () => [
        201,
        {
          message: 'Agen berhasil ditambahkan. Kode verifikasi telah dikirim ke rina@contoh.test',
          agent: created,
        },
      ],
    });
    renderWithProviders(<AgentPage />);
    const form = await openAdd();
    type(field(form, 'Nama'), ' Rina ');
    type(field(form, 'Email'), 'Rina@Contoh.test');
    type(field(form, 'Nomor Telepon'), '81234567');
    type(field(form, /^Kata Sandi/), 'rahasia123');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));

    expect(
      await screen.findByText('Agen berhasil ditambahkan. Kode verifikasi telah dikirim ke rina@contoh.test'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Rina',
      email: 'rina@contoh.test',
      phone: '6281234567',
      password: 'rahasia123',
    });
    const verify = await screen.findByTestId('agent-verify-form');
    expect(verify.textContent).toContain('rina@contoh.test');
    // the code was just sent: resending waits its minute
    expect(within(verify).getByRole('button', { name: 'Kirim Ulang Kode' })).toHaveProperty('disabled', true);
    expect(within(verify).getByTestId('agent-resend-cooldown').textContent).toMatch(/dalam (60|59) detik/);
  });

  it('marks the field the server refuses and toasts its message', async () => {
    stubApi({
      'GET /api/agent': () => [200, { docs: [], hasNextPage: false }],
      'POST /api/agent': () => [
        409,
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Email sudah terdaftar',
          fields: { email: 'Email sudah terdaftar' },
        },
      ],
    });
    renderWithProviders(<AgentPage />);
    const form = await openAdd();
    type(field(form, 'Nama'), 'Rina');
    type(field(form, 'Email'), 'rina@contoh.test');
    type(field(form, 'Nomor Telepon'), '81234567');
    type(field(form, /^Kata Sandi/), 'rahasia123');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Email sudah terdaftar')).toBeTruthy();
    expect(screen.getByText('Gagal')).toBeTruthy();
    expect(screen.queryByTestId('agent-verify-form')).toBeNull();
  });
});

describe('editing an agent', () => {
  it('leaves the password out when blank', async () => {
    const calls = stubApi({
      'GET /api/agent': () => [200, { docs: [sari], hasNextPage: false }],
      'PUT /api/agent/a1': () => [
        200,
        { message: 'Agen berhasil diubah', agent: { ...sari, name: 'Sari Dewi' } },
      ],
    });
    renderWithProviders(<AgentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Sari' }));
    const form = await screen.findByTestId('agent-form');
    expect((field(form, 'Email') as HTMLInputElement).value).toBe('sari@contoh.test');
    type(field(form, 'Nama'), 'Sari Dewi');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Agen berhasil diubah')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Sari Dewi',
      email: 'sari@contoh.test',
      canViewReports: false,
    });
    await waitFor(() => expect(screen.queryByTestId('agent-verify-form')).toBeNull());
  });

  it("lets the owner allow the agent to open the reports ('Boleh membuka laporan')", async () => {
    const calls = stubApi({
      'GET /api/agent': () => [200, { docs: [sari], hasNextPage: false }],
      'PUT /api/agent/a1': () => [
        200,
        { message: 'Agen berhasil diubah', agent: { ...sari, canViewReports: true } },
      ],
    });
    renderWithProviders(<AgentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Sari' }));
    const form = await screen.findByTestId('agent-form');
    const toggle = within(form).getByRole('switch', { name: /Boleh membuka laporan/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Agen berhasil diubah')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Sari',
      email: 'sari@contoh.test',
      canViewReports: true,
    });
  });
});
