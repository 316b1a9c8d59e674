import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRupiah } from '@sapa/contracts';
import { TransactionHistoryPage } from './transaction-history-page';
import {
  PAID_TRANSFER,
  PENDING_MIDTRANS,
  pushFrame,
  renderAt,
  signIn,
  stubApi,
} from './transaction-test-api';

beforeEach(() => signIn());

const open = (path = '/user/transaction/history') =>
  renderAt(<TransactionHistoryPage />, path, '/user/transaction/history');
const page =
  (docs: unknown[], hasNextPage = false) =>
  (): [number, unknown] => [200, { docs, hasNextPage }];

describe('Riwayat Transaksi', () => {
  it('lists each purchase with its number, plan, total, method and status, and pages on', async () => {
    const pages = [
      page([PAID_TRANSFER, PENDING_MIDTRANS], true),
      page([{ ...PENDING_MIDTRANS, _id: 't3', status: 'expired', snap: null }]),
    ];
    let served = 0;
    const api = stubApi({ 'GET /api/transaction': () => pages[served++]!() });
    open();
    expect(screen.getByTestId('history-loading')).toBeTruthy();
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('INV/2026/000042');
    expect(rows[0]!.textContent).toContain('Pro · 3 bulan');
    expect(rows[0]!.textContent).toContain(formatRupiah(PAID_TRANSFER.total));
    expect(rows[0]!.textContent).toContain('Transfer bank');
    expect(within(rows[0]!).getByTestId('history-status').textContent).toBe('Lunas');
    // no invoice yet: the reference names it
    expect(rows[1]!.textContent).toContain('SAPA-2B8XQ4');
    expect(rows[1]!.textContent).toContain('Midtrans');
    expect(within(rows[1]!).getByTestId('history-status').textContent).toBe('Menunggu Pembayaran');
    expect(api.calls.map((c) => c.url)).toContain('/api/transaction?page=1&limit=20');

    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(3));
    expect(api.calls.map((c) => c.url)).toContain('/api/transaction?page=2&limit=20');
    expect(screen.getAllByTestId('history-status')[2]!.textContent).toBe('Kedaluwarsa');
    expect(screen.queryByTestId('history-more')).toBeNull();

    fireEvent.click(rows[1]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/transaction/t2'));
  });

  it('filters by status through the query, kept in the address', async () => {
    const api = stubApi({ 'GET /api/transaction': page([PENDING_MIDTRANS]) });
    open('/user/transaction/history?status=pending');
    await screen.findAllByTestId('history-row');
    expect(api.calls.map((c) => c.url)).toContain('/api/transaction?page=1&limit=20&status=pending');

    fireEvent.click(screen.getByTestId('history-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lunas', hidden: true }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.url)).toContain('/api/transaction?page=1&limit=20&status=paid'),
    );
    expect(screen.getByTestId('location').textContent).toBe('/user/transaction/history?status=paid');
  });

  it('a purchase turning paid updates its row in place, without reading the list again', async () => {
    const api = stubApi({ 'GET /api/transaction': page([PENDING_MIDTRANS]) });
    open();
    const row = await screen.findByTestId('history-row');
    expect(within(row).getByTestId('history-status').textContent).toBe('Menunggu Pembayaran');
    pushFrame({
      type: 'transaction.updated',
      transaction: { ...PENDING_MIDTRANS, status: 'paid', snap: null, invoiceNumber: 'INV/2026/000043' },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('history-row')).getByTestId('history-status').textContent).toBe(
        'Lunas',
      ),
    );
    expect(screen.getByTestId('history-row').textContent).toContain('INV/2026/000043');
    expect(api.to('GET', '/transaction')).toHaveLength(1);
  });

  it('says there is no purchase yet, with a button to buy; a filter with none offers every status', async () => {
    stubApi({ 'GET /api/transaction': page([]) });
    const first = open();
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toContain('Belum ada transaksi');
    expect(within(empty).getByRole('link', { name: 'Beli paket' }).getAttribute('href')).toBe(
      '/user/transaction',
    );
    first.unmount();

    open('/user/transaction/history?status=failed');
    fireEvent.click(await screen.findByTestId('history-show-all'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/transaction/history'));
  });
});
