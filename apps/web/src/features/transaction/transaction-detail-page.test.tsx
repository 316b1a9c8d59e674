import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES, formatRupiah, type Transaction } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { PROFILE_KEY } from '../../lib/query-keys';
import { owner } from '../../test/fixtures';
import { TransactionDetailPage } from './transaction-detail-page';
import {
  OFFER,
  ok,
  PAID_TRANSFER,
  PENDING_MIDTRANS,
  PENDING_TRANSFER,
  pushFrame,
  renderAt,
  signIn,
  stubApi,
} from './transaction-test-api';

beforeEach(() => {
  signIn();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/x'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  delete window.snap;
});

/** Reads the session profile the way the shell does, to see it read again. */
function ProfileProbe() {
  useQuery({ queryKey: PROFILE_KEY, queryFn: () => api.get('/user') });
  return null;
}

const open = (id: string, state?: unknown) =>
  renderAt(
    <>
      <TransactionDetailPage />
      <ProfileProbe />
    </>,
    `/user/transaction/${id}`,
    '/user/transaction/:id',
    state,
  );

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}
function fileOf(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('Detail Transaksi: a bank transfer', () => {
  it('shows where to transfer, the exact amount and the reference, and the money figure by figure', async () => {
    stubApi({ 'GET /api/transaction/t1': ok(PENDING_TRANSFER), 'GET /api/billing/offer': ok(OFFER) });
    open('t1');
    expect(screen.getByTestId('transaction-loading')).toBeTruthy();
    expect((await screen.findByTestId('transaction-status')).textContent).toBe('Menunggu Pembayaran');
    const account = await screen.findByTestId('bank-account');
    expect(account.textContent).toContain('BCA');
    expect(account.textContent).toContain('1234567890');
    expect(account.textContent).toContain('a.n. PT Sapa Digital');
    expect(within(account).getByRole('button', { name: 'Salin nomor rekening BCA' })).toBeTruthy();
    expect(screen.getByTestId('bank-amount').textContent).toBe(formatRupiah(PENDING_TRANSFER.total));
    expect(screen.getByTestId('bank-reference').textContent).toBe('SAPA-7K3M9Q');
    expect(screen.getByText('Tulis kode ini di berita transfer')).toBeTruthy();
    expect(screen.getByTestId('quote-tax').textContent).toBe(formatRupiah(PENDING_TRANSFER.tax));
    expect(screen.getByTestId('quote-total').textContent).toBe(formatRupiah(PENDING_TRANSFER.total));
    expect(screen.getByTestId('detail-plan').textContent).toBe('Pro');
    expect(screen.getByTestId('detail-months').textContent).toBe('3 bulan');
    expect(screen.getByTestId('detail-deadline')).toBeTruthy();
    expect(screen.queryByTestId('invoice-download')).toBeNull();
  });

  it('refuses a proof over 5 MB or of another type before sending, then uploads a PNG as form data', async () => {
    const withProof: Transaction = {
      ...PENDING_TRANSFER,
      proof: {
        name: 'bukti.png',
        mimetype: 'image/png',
        size: 245_760,
        uploadedAt: '2026-03-02T09:00:00.000Z',
      },
    };
    const calls = stubApi({
      'GET /api/transaction/t1': ok(PENDING_TRANSFER),
      'GET /api/billing/offer': ok(OFFER),
      'POST /api/transaction/t1/proof': ok(withProof),
      'GET /api/transaction/t1/proof': ok({}),
    });
    open('t1');
    await screen.findByTestId('proof-upload');
    const submit = screen.getByTestId('proof-submit') as HTMLButtonElement;

    choose(fileOf('bukti.png', 'image/png', 6 * 1024 * 1024));
    expect(await screen.findByText(BILLING_MESSAGES.proofTooLarge)).toBeTruthy();
    expect(submit.disabled).toBe(true);

    choose(fileOf('catatan.txt', 'text/plain', 200));
    expect(await screen.findByText(BILLING_MESSAGES.proofType)).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(calls.to('POST', '/transaction/t1/proof')).toHaveLength(0);

    choose(fileOf('bukti.png', 'image/png', 245_760));
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.queryByText(BILLING_MESSAGES.proofType)).toBeNull();
    fireEvent.click(submit);

    const current = await screen.findByTestId('proof-current');
    const [upload] = calls.to('POST', '/transaction/t1/proof');
    expect(upload!.body).toBeInstanceOf(FormData);
    const sent = (upload!.body as FormData).get('file') as File;
    expect(sent).toBeInstanceOf(File);
    expect([sent.name, sent.type]).toEqual(['bukti.png', 'image/png']);
    expect(within(current).getByTestId('proof-name').textContent).toBe('bukti.png');
    expect(within(current).getByTestId('proof-meta').textContent).toContain('240 KB');

    fireEvent.click(within(current).getByTestId('proof-view'));
    expect(await screen.findByTestId('proof-preview')).toBeTruthy();
    expect(calls.to('GET', '/transaction/t1/proof')).toHaveLength(1);
  });

  it('turns Lunas by itself when the realtime frame says paid, without reading the purchase again', async () => {
    const calls = stubApi({
      'GET /api/transaction/t1': ok(PENDING_TRANSFER),
      'GET /api/billing/offer': ok(OFFER),
      'GET /api/user': ok(owner),
    });
    open('t1');
    expect((await screen.findByTestId('transaction-status')).textContent).toBe('Menunggu Pembayaran');
    await waitFor(() => expect(calls.to('GET', '/user')).toHaveLength(1));

    pushFrame({ type: 'transaction.updated', transaction: PAID_TRANSFER });
    await waitFor(() => expect(screen.getByTestId('transaction-status').textContent).toBe('Lunas'));
    expect(screen.getByTestId('transaction-paid').textContent).toContain(
      'Langganan aktif hingga 02 Juni 2026',
    );
    expect(screen.queryByTestId('bank-panel')).toBeNull();
    expect(screen.getByTestId('invoice-download')).toBeTruthy();
    expect(calls.to('GET', '/transaction/t1')).toHaveLength(1);
    // the subscription moved: the session profile is read again
    await waitFor(() => expect(calls.to('GET', '/user')).toHaveLength(2));
  });

  it('downloads the invoice PDF with the token, named after the invoice number', async () => {
    const calls = stubApi({
      'GET /api/transaction/t1': ok(PAID_TRANSFER),
      'GET /api/billing/offer': ok(OFFER),
      'GET /api/transaction/t1/invoice': ok({}),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    open('t1');
    fireEvent.click(await screen.findByTestId('invoice-download'));
    await waitFor(() => expect(clicked).toEqual(['invoice-INV-2026-000042.pdf']));
    const [request] = calls.to('GET', '/transaction/t1/invoice');
    expect(request).toBeTruthy();
    expect(screen.getByTestId('detail-invoice').textContent).toBe('INV/2026/000042');
    expect(screen.queryByTestId('transaction-cancel')).toBeNull();
  });

  it('cancels only after the owner confirms', async () => {
    const calls = stubApi({
      'GET /api/transaction/t1': ok(PENDING_TRANSFER),
      'GET /api/billing/offer': ok(OFFER),
      'POST /api/transaction/t1/cancel': ok({
        ...PENDING_TRANSFER,
        status: 'cancelled',
        statusReason: BILLING_MESSAGES.cancelledByOwner,
      }),
    });
    open('t1');
    fireEvent.click(await screen.findByTestId('transaction-cancel'));
    const dialog = await screen.findByTestId('cancel-confirm');
    expect(dialog.textContent).toContain(formatRupiah(PENDING_TRANSFER.total));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByTestId('cancel-confirm')).toBeNull());
    expect(calls.to('POST', '/transaction/t1/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('transaction-cancel'));
    fireEvent.click(within(await screen.findByTestId('cancel-confirm')).getByTestId('cancel-submit'));
    await waitFor(() => expect(screen.getByTestId('transaction-status').textContent).toBe('Dibatalkan'));
    expect(calls.to('POST', '/transaction/t1/cancel')).toHaveLength(1);
    expect((await screen.findByTestId('toast')).textContent).toContain('Transaksi dibatalkan');
    expect(screen.getByTestId('transaction-reason').textContent).toBe(BILLING_MESSAGES.cancelledByOwner);
    expect(screen.queryByTestId('proof-upload')).toBeNull();
  });

  it('says kindly when the purchase does not exist', async () => {
    stubApi({
      'GET /api/transaction/nope': () => [
        404,
        { statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.notFound },
      ],
      'GET /api/billing/offer': ok(OFFER),
    });
    open('nope');
    const missing = await screen.findByTestId('transaction-missing');
    expect(missing.textContent).toContain('Transaksi tidak ditemukan');
    expect(within(missing).getByRole('link', { name: 'Riwayat transaksi' }).getAttribute('href')).toBe(
      '/user/transaction/history',
    );
  });
});

describe('Detail Transaksi: Midtrans', () => {
  it('opens Snap on arrival, waits for the realtime frame after a payment, and reopens with Bayar sekarang', async () => {
    const pay = vi.fn();
    window.snap = { pay };
    stubApi({ 'GET /api/transaction/t2': ok(PENDING_MIDTRANS), 'GET /api/billing/offer': ok(OFFER) });
    open('t2', { pay: true });
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0]![0]).toBe('snap-token-1');
    // the arrival is forgotten, so a reload does not open Snap again
    await waitFor(() => expect(screen.getByTestId('location').dataset.state).toBe('null'));

    const callbacks = pay.mock.calls[0]![1] as { onSuccess: (r: unknown) => void };
    callbacks.onSuccess({ transaction_status: 'settlement' });
    expect((await screen.findByTestId('snap-waiting')).textContent).toContain('Menunggu konfirmasi');

    fireEvent.click(screen.getByTestId('snap-pay'));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2));

    pushFrame({
      type: 'transaction.updated',
      transaction: { ...PENDING_MIDTRANS, status: 'paid', snap: null, paidAt: '2026-03-02T08:05:00.000Z' },
    });
    await waitFor(() => expect(screen.getByTestId('transaction-status').textContent).toBe('Lunas'));
    expect(screen.queryByTestId('midtrans-panel')).toBeNull();
  });

  it('loads snap.js with the client key only when asked, and links the payment page when it fails', async () => {
    stubApi({ 'GET /api/transaction/t2': ok(PENDING_MIDTRANS), 'GET /api/billing/offer': ok(OFFER) });
    open('t2');
    await screen.findByTestId('midtrans-panel');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${OFFER.midtrans!.snapJsUrl}"]`);
      expect(found).toBeTruthy();
      return found!;
    });
    expect(script.getAttribute('data-client-key')).toBe(OFFER.midtrans!.clientKey);
    fireEvent.error(script);
    const fallback = await screen.findByTestId('snap-fallback');
    expect(within(fallback).getByRole('link').getAttribute('href')).toBe(PENDING_MIDTRANS.snap!.redirectUrl);
    expect(screen.getByTestId('snap-pay')).toBeTruthy();
  });
});
