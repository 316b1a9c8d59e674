import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUserDetail } from '@sapa/contracts';
import { AdminUserPage } from './admin-user-page';
import {
  ok,
  page,
  PAID_TRANSFER,
  PENDING_MIDTRANS,
  refused,
  renderAt,
  signInAdmin,
  stubApi,
} from './tx-test-api';

beforeEach(() => signInAdmin());

const BUDI: AdminUser = {
  _id: 'u1',
  name: 'Budi Santoso',
  email: 'budi@toko.test',
  phone: '6281234567890',
  isVerified: true,
  isBetaUser: false,
  state: 'active',
  planName: 'Pro',
  // 03:00 on 1 May in Jakarta: the Jakarta day, not UTC's
  subscriptionExpiresAt: '2026-04-30T20:00:00.000Z',
  trialUsed: true,
  numbers: 2,
  agents: 3,
  lastActiveAt: '2026-03-02T01:30:00.000Z',
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-01-05T03:00:00.000Z',
};

const SARI: AdminUser = {
  ...BUDI,
  _id: 'u2',
  name: 'Sari Dewi',
  email: 'sari@warung.test',
  phone: '6281311112222',
  state: 'trial',
  planName: null,
  subscriptionExpiresAt: '2026-03-09T10:00:00.000Z',
  numbers: 1,
  agents: 0,
  lastActiveAt: null,
};

const DETAIL: AdminUserDetail = {
  ...BUDI,
  referralCode: 'BUDI22',
  referredBy: { _id: 'u9', name: 'Rina Referral' },
  accounts: [
    { _id: 'a1', type: 'whatsapp', labelName: 'CS Toko', phoneNumber: '6281234567890', status: 'connected' },
    { _id: 'a2', type: 'instagram', labelName: 'IG Toko', phoneNumber: 'toko.budi', status: 'disconnected' },
  ],
  agentList: [{ _id: 'g1', name: 'Agen Satu', email: 'satu@toko.test' }],
  transactions: [PAID_TRANSFER, PENDING_MIDTRANS],
  adjustments: [
    {
      ownerId: 'u1',
      previousExpiresAt: '2026-03-31T17:00:00.000Z',
      expiresAt: '2026-04-30T20:00:00.000Z',
      reason: 'Kompensasi gangguan',
      createdAt: '2026-03-01T02:00:00.000Z',
    },
  ],
};

const open = (query = '') => renderAt(<AdminUserPage />, `/admin/user${query}`);
const location = () => screen.getByTestId('location').textContent ?? '';
const search = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/** The list and Budi's detail; `detail` is what the server answers after each action. */
function userApi(extra: Parameters<typeof stubApi>[0] = {}, detail: AdminUserDetail = DETAIL) {
  return stubApi({
    'GET /api/admin/user': ok(page([BUDI, SARI])),
    'GET /api/admin/user/u1': () => [200, detail],
    ...extra,
  });
}

async function openBudi() {
  fireEvent.click((await screen.findAllByTestId('user-row'))[0]!);
  const drawer = await screen.findByTestId('user-drawer');
  await within(drawer).findByTestId('user-detail');
  return drawer;
}

describe('Pengguna (admin)', () => {
  it('lists the owners with state, plan, Jakarta expiry, numbers, agents and activity; pages on', async () => {
    let served = 0;
    const api = stubApi({
      'GET /api/admin/user': () => [
        200,
        served++ ? page([{ ...SARI, _id: 'u3', name: 'Tono' }]) : page([BUDI, SARI], true),
      ],
    });
    open();
    expect(screen.getByTestId('user-loading')).toBeTruthy();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Budi Santosobudi@toko.test+62 812-3456-7890',
      'Berlangganan',
      'Pro',
      '01 Mei 2026',
      '2',
      '3',
      '02/03/2026 08:30',
    ]);
    const sari = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(sari[1]).toBe('Uji coba');
    expect(sari[2]).toBe('Uji coba');
    expect(sari[6]).toBe('Belum pernah');
    expect(search(api.to('GET', '/admin/user')[0]!.url)).toEqual({ page: '1', limit: '20' });

    fireEvent.click(screen.getByTestId('user-more'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(search(api.to('GET', '/admin/user')[1]!.url)).toEqual({ page: '2', limit: '20' });
    expect(screen.queryByTestId('user-more')).toBeNull();
  });

  it('searches (debounced) and filters by state through the query, both kept in the address', async () => {
    const api = userApi();
    open('?state=expired');
    await screen.findAllByTestId('user-row');
    expect(api.queryOf('/admin/user')).toEqual({ page: '1', limit: '20', state: 'expired' });

    for (const value of ['b', 'bu', 'bud', 'budi']) {
      fireEvent.change(screen.getByTestId('user-search'), { target: { value } });
    }
    // one request for the whole word, after the pause
    await waitFor(() =>
      expect(api.queryOf('/admin/user')).toEqual({ page: '1', limit: '20', q: 'budi', state: 'expired' }),
    );
    expect(location()).toBe('/admin/user?state=expired&q=budi');

    fireEvent.click(screen.getByTestId('user-state-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Uji coba', hidden: true }));
    await waitFor(() =>
      expect(api.queryOf('/admin/user')).toEqual({ page: '1', limit: '20', q: 'budi', state: 'trial' }),
    );
    expect(location()).toBe('/admin/user?state=trial&q=budi');
    expect(api.to('GET', '/admin/user').map((c) => search(c.url).q ?? '')).toEqual(['', 'budi', 'budi']);
  });

  it('says when nothing matches, with a button that clears the filters', async () => {
    const api = stubApi({ 'GET /api/admin/user': ok(page([])) });
    open('?q=zzz&state=disabled');
    const none = await screen.findByTestId('user-not-found');
    expect(none.textContent).toContain('Pengguna tidak ditemukan');
    expect((screen.getByTestId('user-search') as HTMLInputElement).value).toBe('zzz');
    fireEvent.click(screen.getByTestId('user-clear-filters'));
    await waitFor(() => expect(location()).toBe('/admin/user'));
    expect(api.queryOf('/admin/user')).toEqual({ page: '1', limit: '20' });
    expect((screen.getByTestId('user-search') as HTMLInputElement).value).toBe('');
    expect(await screen.findByTestId('user-empty')).toBeTruthy();
  });

  it('shows cards on a narrow screen, each a button that opens the owner', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    userApi();
    open();
    const cards = await screen.findAllByTestId('user-row');
    expect(screen.queryByTestId('user-table')).toBeNull();
    expect(cards[0]!.tagName).toBe('BUTTON');
    expect(cards[0]!.textContent).toContain('Pro · Berakhir 01 Mei 2026');
    expect(cards[0]!.textContent).toContain('2 nomor · 3 agen');
    fireEvent.click(cards[1]!);
    await waitFor(() => expect(location()).toBe('/admin/user?id=u2'));
  });

  it('shows a failed list with a retry', async () => {
    let answer = refused(500, 'Terjadi kesalahan');
    stubApi({ 'GET /api/admin/user': () => answer() });
    open();
    const failed = await screen.findByTestId('user-failed');
    expect(failed.textContent).toContain('Daftar pengguna gagal dimuat.');
    answer = ok(page([BUDI]));
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(await screen.findAllByTestId('user-row')).toHaveLength(1);
  });

  it('opens the detail in a drawer: profile, referral, numbers, agents, purchases and adjustments', async () => {
    const api = userApi();
    open();
    const drawer = await openBudi();
    expect(location()).toBe('/admin/user?id=u1');
    expect(api.to('GET', '/admin/user/u1')).toHaveLength(1);
    expect(drawer.getAttribute('aria-label')).toBe('Detail pengguna Budi Santoso');
    expect(within(drawer).getByTestId('user-drawer-name').textContent).toBe('Budi Santoso');

    const profile = within(drawer).getByTestId('user-profile');
    expect(profile.textContent).toContain('budi@toko.test');
    expect(profile.textContent).toContain('BUDI22');
    expect(profile.textContent).toContain('Rina Referral');
    expect(within(drawer).getByTestId('user-subscription').textContent).toContain('01 Mei 2026 03:00 WIB');

    const accounts = within(drawer).getByTestId('user-accounts');
    expect(accounts.textContent).toContain('Nomor terhubung (2)');
    expect(accounts.textContent).toContain('CS Toko');
    expect(accounts.textContent).toContain('Terputus');
    expect(within(drawer).getByTestId('user-agents').textContent).toContain('Agen Satu');

    const links = within(drawer).getAllByTestId('user-transaction-link');
    expect(links.map((a) => a.textContent)).toEqual(['INV/2026/000042', 'SAPA-2B8XQ4']);
    expect(links[0]!.getAttribute('href')).toBe('/admin/transaction?q=SAPA-7K3M9Q');
    expect(within(drawer).getByTestId('user-adjustment').textContent).toContain(
      '01 April 2026 00:00 WIB → 01 Mei 2026 03:00 WIB',
    );
    expect(within(drawer).getByTestId('user-audit-link').getAttribute('href')).toBe(
      '/admin/audit?targetType=user&targetId=u1',
    );

    fireEvent.click(within(drawer).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(location()).toBe('/admin/user'));
  });

  it('opens the drawer from the address and shows a failed detail with a retry', async () => {
    let answer = refused(404, 'Pengguna tidak ditemukan');
    stubApi({ 'GET /api/admin/user': ok(page([BUDI])), 'GET /api/admin/user/u1': () => answer() });
    open('?id=u1');
    const drawer = await screen.findByTestId('user-drawer');
    const failed = await within(drawer).findByTestId('user-drawer-failed');
    answer = ok(DETAIL);
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(await within(drawer).findByTestId('user-detail')).toBeTruthy();
  });

  it('disables only with a reason, after confirming, and shows the server refusal under the field', async () => {
    let answer = refused(400, 'Data yang dikirim tidak valid', { reason: 'Alasan terlalu umum' });
    const api = userApi({ 'POST /api/admin/user/u1/disable': () => answer() });
    open();
    const drawer = await openBudi();
    fireEvent.click(within(drawer).getByTestId('user-disable'));
    const modal = await screen.findByTestId('user-disable-modal');
    expect(modal.textContent).toContain('Akun Budi Santoso tidak bisa dipakai');
    const submit = within(modal).getByTestId('user-disable-submit');
    expect(submit.getAttribute('style')).toContain('--mantine-color-red-filled');

    fireEvent.click(submit);
    expect(await within(modal).findByText('Value is required')).toBeTruthy();
    expect(api.to('POST', '/admin/user/u1/disable')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('user-disable-reason'), { target: { value: '  spam  ' } });
    fireEvent.click(submit);
    expect(await within(modal).findByText('Alasan terlalu umum')).toBeTruthy();
    expect(api.to('POST', '/admin/user/u1/disable')[0]!.body).toEqual({ reason: 'spam' });

    answer = ok({ ...BUDI, state: 'disabled' });
    fireEvent.change(within(modal).getByTestId('user-disable-reason'), {
      target: { value: 'Mengirim spam massal' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('user-disable-modal')).toBeNull());
    expect(api.to('POST', '/admin/user/u1/disable')[1]!.body).toEqual({ reason: 'Mengirim spam massal' });
    expect(screen.getByTestId('toast-message').textContent).toBe('Akun Budi Santoso dinonaktifkan');
    // the owner and the list are read again
    expect(api.to('GET', '/admin/user/u1').length).toBeGreaterThan(1);
  });

  it('enables a disabled owner and shows why they were disabled', async () => {
    const disabled: AdminUserDetail = {
      ...DETAIL,
      state: 'disabled',
      disabledAt: '2026-03-01T03:00:00.000Z',
      disabledReason: 'Mengirim spam massal',
    };
    const api = userApi({ 'POST /api/admin/user/u1/enable': ok({ ...BUDI }) }, disabled);
    open();
    const drawer = await openBudi();
    const notice = within(drawer).getByTestId('user-disabled-notice');
    expect(notice.textContent).toContain('Dinonaktifkan pada 01 Maret 2026 10:00 WIB');
    expect(notice.textContent).toContain('Alasan: Mengirim spam massal');
    fireEvent.click(within(drawer).getByTestId('user-enable'));
    await waitFor(() => expect(api.to('POST', '/admin/user/u1/enable')).toHaveLength(1));
    expect(api.to('POST', '/admin/user/u1/enable')[0]!.body).toBeUndefined();
    expect((await screen.findByTestId('toast-message')).textContent).toBe(
      'Akun Budi Santoso diaktifkan kembali',
    );
  });

  it('switches the beta flag with its body; a refusal toasts', async () => {
    let answer = ok({ ...BUDI, isBetaUser: true });
    const api = userApi({ 'PUT /api/admin/user/u1/beta': () => answer() });
    open();
    const drawer = await openBudi();
    const toggle = within(drawer).getByRole('switch', { name: /Pengguna beta/ });
    fireEvent.click(toggle);
    await waitFor(() => expect(api.to('PUT', '/admin/user/u1/beta')).toHaveLength(1));
    expect(api.to('PUT', '/admin/user/u1/beta')[0]!.body).toEqual({ isBetaUser: true });
    expect((await screen.findByTestId('toast-message')).textContent).toBe('Akses beta diaktifkan');

    answer = refused(500, 'Server sedang sibuk');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('toast-message').textContent).toBe('Server sedang sibuk'));
    expect(screen.getByTestId('toast').getAttribute('data-type')).toBe('error');
  });

  it('changes the subscription end: 30 days more, a reason, a confirmation, sent in ISO with +07:00', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T00:00:00.000Z') });
    let answer = refused(400, 'Data yang dikirim tidak valid', { reason: 'Alasan harus jelas' });
    const api = userApi({ 'PUT /api/admin/user/u1/subscription': () => answer() });
    open();
    const drawer = await openBudi();
    fireEvent.click(within(drawer).getByTestId('user-change-expiry'));
    const modal = await screen.findByTestId('user-subscription-modal');
    expect(within(modal).getByTestId('user-subscription-current').textContent).toBe(
      'Berakhir saat ini: 01 Mei 2026 03:00 WIB',
    );
    const date = within(modal).getByTestId('user-subscription-date') as HTMLInputElement;
    const time = within(modal).getByTestId('user-subscription-time') as HTMLInputElement;
    expect([date.value, time.value]).toEqual(['2026-05-01', '03:00']);

    // the reason is required before anything is asked
    fireEvent.click(within(modal).getByTestId('user-subscription-extend'));
    expect([date.value, time.value]).toEqual(['2026-05-31', '03:00']);
    fireEvent.click(within(modal).getByTestId('user-subscription-submit'));
    expect(await within(modal).findByText('Value is required')).toBeTruthy();

    fireEvent.change(within(modal).getByTestId('user-subscription-reason'), {
      target: { value: 'Kompensasi gangguan layanan' },
    });
    fireEvent.click(within(modal).getByTestId('user-subscription-submit'));
    const review = await within(modal).findByTestId('user-subscription-review');
    expect(review.textContent).toContain(
      'Masa berlaku langganan Budi Santoso diubah menjadi 31 Mei 2026 03:00 WIB.',
    );
    expect(api.to('PUT', '/admin/user/u1/subscription')).toHaveLength(0);

    // the server refuses a field: back to the form, the message under it
    fireEvent.click(within(review).getByTestId('user-subscription-confirm'));
    expect(await within(modal).findByText('Alasan harus jelas')).toBeTruthy();
    expect(api.to('PUT', '/admin/user/u1/subscription')[0]!.body).toEqual({
      expiresAt: '2026-05-31T03:00:00+07:00',
      reason: 'Kompensasi gangguan layanan',
    });

    // a date typed by hand, in the past: warned, then saved as typed in WIB
    fireEvent.change(within(modal).getByTestId('user-subscription-date'), {
      target: { value: '2026-02-15' },
    });
    fireEvent.change(within(modal).getByTestId('user-subscription-time'), { target: { value: '09:30' } });
    expect(
      within(modal).getByText('Tanggal ini sudah lewat: langganan akan langsung berakhir.'),
    ).toBeTruthy();
    answer = ok({
      ownerId: 'u1',
      previousExpiresAt: BUDI.subscriptionExpiresAt,
      expiresAt: '2026-02-15T02:30:00.000Z',
      reason: 'Akhiri langganan',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    fireEvent.change(within(modal).getByTestId('user-subscription-reason'), {
      target: { value: 'Akhiri langganan' },
    });
    fireEvent.click(within(modal).getByTestId('user-subscription-submit'));
    fireEvent.click(await within(modal).findByTestId('user-subscription-confirm'));
    await waitFor(() => expect(screen.queryByTestId('user-subscription-modal')).toBeNull());
    expect(api.to('PUT', '/admin/user/u1/subscription')[1]!.body).toEqual({
      expiresAt: '2026-02-15T09:30:00+07:00',
      reason: 'Akhiri langganan',
    });
    expect(screen.getByTestId('toast-message').textContent).toBe(
      'Masa berlaku langganan diubah menjadi 15 Februari 2026 09:30 WIB',
    );
  });

  it('refuses an empty date before asking', async () => {
    const api = userApi();
    open();
    const drawer = await openBudi();
    fireEvent.click(within(drawer).getByTestId('user-change-expiry'));
    const modal = await screen.findByTestId('user-subscription-modal');
    fireEvent.change(within(modal).getByTestId('user-subscription-date'), { target: { value: '' } });
    fireEvent.change(within(modal).getByTestId('user-subscription-reason'), {
      target: { value: 'Koreksi data' },
    });
    fireEvent.click(within(modal).getByTestId('user-subscription-submit'));
    expect(await within(modal).findByText('Tanggal berakhir tidak valid')).toBeTruthy();
    expect(within(modal).queryByTestId('user-subscription-review')).toBeNull();
    expect(api.to('PUT', '/admin/user/u1/subscription')).toHaveLength(0);
  });
});
