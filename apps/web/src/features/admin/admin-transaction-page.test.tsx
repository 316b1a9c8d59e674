import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRupiah, type AdminTransaction } from '@sapa/contracts';
import { AdminTransactionPage } from './admin-transaction-page';
import {
  ok,
  page,
  PAID_TRANSFER,
  PENDING_MIDTRANS,
  PENDING_TRANSFER,
  refused,
  renderAt,
  signInAdmin,
  stubApi,
} from './tx-test-api';

beforeEach(() => {
  signInAdmin();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/x'), revokeObjectURL: vi.fn() }),
  );
});

const open = (query = '') => renderAt(<AdminTransactionPage />, `/admin/transaction${query}`);
const location = () => screen.getByTestId('location').textContent ?? '';

/** The server's list and one purchase, `current` as it stands after each action. */
function transactionApi(initial: AdminTransaction, extra: Parameters<typeof stubApi>[0] = {}) {
  let current = initial;
  const api = stubApi({
    'GET /api/admin/transaction': () => [200, page([current, PENDING_MIDTRANS])],
    [`GET /api/admin/transaction/${initial._id}`]: () => [200, current],
    [`GET /api/admin/transaction/${PENDING_MIDTRANS._id}`]: ok(PENDING_MIDTRANS),
    ...extra,
  });
  return { ...api, set: (next: AdminTransaction) => (current = next) };
}

async function openRow(id: string) {
  const row = (await screen.findAllByTestId('tx-row')).find((r) => r.dataset.id === id)!;
  fireEvent.click(row);
  const drawer = await screen.findByTestId('tx-drawer');
  await within(drawer).findByTestId('tx-detail');
  return drawer;
}

describe('Transaksi (admin): the list and its filters', () => {
  it('takes the filters from the address into the request, and keeps changes in the address', async () => {
    const api = transactionApi(PENDING_TRANSFER);
    open('?status=pending&method=bank_transfer');
    const rows = await screen.findAllByTestId('tx-row');
    expect(rows).toHaveLength(2);
    expect(api.queryOf('/admin/transaction')).toEqual({
      page: '1',
      limit: '20',
      status: 'pending',
      method: 'bank_transfer',
    });
    expect((screen.getByTestId('tx-filter-status') as HTMLInputElement).value).toBe('Menunggu Pembayaran');
    expect((screen.getByTestId('tx-filter-method') as HTMLInputElement).value).toBe('Transfer bank');

    const first = rows[0]!;
    expect(first.textContent).toContain('Toko Makmur');
    expect(first.textContent).toContain('makmur@demo.test');
    expect(first.textContent).toContain('Pro · 3 bulan');
    expect(first.textContent).toContain(formatRupiah(PENDING_TRANSFER.total));
    expect(first.textContent).toContain('Transfer bank');
    expect(first.textContent).toContain('SAPA-7K3M9Q');
    expect(within(first).getByTestId('tx-status').textContent).toBe('Menunggu Pembayaran');
    expect(within(first).getByTestId('tx-proof-flag')).toBeTruthy();

    fireEvent.change(screen.getByTestId('tx-filter-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('tx-filter-to'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByTestId('tx-search'), { target: { value: ' INV/2026 ' } });
    fireEvent.click(screen.getByTestId('tx-search-submit'));
    await waitFor(() =>
      expect(api.queryOf('/admin/transaction')).toEqual({
        page: '1',
        limit: '20',
        status: 'pending',
        method: 'bank_transfer',
        from: '2026-03-01',
        to: '2026-03-31',
        q: 'INV/2026',
      }),
    );
    expect(location()).toBe(
      '/admin/transaction?status=pending&method=bank_transfer&from=2026-03-01&to=2026-03-31&q=INV%2F2026',
    );

    // a status from the list of labels
    fireEvent.click(screen.getByTestId('tx-filter-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lunas', hidden: true }));
    await waitFor(() => expect(api.queryOf('/admin/transaction')?.status).toBe('paid'));

    fireEvent.click(screen.getByTestId('tx-filter-reset'));
    await waitFor(() => expect(location()).toBe('/admin/transaction'));
    expect(api.queryOf('/admin/transaction')).toEqual({ page: '1', limit: '20' });
    expect((screen.getByTestId('tx-search') as HTMLInputElement).value).toBe('');
  });

  it('says when a range ends before it starts, and offers to clear filters that match nothing', async () => {
    stubApi({ 'GET /api/admin/transaction': ok(page([])) });
    open('?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('Tanggal akhir tidak boleh sebelum tanggal awal')).toBeTruthy();
    const none = await screen.findByTestId('tx-not-found');
    fireEvent.click(within(none).getByRole('button', { name: 'Hapus filter' }));
    await waitFor(() => expect(location()).toBe('/admin/transaction'));
    expect(await screen.findByTestId('tx-empty')).toBeTruthy();
  });
});

describe('Transaksi (admin): one purchase in the drawer', () => {
  it('opens a row with the money, the owner and the proof image', async () => {
    const api = transactionApi(PENDING_TRANSFER, { 'GET /api/admin/transaction/t1/proof': ok({}) });
    open();
    const drawer = await openRow('t1');
    expect(location()).toBe('/admin/transaction?id=t1');
    expect(within(drawer).getByTestId('tx-detail-owner').textContent).toContain('makmur@demo.test');
    expect(within(drawer).getByTestId('tx-detail-money').textContent).toContain(
      formatRupiah(PENDING_TRANSFER.tax),
    );
    expect(within(drawer).getByTestId('tx-detail-business').textContent).toBe('Toko Makmur Jaya');
    expect(within(drawer).queryByTestId('tx-invoice')).toBeNull();

    fireEvent.click(within(drawer).getByTestId('tx-proof-view'));
    expect(await screen.findByTestId('tx-proof-preview')).toBeTruthy();
    expect(api.to('GET', '/admin/transaction/t1/proof')).toHaveLength(1);
  });

  it('confirms a transfer after saying the subscription will be extended; the list is read again', async () => {
    const api = transactionApi(PENDING_TRANSFER, {
      'POST /api/admin/transaction/t1/confirm': () => {
        api.set(PAID_TRANSFER);
        const { owner: _owner, ...tx } = PAID_TRANSFER;
        return [200, tx];
      },
    });
    open();
    const drawer = await openRow('t1');
    const listReads = api.to('GET', '/admin/transaction').length;

    fireEvent.click(within(drawer).getByTestId('tx-confirm'));
    let dialog = await screen.findByTestId('tx-confirm-dialog');
    expect(dialog.textContent).toContain('Langganan Toko Makmur diperpanjang 3 bulan dengan paket Pro');
    expect(dialog.textContent).toContain(formatRupiah(PENDING_TRANSFER.total));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByTestId('tx-confirm-dialog')).toBeNull());
    expect(api.to('POST', '/admin/transaction/t1/confirm')).toHaveLength(0);

    fireEvent.click(within(drawer).getByTestId('tx-confirm'));
    dialog = await screen.findByTestId('tx-confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('tx-confirm-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Pembayaran dikonfirmasi');
    const [post] = api.to('POST', '/admin/transaction/t1/confirm');
    expect(post!.body).toBeUndefined();
    await waitFor(() => expect(api.to('GET', '/admin/transaction').length).toBeGreaterThan(listReads));
    await waitFor(() => expect(within(drawer).getAllByTestId('tx-status')[0]!.textContent).toBe('Lunas'));
    expect(within(drawer).getByTestId('tx-detail-invoice').textContent).toBe('INV/2026/000042');
    expect(within(drawer).getByTestId('tx-invoice')).toBeTruthy();
    expect(within(drawer).queryByTestId('tx-confirm')).toBeNull();
  });

  it('rejects only with a reason, sent as the body, and shows the server refusal', async () => {
    let answer: [number, unknown] = refused(409, 'Transaksi ini tidak lagi menunggu pembayaran')();
    const api = transactionApi(PENDING_TRANSFER, {
      'POST /api/admin/transaction/t1/reject': () => answer,
    });
    open();
    const drawer = await openRow('t1');
    fireEvent.click(within(drawer).getByTestId('tx-reject'));
    const dialog = await screen.findByTestId('tx-reject-dialog');
    fireEvent.click(within(dialog).getByTestId('tx-reject-dialog-submit'));
    expect(await within(dialog).findByText('Value is required')).toBeTruthy();
    expect(api.to('POST', '/admin/transaction/t1/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('tx-reject-dialog-input'), {
      target: { value: '  Dana belum masuk  ' },
    });
    fireEvent.click(within(dialog).getByTestId('tx-reject-dialog-submit'));
    expect(await within(dialog).findByText('Transaksi ini tidak lagi menunggu pembayaran')).toBeTruthy();

    answer = [200, { ...PENDING_TRANSFER, status: 'failed', statusReason: 'Dana belum masuk' }];
    fireEvent.click(within(dialog).getByTestId('tx-reject-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('tx-reject-dialog')).toBeNull());
    expect(api.to('POST', '/admin/transaction/t1/reject').map((c) => c.body)).toEqual([
      { reason: 'Dana belum masuk' },
      { reason: 'Dana belum masuk' },
    ]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Pembayaran ditolak');
  });

  it('cancels a pending purchase after confirming', async () => {
    const api = transactionApi(PENDING_TRANSFER, {
      'POST /api/admin/transaction/t1/cancel': () => [
        200,
        { ...PENDING_TRANSFER, status: 'cancelled', statusReason: 'Dibatalkan oleh admin' },
      ],
    });
    open();
    const drawer = await openRow('t1');
    fireEvent.click(within(drawer).getByTestId('tx-cancel'));
    fireEvent.click(
      within(await screen.findByTestId('tx-cancel-dialog')).getByTestId('tx-cancel-dialog-submit'),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('Transaksi dibatalkan');
    expect(api.to('POST', '/admin/transaction/t1/cancel')).toHaveLength(1);
    await waitFor(() =>
      expect(within(drawer).getByTestId('tx-detail-reason').textContent).toBe('Dibatalkan oleh admin'),
    );
    expect(within(drawer).queryByTestId('tx-cancel')).toBeNull();
  });

  it('asks Midtrans for its own status and shows it as JSON; a Midtrans purchase is not confirmed by hand', async () => {
    const raw = { order_id: 'SAPA-2B8XQ4', transaction_status: 'pending', gross_amount: '109890.00' };
    const api = transactionApi(PENDING_TRANSFER, { 'GET /api/admin/transaction/t2/midtrans': ok(raw) });
    open('?id=t2');
    const drawer = await screen.findByTestId('tx-drawer');
    await within(drawer).findByTestId('tx-detail');
    expect(within(drawer).queryByTestId('tx-confirm')).toBeNull();
    expect(within(drawer).queryByTestId('tx-reject')).toBeNull();
    expect(within(drawer).getByTestId('tx-cancel')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('tx-midtrans-check'));
    const json = await within(drawer).findByTestId('tx-midtrans-json');
    expect(JSON.parse(json.textContent ?? '')).toEqual(raw);
    expect(json.textContent).toContain('\n  "transaction_status": "pending"');
    expect(api.to('GET', '/admin/transaction/t2/midtrans')).toHaveLength(1);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(location()).toBe('/admin/transaction'));
  });
});
