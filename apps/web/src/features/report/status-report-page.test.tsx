import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { StatusReportPage } from './status-report-page';
import { captureDownloads, FORBIDDEN, ok, renderAt, STATUS_MARCH, stubApi } from './report-test-api';

beforeEach(() => {
  sessionStore.set(sessionFromUser('tok', owner));
});

const open = (search = '?year=2026&month=3') =>
  renderAt(<StatusReportPage />, `/user/report/status${search}`, '/user/report/status');

describe('Laporan > Status', () => {
  it("shows the period's totals and one row per run", async () => {
    const api = stubApi({ 'GET /api/report/status': ok(STATUS_MARCH) });
    open();
    expect((await screen.findByTestId('total-posts-value')).textContent).toBe('2');
    expect(api.urls).toEqual(['GET /api/report/status?year=2026&month=3']);
    expect(screen.getByTestId('total-sent-value').textContent).toBe('1');
    expect(screen.getByTestId('total-failed-value').textContent).toBe('1');
    expect(screen.getByTestId('total-audience-value').textContent).toBe('320');

    const rows = screen.getAllByTestId('report-run-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('run-time').textContent).toBe('09/03/2026 07:00');
    expect(rows[0]!.textContent).toContain('CS Toko (+62 812-3456-7890)');
    expect(rows[0]!.textContent).toContain('Teks');
    expect(rows[0]!.textContent).toContain('Buka jam 8 pagi!');
    expect(rows[0]!.textContent).not.toContain('Selamat berbelanja');
    expect(within(rows[0]!).getByTestId('run-state').textContent).toBe('Terkirim');
    expect(within(rows[1]!).getByTestId('run-state').textContent).toBe('Gagal');
    expect(rows[1]!.textContent).toContain('Gambar');
    expect(rows[1]!.textContent).toContain('Nomor tidak terhubung');
  });

  it('asks for another period and exports its runs as .xlsx', async () => {
    const api = stubApi({
      'GET /api/report/status': ok(STATUS_MARCH),
      'GET /api/report/status/export': ok({}),
    });
    const downloads = captureDownloads();
    open();
    await screen.findByTestId('report-runs');
    fireEvent.click(screen.getByRole('textbox', { name: 'Bulan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Januari', hidden: true }));
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/report/status?year=2026&month=1'));
    expect(screen.getByTestId('location').textContent).toBe('/user/report/status?year=2026&month=1');

    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(downloads).toEqual(['laporan-status-2026-01.xlsx']));
    expect(api.urls).toContain('GET /api/report/status/export?year=2026&month=1');
  });

  it('says so when the month has no status', async () => {
    stubApi({
      'GET /api/report/status': ok({
        year: 2024,
        month: 12,
        totals: { posts: 0, sent: 0, failed: 0, audience: 0 },
        runs: [],
      }),
    });
    open('?year=2024&month=12');
    expect((await screen.findByTestId('report-empty')).textContent).toContain(
      'Belum ada status pada Desember 2024',
    );
  });

  it('tells an agent without permission why', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/report/status': FORBIDDEN });
    open();
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    expect((await screen.findByTestId('report-forbidden')).textContent).toContain(
      'Agen tidak memiliki izin untuk membuka laporan',
    );
  });
});
