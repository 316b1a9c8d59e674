import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { BroadcastReportDetailPage } from './broadcast-report-detail-page';
import {
  BUDI,
  captureDownloads,
  FORBIDDEN,
  ok,
  PROMO_REPORT,
  renderAt,
  SITI,
  stubApi,
  useSizedCharts,
} from './report-test-api';

beforeEach(() => {
  sessionStore.set(sessionFromUser('tok', owner));
  useSizedCharts();
});

const page = (docs: unknown[], hasNextPage = false) => ok({ docs, hasNextPage });
const open = () =>
  renderAt(<BroadcastReportDetailPage />, '/user/report/broadcast/b1', '/user/report/broadcast/:id');

describe("Laporan > Broadcast: one broadcast's report", () => {
  it('shows its figures, its days as bars with their table, and the failure reasons', async () => {
    const api = stubApi({
      'GET /api/report/broadcast/b1': ok(PROMO_REPORT),
      'GET /api/report/broadcast/b1/recipient': page([BUDI, SITI]),
    });
    open();
    expect((await screen.findByTestId('report-title')).textContent).toBe('Promo Lebaran');
    expect(screen.getByTestId('report-state').textContent).toBe('Selesai');
    expect(screen.getByTestId('report-times').textContent).toBe('Mulai 10/03/2026 09:00 WIB');
    expect(screen.getByTestId('figure-total-value').textContent).toBe('200');
    expect(screen.getByTestId('figure-delivered-rate').textContent).toBe('94% dari terkirim');
    expect(screen.getAllByTestId('failure-count').map((c) => c.textContent)).toEqual(['6', '2']);
    expect(api.urls).toContain('GET /api/report/broadcast/b1');

    const drawing = screen.getByTestId('report-chart-drawing');
    await waitFor(() =>
      expect(drawing.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0),
    );
    fireEvent.click(screen.getByTestId('report-chart-table-toggle'));
    const rows = within(screen.getByTestId('report-chart-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TanggalTerkirimDibaca',
      '10 Maret 2026150100',
      '11 Maret 20264020',
    ]);
    expect(screen.getByTestId('report-back').getAttribute('href')).toBe('/user/report/broadcast');
  });

  it('lists each recipient with WIB times and reason, filtered by state and paged', async () => {
    const api = stubApi({
      'GET /api/report/broadcast/b1': ok(PROMO_REPORT),
      'GET /api/report/broadcast/b1/recipient': page([BUDI, SITI], true),
    });
    open();
    const rows = await screen.findAllByTestId('recipient-row');
    expect(api.urls).toContain('GET /api/report/broadcast/b1/recipient?page=1&limit=50');
    expect(rows[0]!.textContent).toContain('+62 812-3456-7890');
    expect(within(rows[0]!).getByTestId('recipient-state').textContent).toBe('Dibaca');
    expect(within(rows[0]!).getByTestId('recipient-sent').textContent).toBe('10/03/2026 09:05');
    expect(within(rows[0]!).getByTestId('recipient-read').textContent).toBe('10/03/2026 10:00');
    // 17:30 UTC is past midnight in Jakarta
    expect(within(rows[0]!).getByTestId('recipient-replied').textContent).toBe('11/03/2026 00:30');
    expect(within(rows[1]!).getByTestId('recipient-state').textContent).toBe('Gagal');
    expect(within(rows[1]!).getByTestId('recipient-sent').textContent).toBe('-');
    expect(rows[1]!.textContent).toContain('Nomor tidak terdaftar di WhatsApp');

    fireEvent.click(screen.getByTestId('recipient-next'));
    await waitFor(() =>
      expect(api.urls.at(-1)).toBe('GET /api/report/broadcast/b1/recipient?page=2&limit=50'),
    );
    expect(screen.getByTestId('recipient-page').textContent).toBe('Halaman 2');

    fireEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gagal', hidden: true }));
    await waitFor(() =>
      expect(api.urls.at(-1)).toBe('GET /api/report/broadcast/b1/recipient?state=failed&page=1&limit=50'),
    );
  });

  it('says so when no recipient has the chosen state', async () => {
    stubApi({
      'GET /api/report/broadcast/b1': ok(PROMO_REPORT),
      'GET /api/report/broadcast/b1/recipient': page([]),
    });
    open();
    expect(await screen.findByTestId('recipient-empty')).toBeTruthy();
    expect(screen.queryByTestId('recipient-pages')).toBeNull();
  });

  it('exports every recipient row, named after the broadcast', async () => {
    const api = stubApi({
      'GET /api/report/broadcast/b1': ok(PROMO_REPORT),
      'GET /api/report/broadcast/b1/recipient': page([BUDI]),
      'GET /api/report/broadcast/b1/export': ok({}),
    });
    const downloads = captureDownloads();
    open();
    fireEvent.click(await screen.findByTestId('report-export'));
    await waitFor(() => expect(downloads).toEqual(['laporan-Promo Lebaran.xlsx']));
    expect(api.urls).toContain('GET /api/report/broadcast/b1/export');
  });

  it('toasts why an export failed', async () => {
    stubApi({
      'GET /api/report/broadcast/b1': ok(PROMO_REPORT),
      'GET /api/report/broadcast/b1/recipient': page([BUDI]),
      'GET /api/report/broadcast/b1/export': () => [500, { message: 'Terjadi kesalahan pada server' }],
    });
    captureDownloads();
    open();
    fireEvent.click(await screen.findByTestId('report-export'));
    expect(await screen.findByText('Terjadi kesalahan pada server')).toBeTruthy();
  });

  it('tells an agent without permission why, and says when the broadcast is gone', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/report/broadcast/b1': FORBIDDEN });
    const view = open();
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    expect((await screen.findByTestId('report-forbidden')).textContent).toContain(
      'Agen tidak memiliki izin untuk membuka laporan',
    );
    view.unmount();

    sessionStore.set(sessionFromUser('tok', owner));
    stubApi({
      'GET /api/report/broadcast/b1': () => [404, { statusCode: 404, message: 'Broadcast tidak ditemukan' }],
    });
    open();
    expect(await screen.findByTestId('report-missing')).toBeTruthy();
  });
});
