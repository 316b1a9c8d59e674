import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatRupiah, quoteFor, type BillingOffer } from '@sapa/contracts';
import { owner } from '../../test/fixtures';
import { TransactionPage } from './transaction-page';
import {
  OFFER,
  ok,
  PENDING_MIDTRANS,
  PENDING_TRANSFER,
  renderAt,
  signIn,
  stubApi,
} from './transaction-test-api';

beforeEach(() => {
  window.snap = { pay: () => {} };
  signIn();
});

const open = () => renderAt(<TransactionPage />, '/user/transaction', '/user/transaction');
const where = () => screen.getByTestId('location');
const posted = (api: ReturnType<typeof stubApi>) =>
  api.to('POST', '/transaction').map((c) => JSON.parse(c.body as string) as Record<string, unknown>);

describe('Transaksi: buying a plan', () => {
  it('shows the plans, what they include and the quote figure by figure, as quoteFor works it out', async () => {
    stubApi({ 'GET /api/billing/offer': ok(OFFER) });
    open();
    expect(screen.getByTestId('offer-loading')).toBeTruthy();
    const pro = await screen.findByTestId('plan-pro');
    expect(pro.textContent).toContain('Rp 249.000 / bulan');
    expect(pro.textContent).toContain('3 nomor terhubung');
    expect(pro.textContent).toContain('10 agen');
    expect(pro.textContent).toContain('30 broadcast / bulan');
    expect(screen.getByTestId('duration-3').textContent).toContain('Hemat 5%');
    expect(screen.getByTestId('duration-1').textContent).not.toContain('Hemat');
    expect(screen.getByTestId('subscription-state').dataset.state).toBe('none');

    fireEvent.click(pro);
    fireEvent.click(screen.getByTestId('duration-3'));
    expect(pro.getAttribute('aria-checked')).toBe('true');
    const q = quoteFor(OFFER, 'pro', 3)!;
    expect(q.discount).toBeGreaterThan(0);
    expect(screen.getByTestId('quote-gross').textContent).toBe(formatRupiah(q.gross));
    expect(screen.getByTestId('quote-discount').textContent).toBe(formatRupiah(-q.discount));
    expect(screen.getByTestId('quote-subtotal').textContent).toBe(formatRupiah(q.subtotal));
    expect(screen.getByTestId('quote-tax-base').textContent).toBe(formatRupiah(q.taxBase));
    expect(screen.getByTestId('quote-tax').textContent).toBe(formatRupiah(q.tax));
    expect(screen.getByTestId('quote-total').textContent).toBe(formatRupiah(q.total));
    // 249.000 x 3 = 747.000, 5% off = 709.650; DPP 11/12 = 650.512; PPN 12% = 78.061
    expect(screen.getByTestId('quote-total').textContent).toBe('Rp 787.711');
    expect(screen.getByTestId('purchase-summary').textContent).toContain('PPN 12% dari DPP');
  });

  it('offers only the ways to pay the operator set up, and says so when there is none', async () => {
    stubApi({ 'GET /api/billing/offer': ok({ ...OFFER, midtrans: null } satisfies BillingOffer) });
    const first = open();
    expect(await screen.findByTestId('method-bank_transfer')).toBeTruthy();
    expect(screen.queryByTestId('method-midtrans')).toBeNull();
    first.unmount();

    stubApi({ 'GET /api/billing/offer': ok({ ...OFFER, bankAccounts: [] } satisfies BillingOffer) });
    const second = open();
    expect((await screen.findByTestId('method-midtrans')).textContent).toContain(
      'Midtrans (QRIS, e-wallet, virtual account, kartu)',
    );
    expect(screen.queryByTestId('method-bank_transfer')).toBeNull();
    second.unmount();

    stubApi({
      'GET /api/billing/offer': ok({ ...OFFER, bankAccounts: [], midtrans: null } satisfies BillingOffer),
    });
    open();
    expect((await screen.findByTestId('no-method')).textContent).toContain('Pembayaran belum tersedia');
    expect((screen.getByTestId('purchase-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('buys once on a double click with one key and the invoice details, then opens the purchase', async () => {
    const api = stubApi({
      'GET /api/billing/offer': ok(OFFER),
      'POST /api/transaction': () => [201, PENDING_TRANSFER],
    });
    open();
    fireEvent.click(await screen.findByTestId('plan-pro'));
    fireEvent.click(screen.getByTestId('duration-3'));
    fireEvent.click(screen.getByTestId('method-bank_transfer'));
    expect((screen.getByTestId('business-name') as HTMLInputElement).value).toBe('Toko Demo');
    fireEvent.change(screen.getByTestId('npwp'), { target: { value: '01.234.567.8-901.234' } });
    const submit = screen.getByTestId('purchase-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);

    await waitFor(() => expect(where().textContent).toBe('/user/transaction/t1'));
    const bodies = posted(api);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      planKey: 'pro',
      months: 3,
      method: 'bank_transfer',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      invoiceDetails: { businessName: 'Toko Demo', npwp: '012345678901234' },
    });
    // a bank transfer has no Snap to open
    expect(where().dataset.state).toBe('{"pay":false}');
  });

  it('sends the same key again after a failed attempt, so a purchase the server made is not made twice', async () => {
    let answer: [number, unknown] = [0, null];
    const api = stubApi({
      'GET /api/billing/offer': ok(OFFER),
      'POST /api/transaction': () => answer,
    });
    open();
    await screen.findByTestId('plan-dasar');
    answer = [500, { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' }];
    fireEvent.click(screen.getByTestId('purchase-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('Terjadi kesalahan pada server');

    answer = [200, PENDING_MIDTRANS];
    fireEvent.click(screen.getByTestId('purchase-submit'));
    await waitFor(() => expect(where().textContent).toBe('/user/transaction/t2'));
    const [first, second] = posted(api);
    expect(first!.idempotencyKey).toBe(second!.idempotencyKey);
    expect(first!.method).toBe('midtrans');
    // a Midtrans purchase opens Snap on arrival
    expect(where().dataset.state).toBe('{"pay":true}');
  });

  it('checks the NPWP first, shows the server’s field errors under the fields and other refusals above the button', async () => {
    let answer: [number, unknown] = [
      400,
      {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Data yang dikirim tidak valid',
        fields: { 'invoiceDetails.businessName': 'Nama usaha terlalu panjang' },
      },
    ];
    const api = stubApi({
      'GET /api/billing/offer': ok(OFFER),
      'POST /api/transaction': () => answer,
    });
    open();
    fireEvent.change(await screen.findByTestId('npwp'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('purchase-submit'));
    expect(await screen.findByText('NPWP harus 15 atau 16 angka')).toBeTruthy();
    expect(posted(api)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('npwp'), { target: { value: '0123456789012345' } });
    fireEvent.click(screen.getByTestId('purchase-submit'));
    expect(await screen.findByText('Nama usaha terlalu panjang')).toBeTruthy();
    expect(screen.queryByText('NPWP harus 15 atau 16 angka')).toBeNull();

    answer = [
      429,
      {
        statusCode: 429,
        code: 'RATE_LIMITED',
        message:
          'Masih ada 5 pembelian yang menunggu pembayaran. Selesaikan atau tunggu hingga kedaluwarsa terlebih dahulu',
      },
    ];
    fireEvent.click(screen.getByTestId('purchase-submit'));
    const alert = await screen.findByTestId('form-error');
    expect(within(alert).getByText(/Masih ada 5 pembelian/)).toBeTruthy();
    expect(where().textContent).toBe('/user/transaction');
  });

  it('shows where the subscription stands: active until its Jakarta day, or ended', async () => {
    stubApi({ 'GET /api/billing/offer': ok(OFFER) });
    signIn({ ...owner, subscription: { expiredAt: '2099-01-20T17:30:00.000Z' } });
    const first = open();
    const state = await screen.findByTestId('subscription-state');
    expect(state.dataset.state).toBe('active');
    // 00:30 on 21 January in Jakarta
    expect(state.textContent).toContain('Langganan aktif hingga 21 Januari 2099');
    first.unmount();

    signIn({ ...owner, trialUsed: true, subscription: { expiredAt: '2026-01-05T03:00:00.000Z' } });
    open();
    const ended = await screen.findByTestId('subscription-state');
    expect(ended.dataset.state).toBe('expired');
    expect(ended.textContent).toContain('Langganan Anda berakhir pada 05 Januari 2026');
    expect(screen.getByTestId('history-link').getAttribute('href')).toBe('/user/transaction/history');
  });
});
