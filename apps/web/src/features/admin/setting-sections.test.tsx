import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Operator, PaymentSettingsView, SiteSettings } from '@sapa/contracts';
import { AdminSettingPage } from './admin-setting-page';
import { ok, refused, renderAt, signInAdmin, stubApi } from './tx-test-api';

beforeEach(() => signInAdmin());

const open = (section: string) => renderAt(<AdminSettingPage />, `/admin/setting?section=${section}`);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

const PAYMENT: PaymentSettingsView = {
  bankAccounts: [{ bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'PT Sapa Digital' }],
  midtrans: { clientKey: 'SB-Mid-client-abc123', production: false, serverKeySet: true },
};

describe('Pengaturan (admin): Pembayaran', () => {
  it('keeps the stored server key when the field stays empty, and sends a new one only when typed', async () => {
    const api = stubApi({
      'GET /api/admin/payment': ok(PAYMENT),
      'PUT /api/admin/payment': () => [200, PAYMENT],
    });
    open('pembayaran');
    const section = await screen.findByTestId('setting-payment');
    expect(within(section).getByTestId('midtrans-server-key-state').textContent).toBe('Sudah diatur');
    const serverKey = within(section).getByTestId('midtrans-server-key') as HTMLInputElement;
    expect(serverKey.value).toBe('');
    expect(serverKey.placeholder).toBe('Isi untuk mengganti');

    fireEvent.click(within(section).getByTestId('midtrans-production'));
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    await waitFor(() => expect(api.to('PUT', '/admin/payment')).toHaveLength(1));
    expect(api.to('PUT', '/admin/payment')[0]!.body).toEqual({
      bankAccounts: PAYMENT.bankAccounts,
      midtrans: { clientKey: 'SB-Mid-client-abc123', production: true },
    });

    type(within(section).getByTestId('midtrans-server-key'), ' SB-Mid-server-new ');
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    await waitFor(() => expect(api.to('PUT', '/admin/payment')).toHaveLength(2));
    expect(api.to('PUT', '/admin/payment')[1]!.body).toMatchObject({
      midtrans: { clientKey: 'SB-Mid-client-abc123', serverKey: 'SB-Mid-server-new' },
    });
    // the field empties after saving: the key is never shown again
    await waitFor(() =>
      expect((within(section).getByTestId('midtrans-server-key') as HTMLInputElement).value).toBe(''),
    );
  });

  it('checks the bank accounts, needs a server key the first time, and turns Midtrans off as null', async () => {
    const api = stubApi({
      'GET /api/admin/payment': ok({ bankAccounts: [], midtrans: null }),
      'PUT /api/admin/payment': (body) => [200, { ...(body as object), midtrans: null }],
    });
    open('pembayaran');
    const section = await screen.findByTestId('setting-payment');
    expect(within(section).getByTestId('banks-empty')).toBeTruthy();
    expect(within(section).getByTestId('midtrans-off')).toBeTruthy();

    fireEvent.click(within(section).getByTestId('bank-add'));
    const bank = within(section).getByTestId('bank-row');
    type(within(bank).getByTestId('bank-name'), 'Mandiri');
    type(within(bank).getByTestId('bank-account'), '12-34');
    fireEvent.click(within(section).getByTestId('midtrans-on'));
    type(within(section).getByTestId('midtrans-client-key'), 'SB-Mid-client-xyz');
    expect(within(section).getByTestId('midtrans-server-key-state').textContent).toBe('Belum diatur');
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    expect(await within(bank).findByText('Nomor rekening hanya berisi 5 sampai 20 angka')).toBeTruthy();
    expect(within(bank).getByText('Value is required')).toBeTruthy();

    type(within(bank).getByTestId('bank-account'), '1234567890');
    type(within(bank).getByTestId('bank-holder'), 'PT Sapa Digital');
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    expect(await within(section).findByText('Value is required')).toBeTruthy();
    const serverKeyField = within(section)
      .getByTestId('midtrans-server-key')
      .closest('.mantine-PasswordInput-root');
    expect(serverKeyField?.textContent).toContain('Value is required');
    expect(api.to('PUT', '/admin/payment')).toHaveLength(0);

    fireEvent.click(within(section).getByTestId('midtrans-on'));
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    await waitFor(() => expect(api.to('PUT', '/admin/payment')).toHaveLength(1));
    expect(api.to('PUT', '/admin/payment')[0]!.body).toEqual({
      bankAccounts: [{ bankName: 'Mandiri', accountNumber: '1234567890', accountHolder: 'PT Sapa Digital' }],
      midtrans: null,
    });
  });

  it('shows the server field errors under the bank account they name', async () => {
    stubApi({
      'GET /api/admin/payment': ok(PAYMENT),
      'PUT /api/admin/payment': refused(400, 'Nama bank tidak dikenal', {
        'bankAccounts.0.bankName': 'Nama bank tidak dikenal',
      }),
    });
    open('pembayaran');
    const section = await screen.findByTestId('setting-payment');
    fireEvent.click(within(section).getByTestId('setting-payment-save'));
    expect(
      await within(within(section).getByTestId('bank-row')).findByText('Nama bank tidak dikenal'),
    ).toBeTruthy();
  });
});

const SITE: SiteSettings = {
  betaPaths: ['/user/integration/instagram'],
  links: { tutorial: 'https://t.example', customerService: 'https://cs.example', article: '/artikel' },
  cloudPrices: { marketing: 0, utility: 0, authentication: 0, service: 0 },
};

describe('Pengaturan (admin): Situs', () => {
  it('checks the beta pages and the links, then saves them', async () => {
    const api = stubApi({
      'GET /api/admin/setting/site': ok(SITE),
      'PUT /api/admin/setting/site': (b) => [200, b],
    });
    open('situs');
    const section = await screen.findByTestId('setting-site');
    fireEvent.click(within(section).getByTestId('beta-add'));
    type(within(section).getAllByTestId('beta-path')[1]!, '/admin/rahasia');
    type(within(section).getByTestId('link-tutorial'), 'bukan alamat');
    type(within(section).getByTestId('link-article'), 'artikel');
    fireEvent.click(within(section).getByTestId('setting-site-save'));
    expect(await within(section).findByText('Alamat halaman harus diawali /user/')).toBeTruthy();
    expect(within(section).getAllByText('Alamat tautan tidak valid')).toHaveLength(2);
    expect(api.to('PUT', '/admin/setting/site')).toHaveLength(0);

    type(within(section).getAllByTestId('beta-path')[1]!, '/user/broadcast');
    type(within(section).getByTestId('link-tutorial'), 'https://youtube.com/@sapa');
    type(within(section).getByTestId('link-article'), 'https://blog.sapa.id');
    fireEvent.click(within(section).getAllByTestId('beta-remove')[0]!);
    type(within(section).getByTestId('price-marketing'), '586');
    type(within(section).getByTestId('price-utility'), '356');
    fireEvent.click(within(section).getByTestId('setting-site-save'));
    await waitFor(() => expect(api.to('PUT', '/admin/setting/site')).toHaveLength(1));
    expect(api.to('PUT', '/admin/setting/site')[0]!.body).toEqual({
      betaPaths: ['/user/broadcast'],
      links: {
        tutorial: 'https://youtube.com/@sapa',
        customerService: 'https://cs.example',
        article: 'https://blog.sapa.id',
      },
      cloudPrices: { marketing: 586, utility: 356, authentication: 0, service: 0 },
    });
  });
});

const OPERATORS: Operator[] = [
  {
    _id: 'ad1',
    name: 'Admin Sapa',
    username: 'admin',
    disabledAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  { _id: 'ad2', name: 'Rina', username: 'rina', disabledAt: null, createdAt: '2026-02-01T00:00:00.000Z' },
  {
    _id: 'ad3',
    name: 'Dedi',
    username: 'dedi',
    disabledAt: '2026-02-10T00:00:00.000Z',
    createdAt: '2026-01-15T00:00:00.000Z',
  },
];

describe('Pengaturan (admin): Operator', () => {
  it('lists operators with their state, disables and enables one after confirming, never oneself', async () => {
    const api = stubApi({
      'GET /api/admin/operator': ok({ docs: OPERATORS }),
      'POST /api/admin/operator/ad2/disable': ok({ ...OPERATORS[1], disabledAt: '2026-03-01T00:00:00.000Z' }),
      'POST /api/admin/operator/ad3/enable': ok({ ...OPERATORS[2], disabledAt: null }),
    });
    open('operator');
    const rows = await screen.findAllByTestId('operator-row');
    expect(rows.map((r) => within(r).getByTestId('operator-state').textContent)).toEqual([
      'Aktif',
      'Aktif',
      'Nonaktif',
    ]);
    expect(within(rows[0]!).queryByTestId('operator-toggle')).toBeNull();
    expect(rows[0]!.textContent).toContain('Anda');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Nonaktifkan Rina' }));
    let dialog = await screen.findByTestId('operator-toggle-dialog');
    expect(dialog.textContent).toContain('Rina (@rina) tidak akan bisa masuk');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByTestId('operator-toggle-dialog')).toBeNull());
    expect(api.to('POST', '/admin/operator/ad2/disable')).toHaveLength(0);

    fireEvent.click(within(rows[1]!).getByTestId('operator-toggle'));
    dialog = await screen.findByTestId('operator-toggle-dialog');
    fireEvent.click(within(dialog).getByTestId('operator-toggle-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Operator dinonaktifkan');
    expect(api.to('POST', '/admin/operator/ad2/disable')).toHaveLength(1);

    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Aktifkan Dedi' }));
    dialog = await screen.findByTestId('operator-toggle-dialog');
    fireEvent.click(within(dialog).getByTestId('operator-toggle-dialog-submit'));
    await waitFor(() => expect(api.to('POST', '/admin/operator/ad3/enable')).toHaveLength(1));
  });

  it('adds an operator after checking the form; the server may refuse the username', async () => {
    let reply: [number, unknown] = refused(409, 'Username sudah dipakai', {
      username: 'Username sudah dipakai',
    })();
    const api = stubApi({
      'GET /api/admin/operator': ok({ docs: OPERATORS.slice(0, 1) }),
      'POST /api/admin/operator': () => reply,
    });
    open('operator');
    fireEvent.click(await screen.findByTestId('operator-add'));
    const modal = await screen.findByTestId('operator-modal');
    type(within(modal).getByTestId('operator-username'), 'rina baru');
    type(within(modal).getByTestId('operator-password'), 'pendek');
    fireEvent.click(within(modal).getByTestId('operator-submit'));
    expect(await within(modal).findByText('Value is required')).toBeTruthy();
    expect(within(modal).getByText('Kata sandi minimal 8 karakter')).toBeTruthy();
    expect(
      within(modal).getByText(
        'Username hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung',
      ),
    ).toBeTruthy();
    expect(api.to('POST', '/admin/operator')).toHaveLength(0);

    type(within(modal).getByTestId('operator-name'), 'Rina');
    type(within(modal).getByTestId('operator-username'), 'rina');
    type(within(modal).getByTestId('operator-password'), 'rahasia123');
    fireEvent.click(within(modal).getByTestId('operator-submit'));
    expect(await within(modal).findByText('Username sudah dipakai')).toBeTruthy();

    reply = [201, OPERATORS[1]];
    fireEvent.click(within(modal).getByTestId('operator-submit'));
    await waitFor(() => expect(screen.queryByTestId('operator-modal')).toBeNull());
    expect(api.to('POST', '/admin/operator').map((c) => c.body)).toEqual([
      { name: 'Rina', username: 'rina', password: 'rahasia123' },
      { name: 'Rina', username: 'rina', password: 'rahasia123' },
    ]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Operator ditambahkan');
  });
});
