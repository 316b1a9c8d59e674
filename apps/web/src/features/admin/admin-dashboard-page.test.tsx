import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '@sapa/contracts';
import { AdminDashboardPage } from './admin-dashboard-page';
import { ok, refused, renderAt, signInAdmin, stubApi } from './tx-test-api';

/** A ResizeObserver that reports a 400 x 240 box at once: jsdom lays nothing out, the charts need a size. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 400, height: 240 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  signInAdmin();
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
});

const months = Array.from({ length: 12 }, (_, i) => {
  const m = ((i + 11) % 12) + 1; // Dec 2025 .. Nov 2026
  const year = i === 0 ? 2025 : 2026;
  return { month: `${year}-${String(m).padStart(2, '0')}`, total: (i + 1) * 1_000_000 };
});
const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  count: i * 10,
}));

const DASHBOARD: AdminDashboard = {
  owners: { total: 1_234, newThisMonth: 56 },
  subscriptions: { active: 310, trial: 42 },
  revenue: { thisMonth: 12_450_000, months },
  pendingTransfers: 3,
  pendingWithdrawals: 0,
  numbers: { whatsapp: 400, instagram: 25, messenger: 7, disconnected: 12 },
  messagesPerDay: days,
};

const open = () => renderAt(<AdminDashboardPage />, '/admin/dashboard');
const figure = (id: string) => screen.getByTestId(`figure-${id}`);

describe('Dashboard admin', () => {
  it('shows a skeleton, then every figure, each card a link to its list', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T03:00:00.000Z') });
    const api = stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    open();
    expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
    await screen.findByTestId('figure-owners');

    expect(screen.getByTestId('figure-owners-value').textContent).toBe('1.234');
    expect(figure('owners').textContent).toContain('+56 bulan ini');
    expect(screen.getByTestId('figure-active-value').textContent).toBe('310');
    expect(screen.getByTestId('figure-trial-value').textContent).toBe('42');
    expect(screen.getByTestId('figure-revenue-value').textContent).toBe('Rp 12.450.000');
    expect(screen.getByTestId('figure-transfers-value').textContent).toBe('3');
    expect(figure('transfers').textContent).toContain('Perlu tindakan');
    expect(screen.getByTestId('figure-withdrawals-value').textContent).toBe('0');
    expect(figure('withdrawals').textContent).toContain('Tidak ada yang menunggu');

    const links: Record<string, string> = {
      owners: '/admin/user',
      active: '/admin/user?state=active',
      trial: '/admin/user?state=trial',
      revenue: '/admin/transaction?status=paid&from=2026-11-01',
      transfers: '/admin/transaction?status=pending&method=bank_transfer',
      withdrawals: '/admin/affiliate',
    };
    for (const [id, href] of Object.entries(links)) {
      expect(figure(id).tagName).toBe('A');
      expect(figure(id).getAttribute('href')).toBe(href);
    }

    // numbers by channel, the disconnected ones apart
    expect(screen.getByTestId('figure-numbers-value').textContent).toBe('432');
    expect(screen.getByTestId('figure-numbers-whatsapp').textContent).toContain('400');
    expect(screen.getByTestId('figure-numbers-instagram').textContent).toContain('25');
    expect(screen.getByTestId('figure-numbers-messenger').textContent).toContain('7');
    expect(screen.getByTestId('figure-numbers-disconnected').textContent).toBe('12 terputus');

    fireEvent.click(figure('transfers'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/transaction?status=pending&method=bank_transfer',
      ),
    );
    expect(api.to('GET', '/admin/dashboard')).toHaveLength(1);
  });

  it('gives each chart a summary for screen readers and its figures as a table', async () => {
    stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    open();
    const revenue = await screen.findByTestId('revenue');
    expect(within(revenue).getByRole('img').getAttribute('aria-label')).toBe(
      'Grafik batang pendapatan per bulan, Desember 2025 sampai November 2026. Total Rp 78.000.000.',
    );
    expect(within(revenue).queryByRole('table')).toBeNull();

    const toggle = within(revenue).getByRole('button', { name: 'Tampilkan tabel' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = within(within(revenue).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13); // the header and 12 months
    expect(rows[1]!.textContent).toBe('Desember 2025Rp 1.000.000');
    expect(rows[12]!.textContent).toBe('November 2026Rp 12.000.000');

    const messages = screen.getByTestId('messages');
    expect(within(messages).getByRole('img').getAttribute('aria-label')).toBe(
      'Grafik garis pesan per hari, 01 November 2026 sampai 30 November 2026. Total 4.350 pesan.',
    );
    fireEvent.click(within(messages).getByRole('button', { name: 'Tampilkan tabel' }));
    const dayRows = within(within(messages).getByRole('table')).getAllByRole('row');
    expect(dayRows).toHaveLength(31);
    expect(dayRows[30]!.textContent).toBe('30 November 2026290');
    fireEvent.click(within(messages).getByRole('button', { name: 'Sembunyikan tabel' }));
    expect(within(messages).queryByRole('table')).toBeNull();
  });

  it('draws the revenue as bars and the messages as a line', async () => {
    stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    open();
    const revenue = await screen.findByTestId('revenue-chart');
    // recharts 2 on React 19 skips series wrapped in fragments (Mantine's AreaChart): guard the drawing
    expect(revenue.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(12);
    expect(screen.getByTestId('messages-chart').querySelectorAll('.recharts-line-curve')).toHaveLength(1);
    // the axis reads short rupiah
    expect(revenue.textContent).toContain('Rp 12 jt');
  });

  it('says when every number is connected and when a chart has no data yet', async () => {
    stubApi({
      'GET /api/admin/dashboard': ok({
        ...DASHBOARD,
        numbers: { whatsapp: 1, instagram: 0, messenger: 0, disconnected: 0 },
        messagesPerDay: [],
      }),
    });
    open();
    expect((await screen.findByTestId('figure-numbers-disconnected')).textContent).toBe('Semua terhubung');
    const messages = screen.getByTestId('messages');
    expect(messages.textContent).toContain('Belum ada data untuk periode ini.');
    expect(within(messages).queryByRole('button')).toBeNull();
  });

  it('shows the failure with a retry that loads the figures', async () => {
    let answer = refused(500, 'Terjadi kesalahan pada server');
    const api = stubApi({ 'GET /api/admin/dashboard': () => answer() });
    open();
    const failed = await screen.findByTestId('dashboard-failed');
    expect(failed.textContent).toContain('Ringkasan gagal dimuat.');
    answer = ok(DASHBOARD);
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect((await screen.findByTestId('figure-owners-value')).textContent).toBe('1.234');
    expect(api.to('GET', '/admin/dashboard')).toHaveLength(2);
  });
});
