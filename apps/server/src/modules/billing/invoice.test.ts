import {
  BILLING_MESSAGES,
  DEFAULT_BILLING_SETTINGS,
  formatRupiah,
  quoteFor,
  type Transaction,
} from '@sapa/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatNpwp, invoiceFileName, invoicePdf } from './invoice';

/** A paid purchase of Pro for 3 months (5% off), as toTransaction shapes it. */
function paidTransaction(overrides: Partial<Transaction> = {}): Transaction {
  const price = quoteFor(DEFAULT_BILLING_SETTINGS, 'pro', 3)!;
  return {
    _id: 'trx-1',
    ...price,
    plan: DEFAULT_BILLING_SETTINGS.plans[1]!,
    method: 'bank_transfer',
    status: 'paid',
    statusReason: null,
    paymentExpiresAt: '2026-03-03T08:00:00.000Z',
    // 18:30 UTC is already 03 Maret in Jakarta
    paidAt: '2026-03-02T18:30:00.000Z',
    extendedTo: '2026-06-09T08:00:00.000Z',
    invoiceNumber: 'INV/2026/000001',
    reference: 'SAPA-7K3M9Q',
    invoiceDetails: { businessName: 'Toko Sinar Jaya', npwp: '012345678901234' },
    proof: null,
    snap: null,
    createdAt: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}

const owner = { name: 'Budi Santoso', email: 'budi@contoh.test', phone: '6281234567890' };
const seller = { name: 'PT Sapa Digital', address: 'Jl. Sudirman 1, Jakarta', npwp: '' };

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

describe('invoice PDF (issue 22 part 6)', () => {
  it('renders a paid transaction as an A4 PDF with every figure of its price', async () => {
    const t = paidTransaction();
    const pdf = await invoicePdf({ transaction: t, owner, seller });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const part of [
      'INVOICE',
      'Faktur',
      'PT Sapa Digital',
      'Ditagihkan kepada',
      'Toko Sinar Jaya',
      '01.234.567.8-901.234',
      'budi@contoh.test',
      '6281234567890',
      'INV/2026/000001',
      '03 Maret 2026',
      'Transfer bank',
      'SAPA-7K3M9Q',
      'Langganan Pro - 3 bulan',
      'Diskon',
      'DPP (11/12)',
      'PPN 12%',
      'Langganan aktif hingga 09 Juni 2026',
      'LUNAS',
    ]) {
      expect(text).toContain(part);
    }
    // 747.000 - 37.350 = 709.650; DPP 650.512; PPN 78.061; total 787.711
    expect(t).toMatchObject({ gross: 747_000, discount: 37_350, subtotal: 709_650, total: 787_711 });
    for (const amount of [t.gross, t.discount, t.subtotal, t.taxBase, t.tax, t.total]) {
      expect(text).toContain(formatRupiah(amount));
    }
    // no seller NPWP configured: no empty NPWP line for the seller
    expect(text.match(/NPWP/g)).toHaveLength(1);
  });

  it('bills the owner by name without a business, names Midtrans, and prints a 16-digit NPWP as it is', async () => {
    const t = paidTransaction({
      method: 'midtrans',
      discount: 0,
      invoiceDetails: { businessName: '', npwp: '' },
    });
    const text = await textOf(
      await invoicePdf({
        transaction: t,
        owner,
        seller: { ...seller, npwp: '1234567890123456' },
        ppnRatePercent: 11,
      }),
    );
    expect(text).toContain('Budi Santoso');
    expect(text).toContain('Midtrans');
    expect(text).toContain('NPWP: 1234567890123456');
    expect(text).toContain('PPN 11%');
    expect(text).not.toContain('Diskon');
  });

  it('refuses a transaction that is not paid: it has no invoice yet', async () => {
    const pending = paidTransaction({
      status: 'pending',
      paidAt: null,
      invoiceNumber: null,
      extendedTo: null,
    });
    await expect(invoicePdf({ transaction: pending, owner, seller })).rejects.toMatchObject({
      statusCode: 409,
      message: BILLING_MESSAGES.invoiceNotReady,
    });
  });

  it('names the file after the invoice number, and formats NPWPs', () => {
    expect(invoiceFileName(paidTransaction())).toBe('invoice-INV-2026-000001.pdf');
    expect(formatNpwp('012345678901234')).toBe('01.234.567.8-901.234');
    expect(formatNpwp('1234567890123456')).toBe('1234567890123456');
  });
});
