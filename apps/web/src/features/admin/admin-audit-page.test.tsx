import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, Operator } from '@sapa/contracts';
import { AdminAuditPage } from './admin-audit-page';
import { ok, page, refused, renderAt, signInAdmin, stubApi } from './tx-test-api';

beforeEach(() => signInAdmin());

const OPERATORS: Operator[] = [
  {
    _id: 'ad1',
    name: 'Admin Sapa',
    username: 'admin',
    disabledAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    _id: 'ad2',
    name: 'Rina Operator',
    username: 'rina',
    disabledAt: null,
    createdAt: '2026-01-02T00:00:00.000Z',
  },
  {
    _id: 'ad3',
    name: 'Joko Lama',
    username: 'joko',
    disabledAt: '2026-02-01T00:00:00.000Z',
    createdAt: '2026-01-03T00:00:00.000Z',
  },
];

const CONFIRM: AuditEntry = {
  _id: 'e1',
  adminId: 'ad2',
  adminName: 'Rina Operator',
  action: 'transaction.confirm',
  targetType: 'transaction',
  targetId: 't1',
  before: { status: 'pending', paidAt: null, reference: 'SAPA-7K3M9Q', total: 830_000 },
  after: { status: 'paid', paidAt: '2026-03-02T10:00:00.000Z', reference: 'SAPA-7K3M9Q', total: 830_000 },
  // 23:05 on 2 March in Jakarta
  createdAt: '2026-03-02T16:05:00.000Z',
};

const SETTINGS: AuditEntry = {
  _id: 'e2',
  adminId: 'ad1',
  adminName: 'Admin Sapa',
  action: 'settings.magic',
  targetType: 'settings',
  targetId: null,
  before: { links: { tutorial: 'https://a.test' }, betaPaths: [] },
  after: { links: { tutorial: 'https://b.test' }, betaPaths: ['/user/report'] },
  createdAt: '2026-03-01T02:00:00.000Z',
};

const DISABLE: AuditEntry = {
  _id: 'e3',
  adminId: 'ad1',
  adminName: 'Admin Sapa',
  action: 'user.disable',
  targetType: 'user',
  targetId: 'u1',
  before: { disabledAt: null, disabledReason: null },
  after: { disabledAt: '2026-03-01T01:00:00.000Z', disabledReason: 'Spam' },
  createdAt: '2026-03-01T01:00:00.000Z',
};

const open = (query = '') => renderAt(<AdminAuditPage />, `/admin/audit${query}`);
const location = () => screen.getByTestId('location').textContent ?? '';

function auditApi(pages: AuditEntry[][] = [[CONFIRM, SETTINGS, DISABLE]]) {
  let served = 0;
  return stubApi({
    'GET /api/admin/operator': ok({ docs: OPERATORS }),
    'GET /api/admin/audit': () => {
      const docs = pages[Math.min(served, pages.length - 1)]!;
      const more = served < pages.length - 1;
      served++;
      return [200, page(docs, more)];
    },
  });
}

describe('Log audit', () => {
  it('lists the entries newest first: WIB time, operator, action in words, target', async () => {
    const api = auditApi();
    open();
    expect(screen.getByTestId('audit-loading')).toBeTruthy();
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(3);
    expect(within(entries[0]!).getByTestId('audit-time').textContent).toBe('02/03/2026 23:05');
    expect(within(entries[0]!).getByTestId('audit-action').textContent).toBe('Konfirmasi transfer');
    expect(entries[0]!.textContent).toContain('oleh Rina Operator · Transaksi · t1');
    // an action without a label shows as written
    expect(within(entries[1]!).getByTestId('audit-action').textContent).toBe('settings.magic');
    expect(entries[1]!.textContent).toContain('oleh Admin Sapa · Pengaturan');
    expect(within(entries[2]!).getByTestId('audit-action').textContent).toBe('Nonaktifkan pengguna');
    expect(api.queryOf('/admin/audit')).toEqual({ page: '1', limit: '30' });
  });

  it('opens an entry to its changed fields, before and after; nested values as JSON', async () => {
    auditApi();
    open();
    const [confirm, settings] = await screen.findAllByTestId('audit-entry');
    const control = within(confirm!).getByRole('button', { name: /Konfirmasi transfer/ });
    expect(control.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(control);
    expect(control.getAttribute('aria-expanded')).toBe('true');
    const rows = within(confirm!).getAllByTestId('audit-diff-row');
    // only what changed: the reference and the total stayed
    expect(rows.map((r) => r.getAttribute('data-key'))).toEqual(['status', 'paidAt']);
    expect(within(rows[0]!).getByTestId('audit-before').textContent).toBe('pending');
    expect(within(rows[0]!).getByTestId('audit-after').textContent).toBe('paid');
    expect(within(rows[1]!).getByTestId('audit-before').textContent).toBe('-');
    expect(within(rows[1]!).getByTestId('audit-after').textContent).toBe('02/03/2026 17:00 WIB');
    expect(within(confirm!).getByTestId('audit-open-target').getAttribute('href')).toBe(
      '/admin/transaction?id=t1',
    );

    fireEvent.click(within(settings!).getByRole('button', { name: /settings\.magic/ }));
    const nested = within(settings!).getAllByTestId('audit-diff-row');
    expect(nested.map((r) => r.getAttribute('data-key'))).toEqual(['links', 'betaPaths']);
    expect(within(nested[0]!).getByTestId('audit-after').textContent).toBe(
      JSON.stringify({ tutorial: 'https://b.test' }, null, 2),
    );
    expect(within(nested[1]!).getByTestId('audit-after').textContent).toBe('[\n  "/user/report"\n]');
  });

  it('filters by operator and target type through the query, kept in the address', async () => {
    const api = auditApi();
    open();
    await screen.findAllByTestId('audit-entry');
    fireEvent.click(screen.getByTestId('audit-operator-filter'));
    expect(await screen.findByRole('option', { name: 'Joko Lama (nonaktif)', hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Rina Operator', hidden: true }));
    await waitFor(() =>
      expect(api.queryOf('/admin/audit')).toEqual({ page: '1', limit: '30', adminId: 'ad2' }),
    );
    expect(location()).toBe('/admin/audit?adminId=ad2');

    fireEvent.click(screen.getByTestId('audit-type-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pengguna', hidden: true }));
    await waitFor(() =>
      expect(api.queryOf('/admin/audit')).toEqual({
        page: '1',
        limit: '30',
        adminId: 'ad2',
        targetType: 'user',
      }),
    );
    expect(location()).toBe('/admin/audit?adminId=ad2&targetType=user');
  });

  it('narrows to one target from a link or an entry, and drops it with the pill', async () => {
    const api = auditApi();
    open('?targetType=user&targetId=u1');
    await screen.findAllByTestId('audit-entry');
    expect(api.queryOf('/admin/audit')).toEqual({
      page: '1',
      limit: '30',
      targetType: 'user',
      targetId: 'u1',
    });
    const pill = screen.getByTestId('audit-target-filter');
    expect(pill.textContent).toContain('Data u1');
    fireEvent.click(within(pill).getByRole('button', { name: 'Hapus filter data u1' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?targetType=user'));
    expect(api.queryOf('/admin/audit')).toEqual({ page: '1', limit: '30', targetType: 'user' });

    const entry = (await screen.findAllByTestId('audit-entry'))[2]!;
    fireEvent.click(within(entry).getByRole('button', { name: /Nonaktifkan pengguna/ }));
    expect(within(entry).getByTestId('audit-open-target').getAttribute('href')).toBe('/admin/user?id=u1');
    fireEvent.click(within(entry).getByTestId('audit-filter-target'));
    await waitFor(() => expect(location()).toBe('/admin/audit?targetType=user&targetId=u1'));
  });

  it('pages on with Lebih Banyak', async () => {
    const api = auditApi([[CONFIRM, SETTINGS], [DISABLE]]);
    open();
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(api.queryOf('/admin/audit')).toEqual({ page: '2', limit: '30' });
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it('says when there is nothing yet, and when a filter matches nothing', async () => {
    auditApi([[]]);
    const first = open();
    expect((await screen.findByTestId('audit-empty')).textContent).toContain('Belum ada catatan audit');
    first.unmount();

    open('?adminId=ad3');
    fireEvent.click(await screen.findByTestId('audit-clear-filters'));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
  });

  it('shows a failed log with a retry', async () => {
    let answer = refused(500, 'Terjadi kesalahan');
    stubApi({ 'GET /api/admin/operator': ok({ docs: OPERATORS }), 'GET /api/admin/audit': () => answer() });
    open();
    const failed = await screen.findByTestId('audit-failed');
    expect(failed.textContent).toContain('Log audit gagal dimuat.');
    answer = ok(page([CONFIRM]));
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(1);
  });
});
