import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { BroadcastReportPage } from './broadcast-report-page';
import {
  captureDownloads,
  EMPTY_MONTH,
  FORBIDDEN,
  MARCH,
  ok,
  renderAt,
  stubApi,
  useSizedCharts,
} from './report-test-api';

beforeEach(() => {
  sessionStore.set(sessionFromUser('tok', owner));
  useSizedCharts();
});

const open = (search = '?year=2026&month=3') =>
  renderAt(<BroadcastReportPage />, `/user/report/broadcast${search}`, '/user/report/broadcast');

describe('Laporan > Broadcast: a period', () => {
  it('asks for the current month in Jakarta when the address names none', async () => {
    // 31 March 18:00 UTC is already 1 April in Jakarta
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T18:00:00.000Z'));
    const api = stubApi({ 'GET /api/report/broadcast': ok({ ...MARCH, month: 4 }) });
    open('');
    await screen.findByTestId('report-figures');
    expect(api.urls).toEqual(['GET /api/report/broadcast?year=2026&month=4']);
    expect((screen.getByRole('textbox', { name: 'Bulan' }) as HTMLInputElement).value).toBe('April');
    expect((screen.getByRole('textbox', { name: 'Tahun' }) as HTMLInputElement).value).toBe('2026');
    fireEvent.click(screen.getByRole('textbox', { name: 'Tahun' }));
    const options = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(options.filter((o) => /^\d{4}$/.test(o ?? ''))).toEqual(['2024', '2025', '2026']);
  });

  it('shows the figures with their rates, the failure reasons, the chart and its table', async () => {
    const api = stubApi({ 'GET /api/report/broadcast': ok(MARCH) });
    open();
    expect(await screen.findByTestId('figure-total-value')).toHaveProperty('textContent', '200');
    expect(api.urls).toEqual(['GET /api/report/broadcast?year=2026&month=3']);
    expect(screen.getByTestId('figure-sent-value').textContent).toBe('190');
    expect(screen.getByTestId('figure-read-rate').textContent).toBe('63% dari terkirim');
    expect(screen.getByTestId('figure-replied-value').textContent).toBe('15');
    expect(screen.getByTestId('figure-failed-rate').textContent).toBe('4% dari penerima');
    expect(screen.getByTestId('figure-optedOut-value').textContent).toBe('3');

    const reasons = screen.getAllByTestId('failure-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Nomor tidak terdaftar di WhatsApp6',
      'Pesan gagal dikirim: timeout2',
    ]);

    const drawing = screen.getByTestId('report-chart-drawing');
    expect(drawing.getAttribute('aria-label')).toBe(
      'Per hari dari 01 Maret 2026 sampai 11 Maret 2026: 190 terkirim, 120 dibaca, 15 dibalas.',
    );
    await waitFor(() => expect(drawing.querySelectorAll('.recharts-line-curve')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('report-chart-table-toggle'));
    const rows = within(screen.getByTestId('report-chart-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TanggalTerkirimDibacaDibalas',
      '01 Maret 2026000',
      '10 Maret 202615010012',
      '11 Maret 202640203',
    ]);
  });

  it("lists the period's broadcasts, each opening its own report", async () => {
    stubApi({ 'GET /api/report/broadcast': ok(MARCH) });
    open();
    const rows = await screen.findAllByTestId('report-broadcast-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('report-broadcast-state').textContent).toBe('Selesai');
    expect(within(rows[1]!).getByTestId('report-broadcast-state').textContent).toBe('Berjalan');
    expect(within(rows[0]!).getByTestId('row-delivered').textContent).toBe('180');
    expect(within(rows[0]!).getByTestId('row-failed').textContent).toBe('8');
    fireEvent.click(within(rows[0]!).getByRole('link', { name: 'Promo Lebaran' }));
    expect(screen.getByTestId('location').textContent).toBe('/user/report/broadcast/b1');
  });

  it('asks for another month and year and keeps them in the address', async () => {
    const api = stubApi({ 'GET /api/report/broadcast': ok(MARCH) });
    open();
    await screen.findByTestId('report-figures');
    fireEvent.click(screen.getByRole('textbox', { name: 'Bulan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Februari', hidden: true }));
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/report/broadcast?year=2026&month=2'));
    fireEvent.click(screen.getByRole('textbox', { name: 'Tahun' }));
    fireEvent.click(await screen.findByRole('option', { name: '2025', hidden: true }));
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/report/broadcast?year=2025&month=2'));
    expect(screen.getByTestId('location').textContent).toBe('/user/report/broadcast?year=2025&month=2');
  });

  it("exports the period's rows as .xlsx with the session token", async () => {
    const api = stubApi({
      'GET /api/report/broadcast': ok(MARCH),
      'GET /api/report/broadcast/export': ok({}),
    });
    const downloads = captureDownloads();
    open();
    await screen.findByTestId('report-figures');
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(downloads).toEqual(['laporan-broadcast-2026-03.xlsx']));
    expect(api.urls).toContain('GET /api/report/broadcast/export?year=2026&month=3');
    const request = api.calls.find((c) => c.path === '/api/report/broadcast/export');
    expect(request?.headers).toMatchObject({ token: 'tok' });
  });

  it('says so when the month has no broadcast', async () => {
    stubApi({ 'GET /api/report/broadcast': ok(EMPTY_MONTH) });
    open('?year=2025&month=7');
    expect((await screen.findByTestId('report-empty')).textContent).toContain(
      'Belum ada broadcast pada Juli 2025',
    );
    expect(screen.queryByTestId('report-figures')).toBeNull();
  });

  it('shows skeletons while loading, and tells an agent without permission why', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/report/broadcast': FORBIDDEN });
    open();
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    const forbidden = await screen.findByTestId('report-forbidden');
    expect(forbidden.textContent).toContain('Agen tidak memiliki izin untuk membuka laporan');
    expect(screen.queryByTestId('report-failed')).toBeNull();
  });
});
