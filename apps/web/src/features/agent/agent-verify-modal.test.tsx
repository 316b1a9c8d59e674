import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { stubApi as stubAllApi } from './agent-test-api';
import { AgentVerifyModal } from './agent-verify-modal';

const budi: Agent = {
  _id: 'a2',
  name: 'Budi',
  email: 'budi@contoh.test',
  phone: '6281200000012',
  isVerified: false,
  canViewReports: false,
};

// the dev mailbox link asks GET /config; only the agent calls are recorded
const stubApi = (routes: Parameters<typeof stubAllApi>[0]) =>
  stubAllApi(routes, (path) => path.startsWith('/api/agent'));

afterEach(() => vi.unstubAllGlobals());

function renderModal(onClose = vi.fn()) {
  renderWithProviders(<AgentVerifyModal opened agent={budi} codeJustSent={false} onClose={onClose} />);
  return onClose;
}

const enterCode = (code: string) =>
  fireEvent.change(screen.getByLabelText('Kode verifikasi digit 1'), { target: { value: code } });

describe('the verification modal', () => {
  it('asks for 6 digits, then submits the code and closes', async () => {
    const calls = stubApi({
      'PUT /api/agent/a2/verification': () => [
        200,
        { message: 'Agen berhasil diverifikasi', agent: { ...budi, isVerified: true } },
      ],
    });
    const onClose = renderModal();
    const form = await screen.findByTestId('agent-verify-form');
    expect(form.textContent).toContain('budi@contoh.test');

    fireEvent.click(within(form).getByRole('button', { name: 'Verifikasi' }));
    expect(await within(form).findByText('Value is required')).toBeTruthy();
    enterCode('123');
    fireEvent.click(within(form).getByRole('button', { name: 'Verifikasi' }));
    expect(await within(form).findByText('Kode verifikasi terdiri dari 6 angka')).toBeTruthy();
    expect(calls).toEqual([]);

    enterCode('123456');
    fireEvent.click(within(form).getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByText('Agen berhasil diverifikasi')).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/agent/a2/verification', body: { code: '123456' } }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a wrong code under the boxes and clears them for the next try', async () => {
    const message = 'Kode verifikasi salah atau sudah kedaluwarsa';
    stubApi({
      'PUT /api/agent/a2/verification': () => [
        400,
        { code: 'VALIDATION', message, fields: { code: message } },
      ],
    });
    const onClose = renderModal();
    const form = await screen.findByTestId('agent-verify-form');
    enterCode('654321');
    fireEvent.click(within(form).getByRole('button', { name: 'Verifikasi' }));
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(screen.getByText('Gagal')).toBeTruthy();
    expect((screen.getByLabelText('Kode verifikasi digit 1') as HTMLInputElement).value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('resends the code, then waits a minute; a refusal starts the wait the server names', async () => {
    let answer: [number, unknown] = [200, { message: 'Kode verifikasi telah dikirim ke budi@contoh.test' }];
    const calls = stubApi({ 'PUT /api/agent/a2/verification/resend': () => answer });
    renderModal();
    const resend = await screen.findByRole('button', { name: 'Kirim Ulang Kode' });
    fireEvent.click(resend);
    expect(await screen.findByText('Kode verifikasi telah dikirim ke budi@contoh.test')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/agent/a2/verification/resend']);
    await waitFor(() => expect(resend).toHaveProperty('disabled', true));
    expect(screen.getByTestId('agent-resend-cooldown').textContent).toMatch(/dalam (60|59) detik/);

    // another modal for an agent whose last code is recent: the server says how long to wait
    answer = [429, { code: 'RATE_LIMITED', message: 'Tunggu 42 detik sebelum mengirim ulang kode' }];
    vi.unstubAllGlobals();
    stubApi({ 'PUT /api/agent/a2/verification/resend': () => answer });
    document.body.innerHTML = '';
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Kirim Ulang Kode' }));
    expect(await screen.findByText('Tunggu 42 detik sebelum mengirim ulang kode')).toBeTruthy();
    expect(screen.getByTestId('agent-resend-cooldown').textContent).toMatch(/dalam (42|41) detik/);
  });
});
