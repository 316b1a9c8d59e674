import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { BroadcastListPage } from './broadcast-list-page';
import { PROMO, pageOf, pushFrame, renderAt, stubApi, useFakeSocket } from './publication-test-api';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const page = () =>
  renderAt(<BroadcastListPage />, '/user/publication/broadcast', '/user/publication/broadcast');

const SCHEDULED = {
  ...PROMO,
  _id: 'b2',
  name: 'Info Stok',
  state: 'scheduled' as const,
  scheduledAt: '2026-04-01T01:30:00.000Z',
  counts: {
    ...PROMO.counts,
    pending: 30,
    total: 30,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    skipped: 0,
  },
};

describe('Publikasi > Broadcast: the list', () => {
  it("tells an agent that publications are the owner's, asking nothing of the API", async () => {
    sessionStore.set(sessionFromUser('tok-agen', agentUser));
    const api = stubApi({});
    page();
    expect((await screen.findByTestId('owner-only')).textContent).toContain(
      'Hanya pemilik akun yang dapat mengelola publikasi',
    );
    expect(screen.queryByTestId('broadcast-create')).toBeNull();
    expect(api.urls).toEqual([]);
  });

  it('shows each broadcast with its state, senders, time, progress and counts', async () => {
    const api = stubApi({ 'GET /api/publication/broadcast': pageOf([PROMO, SCHEDULED]) });
    page();
    expect(screen.getByTestId('broadcast-skeleton')).toBeTruthy();
    const [running, scheduled] = await screen.findAllByTestId('broadcast-row');
    expect(api.urls[0]).toBe('GET /api/publication/broadcast?page=1&limit=20');

    expect(within(running!).getByTestId('broadcast-state').textContent).toBe('Berjalan');
    expect(within(running!).getByRole('link', { name: 'Promo Lebaran' }).getAttribute('href')).toBe(
      '/user/publication/broadcast/b1',
    );
    expect(within(running!).getByTestId('broadcast-meta').textContent).toBe(
      'Pengirim: CS Toko · Dibuat 10 Maret 2026 09:00 WIB',
    );
    expect(within(running!).getByTestId('broadcast-percent').textContent).toBe('75%');
    expect(within(running!).getByTestId('count-sent').textContent).toBe('Terkirim140');
    expect(within(running!).getByTestId('count-delivered').textContent).toBe('Diterima120');
    expect(within(running!).getByTestId('count-read').textContent).toBe('Dibaca80');
    expect(within(running!).getByTestId('count-replied').textContent).toBe('Dibalas12');
    expect(within(running!).getByTestId('count-failed').textContent).toBe('Gagal6');
    expect(within(running!).getByTestId('count-skipped').textContent).toBe('Dilewati4');

    expect(within(scheduled!).getByTestId('broadcast-state').textContent).toBe('Dijadwalkan');
    expect(within(scheduled!).getByTestId('broadcast-meta').textContent).toContain(
      'Dijadwalkan 01 April 2026 08:30 WIB',
    );
    expect(within(scheduled!).queryByTestId('count-skipped')).toBeNull();
  });

  it("updates a row in place from a 'broadcast.updated' frame, without asking the server again", async () => {
    const api = stubApi({ 'GET /api/publication/broadcast': pageOf([PROMO]) });
    page();
    const row = await screen.findByTestId('broadcast-row');
    expect(within(row).getByTestId('broadcast-percent').textContent).toBe('75%');
    const requests = api.urls.length;

    pushFrame({
      type: 'broadcast.updated',
      broadcast: {
        ...PROMO,
        state: 'finish',
        finishedAt: '2026-03-10T04:00:00.000Z',
        counts: { ...PROMO.counts, pending: 0, sent: 190, delivered: 170 },
      },
    });
    await waitFor(() => expect(within(row).getByTestId('broadcast-state').textContent).toBe('Selesai'));
    expect(within(row).getByTestId('broadcast-percent').textContent).toBe('100%');
    expect(within(row).getByTestId('count-sent').textContent).toBe('Terkirim190');
    expect(api.urls.length).toBe(requests);
  });

  it('filters by state, year and dates and searches by name', async () => {
    const api = stubApi({ 'GET /api/publication/broadcast': pageOf([PROMO]) });
    page();
    await screen.findByTestId('broadcast-row');

    fireEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dijeda', hidden: true }));
    await waitFor(() =>
      expect(api.urls.at(-1)).toBe('GET /api/publication/broadcast?page=1&limit=20&state=paused'),
    );

    fireEvent.click(screen.getByRole('textbox', { name: 'Tahun' }));
    expect(screen.getByRole('option', { name: '2024', hidden: true })).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: '2025', hidden: true }));
    await waitFor(() => expect(api.urls.at(-1)).toContain('state=paused&year=2025'));

    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2025-02-28' } });
    await waitFor(() => expect(api.urls.at(-1)).toContain('from=2025-02-01&to=2025-02-28'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari broadcast' }), {
      target: { value: 'lebaran' },
    });
    await waitFor(() => expect(api.urls.at(-1)).toContain('search=lebaran'));
  });

  it('explains broadcasts when there is none yet and links to the form', async () => {
    stubApi({ 'GET /api/publication/broadcast': pageOf([]) });
    page();
    const empty = await screen.findByTestId('broadcast-empty');
    expect(within(empty).getByText('Belum ada broadcast')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Buat Broadcast' }).getAttribute('href')).toBe(
      '/user/publication/broadcast/form',
    );
  });
});
