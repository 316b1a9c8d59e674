import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutoReplySettings } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AutoReplyPage } from './auto-reply-page';

const SAVED: AutoReplySettings = {
  accountId: 'wa1',
  timezone: 'Asia/Jakarta',
  hours: [{ day: 1, open: '09:00', close: '17:00' }],
  awayEnabled: false,
  awayText: '',
  greetingEnabled: false,
  greetingText: '',
  openNow: false,
  updatedAt: null,
};

function renderPage(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(
    <MemoryRouter initialEntries={['/user/integration/whatsapp/wa1/auto-reply']}>
      <Routes>
        <Route path="/user/integration/whatsapp/:id/auto-reply" element={<AutoReplyPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));
afterEach(() => vi.unstubAllGlobals());

describe('Balasan Otomatis', () => {
  it('copies Monday to every day, refuses an away message without text on its field, then saves', async () => {
    const fake = renderPage({
      'GET /api/account/wa1/auto-reply': () => [200, SAVED],
      'PUT /api/account/wa1/auto-reply': (body) => [200, { ...SAVED, ...(body as object), updatedAt: 'x' }],
    });
    await screen.findByTestId('auto-reply-form');
    expect(screen.getByTestId('auto-reply-day-2').getAttribute('data-open')).toBe('false');
    fireEvent.click(screen.getByTestId('auto-reply-copy-monday'));
    for (const day of [0, 2, 3, 4, 5, 6])
      expect(
        (
          screen.getByLabelText(
            `Jam buka hari ${['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'][day]}`,
          ) as HTMLInputElement
        ).value,
      ).toBe('09:00');

    fireEvent.click(screen.getByTestId('auto-reply-away-switch'));
    fireEvent.click(screen.getByTestId('auto-reply-save'));
    expect(await screen.findByText('Pesan di luar jam kerja wajib diisi jika diaktifkan')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('auto-reply-away-text'), { target: { value: 'Kami sedang tutup' } });
    expect(within(screen.getByTestId('auto-reply-preview-away')).getByText('Kami sedang tutup')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auto-reply-save'));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = fake.calls.find((c) => c.method === 'PUT')!.body as { hours: unknown[]; awayText: string };
    expect(body.hours).toHaveLength(7);
    expect(body.awayText).toBe('Kami sedang tutup');
    expect(await screen.findByText('Balasan otomatis berhasil disimpan')).toBeTruthy();
  });

  it("shows the server's refusal on the day it names", async () => {
    renderPage({
      'GET /api/account/wa1/auto-reply': () => [200, SAVED],
      'PUT /api/account/wa1/auto-reply': () => [
        400,
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'x',
          fields: { 'hours.0.close': 'Jam tutup harus setelah jam buka' },
        },
      ],
    });
    await screen.findByTestId('auto-reply-form');
    fireEvent.click(screen.getByTestId('auto-reply-save'));
    expect(await screen.findByText('Jam tutup harus setelah jam buka')).toBeTruthy();
    const close = screen.getByLabelText('Jam tutup hari Senin');
    expect(close.getAttribute('aria-invalid')).toBe('true');
  });

  it("another tenant's or a removed number is not found; agents read why they cannot open it", async () => {
    renderPage({
      'GET /api/account/wa1/auto-reply': () => [404, { statusCode: 404, message: 'Akun tidak ditemukan' }],
    });
    expect(await screen.findByTestId('auto-reply-not-found')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('an agent sees the owner-only note and asks nothing', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    const fake = renderPage({});
    expect(await screen.findByTestId('owner-only')).toBeTruthy();
    expect(fake.calls.filter((c) => c.path.includes('auto-reply'))).toHaveLength(0);
  });
});
