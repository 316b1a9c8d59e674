import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StatusPost } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { ok, pageOf, pushFrame, renderAt, STATUS_POST, stubApi, useFakeSocket } from './publication-test-api';
import { StatusListPage } from './status-list-page';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const ONCE: StatusPost = {
  ...STATUS_POST,
  _id: 's2',
  type: 'image',
  text: 'Koleksi baru',
  backgroundColor: null,
  audience: 'groups',
  groups: [{ _id: 'g1', name: 'Pelanggan Setia' }],
  repeat: 'none',
  time: null,
  weekday: null,
  state: 'scheduled',
  nextAt: '2026-04-01T03:00:00.000Z',
  runs: [],
};

const list = () => renderAt(<StatusListPage />, '/user/publication/status', '/user/publication/status');

describe('Publikasi > Status', () => {
  it('shows each post with its audience, schedule, state and latest runs, live', async () => {
    const api = stubApi({ 'GET /api/publication/status': pageOf([STATUS_POST, ONCE]) });
    list();
    expect(screen.getByTestId('status-skeleton')).toBeTruthy();
    const [weekly, once] = await screen.findAllByTestId('status-row');
    expect(api.urls[0]).toBe('GET /api/publication/status?page=1&limit=20');

    expect(within(weekly!).getByTestId('status-meta').textContent).toBe(
      'Teks · CS Toko (+62 812-3456-7890) · Semua kontak',
    );
    expect(within(weekly!).getByTestId('status-schedule').textContent).toBe(
      'Setiap Senin 07:00 · Berikutnya 16 Maret 2026 07:00 WIB',
    );
    expect(within(weekly!).getByTestId('status-state').textContent).toBe('Berjalan');
    const runs = within(weekly!).getAllByTestId('status-run');
    expect(runs[0]!.textContent).toBe('09 Maret 2026 07:00 WIB · Terkirim · 320 penerima');
    expect(runs[1]!.textContent).toBe('02 Maret 2026 07:00 WIB · Gagal · Nomor tidak terhubung');

    expect(within(once!).getByTestId('status-meta').textContent).toContain('Gambar');
    expect(within(once!).getByTestId('status-meta').textContent).toContain('Pelanggan Setia');
    expect(within(once!).getByTestId('status-schedule').textContent).toContain('Sekali');
    expect(within(once!).getByTestId('status-state').textContent).toBe('Dijadwalkan');

    pushFrame({
      type: 'status.updated',
      statusPost: {
        ...ONCE,
        state: 'finish',
        runs: [{ at: '2026-04-01T03:00:00.000Z', state: 'sent', viewers: 12, reason: null }],
      },
    });
    await waitFor(() => expect(within(once!).getByTestId('status-state').textContent).toBe('Selesai'));
    expect(within(once!).getByTestId('status-run').textContent).toContain('12 penerima');
  });

  it('pauses a recurring post and cancels one after confirming', async () => {
    let posts = [STATUS_POST, ONCE];
    const api = stubApi({
      'GET /api/publication/status': () => [200, { docs: posts, hasNextPage: false }],
      'POST /api/publication/status/s1/pause': ok({ ...STATUS_POST, state: 'paused' }),
      'DELETE /api/publication/status/s2': () => {
        posts = [STATUS_POST];
        return [200, { message: 'Status berhasil dihapus' }];
      },
    });
    list();
    const [weekly, once] = await screen.findAllByTestId('status-row');
    fireEvent.click(within(weekly!).getByTestId('status-menu'));
    fireEvent.click(await screen.findByTestId('status-pause'));
    await waitFor(() => expect(within(weekly!).getByTestId('status-state').textContent).toBe('Dijeda'));
    expect(api.urls).toContain('POST /api/publication/status/s1/pause');

    // the first menu has closed: only the second one's items are on the page
    await waitFor(() => expect(screen.queryByTestId('status-delete')).toBeNull());
    fireEvent.click(within(once!).getByTestId('status-menu'));
    // a one-off post cannot be paused, only cancelled
    expect(await screen.findByTestId('status-delete')).toBeTruthy();
    expect(screen.queryByTestId('status-pause')).toBeNull();
    fireEvent.click(await screen.findByTestId('status-delete'));
    const confirm = await screen.findByTestId('status-delete-confirm');
    expect(api.urls.some((u) => u.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByTestId('status-delete-submit'));
    expect(await screen.findByText('Status berhasil dihapus')).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/publication/status/s2');
    await waitFor(() => expect(screen.getAllByTestId('status-row')).toHaveLength(1));
  });
});
