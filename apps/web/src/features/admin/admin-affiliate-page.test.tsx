import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminReferrer } from '@sapa/contracts';
import type { AdminWithdrawal } from '../../resources/admin/admin-payments';
import { AdminAffiliatePage } from './admin-affiliate-page';
import { ok, page, refused, renderAt, signInAdmin, stubApi } from './tx-test-api';

beforeEach(() => signInAdmin());

const owner = { _id: 'u1', name: 'Toko Makmur', email: 'makmur@demo.test', phone: '6281234567890' };

const REQUESTED: AdminWithdrawal = {
  _id: 'w1',
  amount: 150_000,
  bankName: 'BCA',
  accountNumber: '1234567890',
  accountHolder: 'Budi Santoso',
  status: 'requested',
  reason: null,
  transferReference: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  owner,
};
const APPROVED: AdminWithdrawal = { ...REQUESTED, _id: 'w2', status: 'approved', amount: 200_000 };
const PAID: AdminWithdrawal = { ...REQUESTED, _id: 'w3', status: 'paid', transferReference: 'TRF-001' };

const REFERRER: AdminReferrer = {
  owner,
  registered: 3,
  paying: 1,
  earned: 149_800,
  pendingWithdrawal: 50_000,
  withdrawn: 0,
  balance: 99_800,
};

const open = (query = '') => renderAt(<AdminAffiliatePage />, `/admin/affiliate${query}`);
const location = () => screen.getByTestId('location').textContent ?? '';
/** The server's answer to an action: the withdrawal, without its owner. */
const answer =
  ({ owner: _owner, ...w }: AdminWithdrawal) =>
  (): [number, unknown] => [200, w];

async function act(row: HTMLElement, item: string) {
  fireEvent.click(within(row).getByTestId('withdrawal-actions'));
  fireEvent.click(await screen.findByTestId(item));
}

describe('Affiliate (admin): withdrawals', () => {
  it('lists the requests waiting by default, with the account to pay, and filters by status in the address', async () => {
    const api = stubApi({
      'GET /api/admin/withdrawal': () => [200, page([REQUESTED])],
    });
    open();
    const row = await screen.findByTestId('withdrawal-row');
    expect(api.queryOf('/admin/withdrawal')).toEqual({ page: '1', limit: '20', status: 'requested' });
    expect(row.textContent).toContain('Toko Makmur');
    expect(row.textContent).toContain('Rp 150.000');
    expect(row.textContent).toContain('BCA');
    expect(row.textContent).toContain('1234567890');
    expect(row.textContent).toContain('Budi Santoso');
    expect(within(row).getByTestId('withdrawal-status').textContent).toBe('Diajukan');

    fireEvent.click(screen.getByTestId('withdrawal-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Semua status', hidden: true }));
    await waitFor(() => expect(api.queryOf('/admin/withdrawal')).toEqual({ page: '1', limit: '20' }));
    expect(location()).toBe('/admin/affiliate?status=all');
  });

  it('approves after confirming, then marks paid with the transfer reference', async () => {
    const api = stubApi({
      'GET /api/admin/withdrawal': () => [200, page([REQUESTED, APPROVED, PAID])],
      'POST /api/admin/withdrawal/w1/approve': answer({ ...REQUESTED, status: 'approved' }),
      'POST /api/admin/withdrawal/w2/paid': answer({
        ...APPROVED,
        status: 'paid',
        transferReference: 'TRF-9',
      }),
    });
    open('?status=all');
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(within(rows[2]!).queryByTestId('withdrawal-actions')).toBeNull();

    // approve: only a requested one, after the dialog
    await act(rows[0]!, 'withdrawal-approve');
    const approve = await screen.findByTestId('withdrawal-approve-dialog');
    expect(approve.textContent).toContain('Rp 150.000');
    expect(approve.textContent).toContain('BCA 1234567890 a.n. Budi Santoso');
    const reads = api.to('GET', '/admin/withdrawal').length;
    fireEvent.click(within(approve).getByTestId('withdrawal-approve-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Penarikan disetujui');
    expect(api.to('POST', '/admin/withdrawal/w1/approve')).toHaveLength(1);
    await waitFor(() => expect(api.to('GET', '/admin/withdrawal').length).toBeGreaterThan(reads));

    // an approved one may not be approved again, only paid or rejected
    fireEvent.click(within(rows[1]!).getByTestId('withdrawal-actions'));
    await screen.findByTestId('withdrawal-pay');
    // (the first row's menu may still be closing)
    await waitFor(() => expect(screen.queryByTestId('withdrawal-approve')).toBeNull());
    fireEvent.click(screen.getByTestId('withdrawal-pay'));
    const pay = await screen.findByTestId('withdrawal-pay-dialog');
    expect(pay.textContent).toContain('Rp 200.000');
    fireEvent.click(within(pay).getByTestId('withdrawal-pay-dialog-submit'));
    expect(await within(pay).findByText('Value is required')).toBeTruthy();
    expect(api.to('POST', '/admin/withdrawal/w2/paid')).toHaveLength(0);
    fireEvent.change(within(pay).getByTestId('withdrawal-pay-dialog-input'), {
      target: { value: ' TRF-9 ' },
    });
    fireEvent.click(within(pay).getByTestId('withdrawal-pay-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('withdrawal-pay-dialog')).toBeNull());
    expect(api.to('POST', '/admin/withdrawal/w2/paid')[0]!.body).toEqual({ transferReference: 'TRF-9' });
  });

  it('rejects with a reason; a withdrawal already processed is refused kindly', async () => {
    let reply: [number, unknown] = refused(409, 'Penarikan ini sudah diproses')();
    const api = stubApi({
      'GET /api/admin/withdrawal': () => [200, page([REQUESTED])],
      'POST /api/admin/withdrawal/w1/reject': () => reply,
    });
    open();
    await act(await screen.findByTestId('withdrawal-row'), 'withdrawal-reject');
    const dialog = await screen.findByTestId('withdrawal-reject-dialog');
    fireEvent.change(within(dialog).getByTestId('withdrawal-reject-dialog-input'), {
      target: { value: 'ok' },
    });
    fireEvent.click(within(dialog).getByTestId('withdrawal-reject-dialog-submit'));
    expect(await within(dialog).findByText('Value is required')).toBeTruthy();
    expect(api.to('POST', '/admin/withdrawal/w1/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('withdrawal-reject-dialog-input'), {
      target: { value: 'Nama rekening tidak sesuai' },
    });
    fireEvent.click(within(dialog).getByTestId('withdrawal-reject-dialog-submit'));
    expect(await within(dialog).findByText('Penarikan ini sudah diproses')).toBeTruthy();
    reply = [200, { ...REQUESTED, status: 'rejected', reason: 'Nama rekening tidak sesuai' }];
    fireEvent.click(within(dialog).getByTestId('withdrawal-reject-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Penarikan ditolak');
    expect(api.to('POST', '/admin/withdrawal/w1/reject').map((c) => c.body)).toEqual([
      { reason: 'Nama rekening tidak sesuai' },
      { reason: 'Nama rekening tidak sesuai' },
    ]);
  });
});

describe('Affiliate (admin): referrers', () => {
  it('lists referrers with what they brought, searches, and opens the owners one brought', async () => {
    const api = stubApi({
      'GET /api/admin/affiliate': () => [200, page([REFERRER])],
      'GET /api/admin/affiliate/u1': ok({
        docs: [
          {
            _id: 'u7',
            name: 'Kopi Senja',
            email: 'senja@demo.test',
            phone: '628111',
            createdAt: '2026-02-01T03:00:00.000Z',
            paid: true,
            commission: 149_800,
          },
          {
            _id: 'u8',
            name: 'Roti Pagi',
            email: 'roti@demo.test',
            phone: '628222',
            createdAt: '2026-02-05T03:00:00.000Z',
            paid: false,
            commission: 0,
          },
        ],
      }),
    });
    open();
    fireEvent.click(screen.getByTestId('tab-referrer'));
    const row = await screen.findByTestId('referrer-row');
    expect(location()).toBe('/admin/affiliate?tab=referrer');
    expect(row.textContent).toContain('Toko Makmur');
    expect(row.textContent).toContain('Rp 149.800');
    expect(row.textContent).toContain('Rp 99.800');

    fireEvent.change(screen.getByTestId('referrer-search'), { target: { value: 'makmur' } });
    fireEvent.click(screen.getByTestId('referrer-search-submit'));
    await waitFor(() =>
      expect(api.queryOf('/admin/affiliate')).toEqual({ page: '1', limit: '20', q: 'makmur' }),
    );
    expect(location()).toBe('/admin/affiliate?tab=referrer&q=makmur');

    fireEvent.click(
      within(await screen.findByTestId('referrer-row')).getByRole('button', { name: /Toko Makmur/ }),
    );
    const drawer = await screen.findByTestId('referred-drawer');
    const referred = await within(drawer).findAllByTestId('referred-row');
    expect(referred).toHaveLength(2);
    expect(referred[0]!.textContent).toContain('Kopi Senja');
    expect(referred[0]!.textContent).toContain('Sudah membayar');
    expect(referred[0]!.textContent).toContain('01 Februari 2026');
    expect(referred[1]!.textContent).toContain('Belum membayar');
    expect(within(drawer).getByTestId('referred-figures').textContent).toContain('Rp 50.000');
  });
});
