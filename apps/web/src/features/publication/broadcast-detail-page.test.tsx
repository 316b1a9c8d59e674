import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Broadcast, BroadcastRecipient } from '@sapa/contracts';
import { createQueryClient } from '../../lib/query-client';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { publicationKeys } from '../../resources/publication/publication-queries';
import { owner } from '../../test/fixtures';
import { BroadcastDetailPage } from './broadcast-detail-page';
import { ok, pageOf, PROMO, pushFrame, renderAt, stubApi, useFakeSocket } from './publication-test-api';

beforeEach(() => {
  useFakeSocket();
  sessionStore.set(sessionFromUser('tok', owner));
});

const BUDI: BroadcastRecipient = {
  _id: 'r1',
  name: 'Budi',
  phoneNumber: '6281234567890',
  state: 'read',
  reason: null,
  accountId: 'wa1',
  chatId: 'c1',
  sentAt: '2026-03-10T02:05:00.000Z',
  readAt: null,
  repliedAt: null,
};
const SITI: BroadcastRecipient = {
  ...BUDI,
  _id: 'r2',
  name: 'Siti',
  phoneNumber: '6285700000000',
  state: 'skipped',
  reason: 'Nomor tidak terdaftar di WhatsApp',
  sentAt: null,
};

const detail = () =>
  renderAt(<BroadcastDetailPage />, '/user/publication/broadcast/b1', '/user/publication/broadcast/:id');

describe('Publikasi > Broadcast: one broadcast', () => {
  it('shows its progress, counts and recipients with their state and reason', async () => {
    const api = stubApi({
      'GET /api/publication/broadcast/b1': ok(PROMO),
      'GET /api/publication/broadcast/b1/recipient': pageOf([BUDI, SITI], true),
    });
    detail();
    expect(await screen.findByTestId('broadcast-title')).toBeTruthy();
    expect(screen.getByTestId('broadcast-state').textContent).toBe('Berjalan');
    expect(screen.getByTestId('broadcast-percent').textContent).toBe('75%');
    expect(screen.getByTestId('stat-total').textContent).toBe('Penerima200');
    expect(screen.getByTestId('stat-replied').textContent).toBe('Dibalas12');
    expect(screen.getByTestId('broadcast-message').textContent).toBe('Halo {{nama}}, diskon 20% hari ini!');

    const rows = await screen.findAllByTestId('recipient-row');
    expect(rows[0]!.textContent).toContain('+62 812-3456-7890');
    expect(within(rows[0]!).getByTestId('recipient-state').textContent).toBe('Dibaca');
    expect(within(rows[1]!).getByTestId('recipient-state').textContent).toBe('Dilewati');
    expect(rows[1]!.textContent).toContain('Nomor tidak terdaftar di WhatsApp');
    expect(api.urls).toContain('GET /api/publication/broadcast/b1/recipient?page=1&limit=50');

    fireEvent.click(screen.getByTestId('recipient-next'));
    await waitFor(() =>
      expect(api.urls).toContain('GET /api/publication/broadcast/b1/recipient?page=2&limit=50'),
    );
  });

  it('reads the broadcast again on arrival, though the create answer is cached: it may have finished meanwhile', async () => {
    // the form put its create answer ('Berjalan') in the app's cache; the two messages went out
    // before this page listened, so their frames reached no one
    const queryClient = createQueryClient();
    queryClient.setQueryData(publicationKeys.broadcast('b1'), PROMO);
    const finished: Broadcast = { ...PROMO, state: 'finish', counts: { ...PROMO.counts, pending: 0 } };
    const api = stubApi({
      'GET /api/publication/broadcast/b1': ok(finished),
      'GET /api/publication/broadcast/b1/recipient': pageOf([BUDI]),
    });
    renderAt(
      <BroadcastDetailPage />,
      '/user/publication/broadcast/b1',
      '/user/publication/broadcast/:id',
      queryClient,
    );
    await waitFor(() => expect(screen.getByTestId('broadcast-state').textContent).toBe('Selesai'));
    expect(api.urls).toContain('GET /api/publication/broadcast/b1');
  });

  it('pauses and resumes through their endpoints, showing why the server paused it', async () => {
    let current: Broadcast = PROMO;
    const api = stubApi({
      'GET /api/publication/broadcast/b1': () => [200, current],
      'GET /api/publication/broadcast/b1/recipient': pageOf([BUDI]),
      'POST /api/publication/broadcast/b1/pause': () => {
        current = { ...PROMO, state: 'paused' };
        return [200, current];
      },
      'POST /api/publication/broadcast/b1/resume': () => {
        current = { ...PROMO, state: 'running' };
        return [200, current];
      },
    });
    detail();
    fireEvent.click(await screen.findByTestId('broadcast-pause'));
    await waitFor(() => expect(screen.getByTestId('broadcast-state').textContent).toBe('Dijeda'));
    expect(api.urls).toContain('POST /api/publication/broadcast/b1/pause');
    expect(screen.queryByTestId('broadcast-paused-reason')).toBeNull();

    pushFrame({
      type: 'broadcast.updated',
      broadcast: {
        ...PROMO,
        state: 'paused',
        pausedReason: 'Nomor pengirim tidak terhubung. Hubungkan ulang lalu lanjutkan broadcast',
      },
    });
    expect((await screen.findByTestId('broadcast-paused-reason')).textContent).toContain(
      'Nomor pengirim tidak terhubung',
    );

    fireEvent.click(screen.getByTestId('broadcast-resume'));
    await waitFor(() => expect(screen.getByTestId('broadcast-state').textContent).toBe('Berjalan'));
    expect(api.urls).toContain('POST /api/publication/broadcast/b1/resume');
  });

  it('asks before stopping, saying unsent recipients become Dibatalkan', async () => {
    const api = stubApi({
      'GET /api/publication/broadcast/b1': ok(PROMO),
      'GET /api/publication/broadcast/b1/recipient': pageOf([BUDI]),
      'POST /api/publication/broadcast/b1/stop': ok({
        ...PROMO,
        state: 'finish',
        counts: { ...PROMO.counts, pending: 0, skipped: 54 },
      }),
    });
    detail();
    fireEvent.click(await screen.findByTestId('broadcast-stop'));
    const confirm = await screen.findByTestId('broadcast-stop-confirm');
    expect(confirm.textContent).toContain('50 penerima yang belum dikirimi akan ditandai "Dibatalkan"');
    expect(api.urls.filter((u) => u.startsWith('POST'))).toEqual([]);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByTestId('broadcast-stop-confirm')).toBeNull());
    expect(api.urls.filter((u) => u.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByTestId('broadcast-stop'));
    fireEvent.click(
      within(await screen.findByTestId('broadcast-stop-confirm')).getByTestId('broadcast-stop-submit'),
    );
    await waitFor(() => expect(screen.getByTestId('broadcast-state').textContent).toBe('Selesai'));
    expect(api.urls.filter((u) => u.startsWith('POST'))).toEqual(['POST /api/publication/broadcast/b1/stop']);
    expect(screen.queryByTestId('broadcast-stop')).toBeNull();
  });

  it("reads the recipients again when a frame changes the counts, and 'Duplikat' opens the form", async () => {
    const api = stubApi({
      'GET /api/publication/broadcast/b1': ok(PROMO),
      'GET /api/publication/broadcast/b1/recipient': pageOf([BUDI]),
    });
    detail();
    await screen.findByTestId('recipient-row');
    const reads = () => api.urls.filter((u) => u.includes('/recipient')).length;
    const before = reads();
    pushFrame({
      type: 'broadcast.updated',
      broadcast: { ...PROMO, counts: { ...PROMO.counts, pending: 10, sent: 180 } },
    });
    await waitFor(() => expect(screen.getByTestId('broadcast-percent').textContent).toBe('95%'));
    await waitFor(() => expect(reads()).toBe(before + 1));

    fireEvent.click(screen.getByTestId('broadcast-duplicate'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/user/publication/broadcast/form?from=b1'),
    );
  });
});
