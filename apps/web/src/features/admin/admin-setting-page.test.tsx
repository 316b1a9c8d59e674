import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_SETTINGS, formatRupiah, quoteFor, type BillingSettings } from '@sapa/contracts';
import { AdminSettingPage } from './admin-setting-page';
import { refused, renderAt, signInAdmin, stubApi } from './tx-test-api';

beforeEach(() => signInAdmin());

const open = (query = '') => renderAt(<AdminSettingPage />, `/admin/setting${query}`);
const location = () => screen.getByTestId('location').textContent ?? '';
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

/** The billing document as stored, and PUT answering what it was sent. */
function billingApi(stored: BillingSettings = DEFAULT_BILLING_SETTINGS) {
  let answer: ((body: unknown) => [number, unknown]) | null = null;
  const api = stubApi({
    'GET /api/admin/billing': () => [200, stored],
    'PUT /api/admin/billing': (body) => (answer ? answer(body) : [200, body]),
  });
  return { ...api, answerWith: (next: typeof answer) => (answer = next) };
}

describe('Pengaturan (admin): sections', () => {
  it('opens the section named in the address, keeps the choice there, and links to the audit log', async () => {
    stubApi({ 'GET /api/admin/billing': () => [200, DEFAULT_BILLING_SETTINGS] });
    open('?section=afiliasi');
    expect(await screen.findByTestId('setting-affiliate')).toBeTruthy();
    expect(screen.getByTestId('audit-link').getAttribute('href')).toBe('/admin/audit');

    fireEvent.click(screen.getByTestId('section-profil'));
    expect(await screen.findByTestId('setting-profile')).toBeTruthy();
    expect(location()).toBe('/admin/setting');
    fireEvent.click(screen.getByTestId('section-paket'));
    expect(await screen.findByTestId('setting-billing')).toBeTruthy();
    expect(location()).toBe('/admin/setting?section=paket');
  });

  it('saves the profile; a new password needs the current one', async () => {
    const api = stubApi({
      'PATCH /api/admin': (body) => [
        200,
        { _id: 'ad1', name: 'Admin Baru', username: 'admin', ...(body as object) },
      ],
    });
    open();
    const section = await screen.findByTestId('setting-profile');
    type(within(section).getByLabelText('Nama'), 'Admin Baru');
    type(within(section).getByLabelText('Kata Sandi Baru'), 'rahasia123');
    fireEvent.click(within(section).getByTestId('setting-profile-save'));
    expect(await within(section).findByText('Value is required')).toBeTruthy();
    expect(api.to('PATCH', '/admin')).toHaveLength(0);

    type(within(section).getByLabelText('Kata Sandi Saat Ini'), 'lama12345');
    fireEvent.click(within(section).getByTestId('setting-profile-save'));
    await waitFor(() => expect(api.to('PATCH', '/admin')).toHaveLength(1));
    expect(api.to('PATCH', '/admin')[0]!.body).toEqual({
      name: 'Admin Baru',
      username: 'admin',
      password: 'rahasia123',
      currentPassword: 'lama12345',
    });
  });
});

describe('Pengaturan (admin): Paket & Harga', () => {
  it('checks a new plan and the durations with the contracts before sending', async () => {
    const api = billingApi();
    open('?section=paket');
    const section = await screen.findByTestId('setting-billing');
    expect(within(section).getAllByTestId('plan-row')).toHaveLength(3);

    // a new plan left empty but for a bad key, and no duration offered at all
    fireEvent.click(within(section).getByTestId('plan-add'));
    const rows = within(section).getAllByTestId('plan-row');
    expect(rows).toHaveLength(4);
    type(within(rows[3]!).getByTestId('plan-key'), 'Premium!');
    for (const row of within(section).getAllByTestId('duration-row'))
      fireEvent.click(within(row).getByTestId('duration-offered'));
    fireEvent.click(within(section).getByTestId('setting-billing-save'));

    expect(await within(rows[3]!).findByText('Format tidak valid')).toBeTruthy();
    expect(within(rows[3]!).getByText('Panjang minimal adalah 1 karakter')).toBeTruthy();
    expect(within(rows[3]!).getByText('Value is required')).toBeTruthy();
    expect(within(section).getByText('Minimal 1 item')).toBeTruthy();
    expect(api.to('PUT', '/admin/billing')).toHaveLength(0);
  });

  it('adds and removes plans, and saves the whole document with the affiliate programme as stored', async () => {
    const api = billingApi();
    open('?section=paket');
    const section = await screen.findByTestId('setting-billing');
    fireEvent.click(within(section).getByTestId('plan-add'));
    const rows = within(section).getAllByTestId('plan-row');
    type(within(rows[3]!).getByTestId('plan-key'), 'premium');
    type(within(rows[3]!).getByTestId('plan-name'), 'Premium');
    type(within(rows[3]!).getByTestId('plan-price'), '1500000');
    expect((within(rows[3]!).getByTestId('plan-price') as HTMLInputElement).value).toBe('1.500.000');
    type(within(rows[3]!).getByTestId('plan-numbers'), '20');
    type(within(rows[3]!).getByTestId('plan-agents'), '100');
    type(within(rows[3]!).getByTestId('plan-broadcasts'), '500');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Hapus paket Dasar' }));
    // 1 month no longer offered
    fireEvent.click(
      within(within(section).getAllByTestId('duration-row')[0]!).getByTestId('duration-offered'),
    );
    type(within(section).getByTestId('trial-days'), '14');
    fireEvent.click(within(section).getByTestId('setting-billing-save'));

    await waitFor(() => expect(api.to('PUT', '/admin/billing')).toHaveLength(1));
    expect(api.to('PUT', '/admin/billing')[0]!.body).toEqual({
      ...DEFAULT_BILLING_SETTINGS,
      plans: [
        DEFAULT_BILLING_SETTINGS.plans[1],
        DEFAULT_BILLING_SETTINGS.plans[2],
        {
          key: 'premium',
          name: 'Premium',
          monthlyPrice: 1_500_000,
          numbers: 20,
          agents: 100,
          broadcastsPerMonth: 500,
        },
      ],
      durations: DEFAULT_BILLING_SETTINGS.durations.slice(1),
      trialDays: 14,
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Perubahan berhasil disimpan');
  });

  it('shows the server field errors under the fields, and the duplicate key rule of the contracts', async () => {
    const api = billingApi();
    api.answerWith(refused(400, 'Nama paket sudah dipakai', { 'plans.1.name': 'Nama paket sudah dipakai' }));
    open('?section=paket');
    const section = await screen.findByTestId('setting-billing');
    const rows = within(section).getAllByTestId('plan-row');
    type(within(rows[1]!).getByTestId('plan-key'), 'dasar');
    fireEvent.click(within(section).getByTestId('setting-billing-save'));
    expect((await within(section).findByTestId('plans-error')).textContent).toBe('Kunci paket harus berbeda');
    expect(api.to('PUT', '/admin/billing')).toHaveLength(0);

    type(within(rows[1]!).getByTestId('plan-key'), 'pro');
    fireEvent.click(within(section).getByTestId('setting-billing-save'));
    expect(await within(rows[1]!).findByText('Nama paket sudah dipakai')).toBeTruthy();
    // shown once, under its field
    expect(within(section).queryByTestId('form-error')).toBeNull();
  });

  it('previews a quote with quoteFor under the figures being edited', async () => {
    billingApi();
    open('?section=paket');
    const preview = await screen.findByTestId('quote-preview');
    const expected = quoteFor(DEFAULT_BILLING_SETTINGS, 'dasar', 12)!;
    expect(within(preview).getByTestId('preview-money').textContent).toContain(formatRupiah(expected.total));

    const section = screen.getByTestId('setting-billing');
    type(within(section).getByTestId('ppn-rate'), '11');
    type(within(section).getByTestId('ppn-numerator'), '12');
    const changed = quoteFor(
      { ...DEFAULT_BILLING_SETTINGS, ppn: { ratePercent: 11, baseNumerator: 12, baseDenominator: 12 } },
      'dasar',
      12,
    )!;
    await waitFor(() =>
      expect(within(preview).getByTestId('preview-money').textContent).toContain(formatRupiah(changed.total)),
    );
    type(within(section).getAllByTestId('plan-price')[0]!, '');
    expect(await within(preview).findByTestId('preview-incomplete')).toBeTruthy();
  });
});

describe('Pengaturan (admin): Afiliasi', () => {
  it('saves the commission and the least withdrawal with the stored plans, after checking them', async () => {
    const api = billingApi();
    open('?section=afiliasi');
    const section = await screen.findByTestId('setting-affiliate');
    expect((within(section).getByTestId('affiliate-minimum') as HTMLInputElement).value).toBe('100.000');
    type(within(section).getByTestId('affiliate-commission'), '95');
    type(within(section).getByTestId('affiliate-minimum'), '5000');
    fireEvent.click(within(section).getByTestId('setting-affiliate-save'));
    expect(await within(section).findByText('Maksimal 90')).toBeTruthy();
    expect(within(section).getByText('Minimal 10.000')).toBeTruthy();
    expect(api.to('PUT', '/admin/billing')).toHaveLength(0);

    type(within(section).getByTestId('affiliate-commission'), '25');
    type(within(section).getByTestId('affiliate-minimum'), '250000');
    fireEvent.click(within(section).getByTestId('setting-affiliate-save'));
    await waitFor(() => expect(api.to('PUT', '/admin/billing')).toHaveLength(1));
    expect(api.to('PUT', '/admin/billing')[0]!.body).toEqual({
      ...DEFAULT_BILLING_SETTINGS,
      affiliate: { commissionPercent: 25, minimumWithdrawal: 250_000 },
    });
  });
});
