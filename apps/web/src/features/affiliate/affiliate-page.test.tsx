import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateSummary } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AffiliatePage } from './affiliate-page';

const summary = (over: Partial<AffiliateSummary> = {}): AffiliateSummary => ({
  referralCode: 'AB12CD',
  referralPath: '/register?r=AB12CD',
  registered: 3,
  paying: 1,
  earned: 149_800,
  pendingWithdrawal: 0,
  withdrawn: 0,
  balance: 149_800,
  commissionPercent: 20,
  minimumWithdrawal: 100_000,
  ...over,
});

function renderPage(routes: Parameters<typeof fakeFetch>[0]) {
  sessionStore.set(sessionFromUser('tok', owner));
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(<AffiliatePage />);
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('AffiliatePage', () => {
  it('shows the link to copy, what it brought in rupiah, and no withdrawal yet', async () => {
    renderPage({
      'GET /api/affiliate': () => [200, summary({ balance: 49_800, earned: 49_800 })],
      'GET /api/affiliate/withdrawal': () => [200, { docs: [] }],
    });
    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?r=AB12CD`);
    expect(screen.getByTestId('figure-registered').textContent).toBe('3');
    expect(screen.getByTestId('figure-earned').textContent).toBe('Rp 49.800');
    expect(await screen.findByTestId('withdrawals-empty')).toBeTruthy();
    // below the minimum: no withdrawal
    expect((screen.getByTestId('withdrawal-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for a withdrawal: required fields first, then the request; the server may refuse a field', async () => {
    let answer: [number, unknown] = [
      400,
      {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Data yang dikirim tidak valid',
        fields: { amount: 'Jumlah melebihi saldo komisi Anda (Rp 149.800)' },
      },
    ];
    const fake = renderPage({
      'GET /api/affiliate': () => [200, summary()],
      'GET /api/affiliate/withdrawal': () => [200, { docs: [] }],
      'POST /api/affiliate/withdrawal': () => answer,
    });
    fireEvent.click(await screen.findByTestId('withdrawal-open'));
    const modal = await screen.findByTestId('withdrawal-modal');
    fireEvent.click(within(modal).getByTestId('withdrawal-submit'));
    expect(await within(modal).findAllByText('Value is required')).toHaveLength(2);
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('withdrawal-bank'), { target: { value: 'BCA' } });
    fireEvent.change(within(modal).getByTestId('withdrawal-account'), { target: { value: '1234567890' } });
    fireEvent.change(within(modal).getByTestId('withdrawal-holder'), { target: { value: 'Budi Santoso' } });
    fireEvent.click(within(modal).getByTestId('withdrawal-submit'));
    expect(await within(modal).findByText('Jumlah melebihi saldo komisi Anda (Rp 149.800)')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 149_800,
      bankName: 'BCA',
      accountNumber: '1234567890',
      accountHolder: 'Budi Santoso',
    });

    answer = [
      201,
      {
        _id: 'w1',
        amount: 149_800,
        bankName: 'BCA',
        accountNumber: '1234567890',
        accountHolder: 'Budi Santoso',
        status: 'requested',
        reason: null,
        transferReference: null,
        createdAt: '2026-03-02T08:00:00.000Z',
      },
    ];
    fireEvent.click(within(modal).getByTestId('withdrawal-submit'));
    await waitFor(() => expect(screen.queryByTestId('withdrawal-modal')).toBeNull());
  });
});
