import type PDFKitDocument from 'pdfkit';
import {
  BILLING_MESSAGES as M,
  formatDateJakarta,
  formatRupiah,
  type PaymentMethod,
  type Transaction,
} from '@sapa/contracts';
import { AppError } from '../../lib/errors';

/** What an invoice names besides the transaction: who bought and who sold. */
export interface InvoiceInput {
  transaction: Transaction;
  owner: { name: string; email: string; phone: string };
  seller: { name: string; address: string; npwp: string };
  /** PPN's rate, for the tax row's label (the transaction keeps the amounts, not the rate); 12 */
  ppnRatePercent?: number;
  /** the share of the price that is PPN's tax base (DPP), for its row's label; 11/12 */
  taxBaseFraction?: { numerator: number; denominator: number };
}

const METHOD_LABELS: Record<PaymentMethod, string> = {
  midtrans: 'Midtrans',
  bank_transfer: 'Transfer bank',
};

/** An NPWP as it is printed: 15 digits as 99.999.999.9-999.999, 16 digits (NIK-based) as they are. */
export function formatNpwp(npwp: string): string {
  const d = npwp.replace(/\D/g, '');
  if (d.length !== 15) return npwp.trim();
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}.${d.slice(8, 9)}-${d.slice(9, 12)}.${d.slice(12)}`;
}

/** The invoice's file name: 'INV/2026/000001' -> 'invoice-INV-2026-000001.pdf'. */
export function invoiceFileName(t: Transaction): string {
  const number = (t.invoiceNumber ?? t.reference).replace(/[^A-Za-z0-9-]+/g, '-');
  return `invoice-${number}.pdf`;
}

// A4 in points, and the layout's columns
const PAGE = { width: 595.28, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT_X = 320;
const RIGHT_WIDTH = PAGE.width - PAGE.margin - RIGHT_X;
const AMOUNT_WIDTH = 160;
const AMOUNT_X = PAGE.width - PAGE.margin - AMOUNT_WIDTH;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const PAID = '#1a7f37';

/**
 * The invoice (Faktur) of a paid transaction as an A4 PDF, in Indonesian (issue 22 part 6): the
 * seller, who is billed (the business on the purchase, else the owner), the payment, the price with
 * its discount and PPN, the subscription's new end, and a LUNAS mark. Helvetica, built into every PDF
 * reader, so no font file ships: it covers Latin text (WinAnsi), which names and addresses here are.
 * Refused (CONFLICT) for a transaction that is not paid: it has no invoice number yet.
 */
export async function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const { transaction: t, owner, seller } = input;
  if (t.status !== 'paid' || !t.invoiceNumber || !t.paidAt) throw new AppError('CONFLICT', M.invoiceNotReady);
  const rate = input.ppnRatePercent ?? 12;
  const fraction = input.taxBaseFraction ?? { numerator: 11, denominator: 12 };

  // pdfkit (and its fonts) load with the first invoice, not with every server start
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKitDocument };
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `Invoice ${t.invoiceNumber}`,
      Author: seller.name,
      Subject: `Langganan ${t.plan.name} - ${t.months} bulan`,
      // the payment's time rather than the rendering's: the same invoice renders to the same file
      CreationDate: new Date(t.paidAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  let y = PAGE.margin;

  // heading on the left, the seller on the right
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(26).text('INVOICE', left, y);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(11)
    .text('Faktur', left, y + 30);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(seller.name, RIGHT_X, y, {
    width: RIGHT_WIDTH,
    align: 'right',
  });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (seller.address) doc.text(seller.address, { width: RIGHT_WIDTH, align: 'right' });
  if (seller.npwp) doc.text(`NPWP: ${formatNpwp(seller.npwp)}`, { width: RIGHT_WIDTH, align: 'right' });
  y = Math.max(doc.y, y + 50) + 20;
  rule(doc, y);
  y += 16;

  // who is billed on the left, the payment on the right
  const top = y;
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('Ditagihkan kepada', left, y);
  const billedTo = t.invoiceDetails.businessName.trim() || owner.name;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(billedTo, left, y + 14, { width: 250 });
  doc.font('Helvetica').fontSize(10);
  if (t.invoiceDetails.npwp) doc.text(`NPWP: ${formatNpwp(t.invoiceDetails.npwp)}`, { width: 250 });
  doc.text(owner.email, { width: 250 });
  doc.text(owner.phone, { width: 250 });
  const leftBottom = doc.y;

  const facts: [string, string][] = [
    ['Nomor invoice', t.invoiceNumber],
    ['Tanggal bayar', formatDateJakarta(t.paidAt)],
    ['Metode pembayaran', METHOD_LABELS[t.method]],
    ['Referensi', t.reference],
  ];
  let factY = top;
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, RIGHT_X, factY, { width: 110 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(value, RIGHT_X + 110, factY, { width: RIGHT_WIDTH - 110, align: 'right' });
    factY = Math.max(doc.y, factY + 14) + 4;
  }
  y = Math.max(leftBottom, factY) + 24;

  // the price
  doc.rect(left, y, CONTENT_WIDTH, 22).fill('#f0f4f8');
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10);
  doc.text('Deskripsi', left + 8, y + 7);
  doc.text('Jumlah', AMOUNT_X, y + 7, { width: AMOUNT_WIDTH - 8, align: 'right' });
  y += 30;
  const rows: [string, string][] = [[`Langganan ${t.plan.name} - ${t.months} bulan`, formatRupiah(t.gross)]];
  if (t.discount > 0) rows.push(['Diskon', formatRupiah(-t.discount)]);
  rows.push(
    ['Subtotal', formatRupiah(t.subtotal)],
    [`DPP (${fraction.numerator}/${fraction.denominator})`, formatRupiah(t.taxBase)],
    [`PPN ${rate}%`, formatRupiah(t.tax)],
  );
  doc.font('Helvetica').fontSize(10);
  for (const [label, amount] of rows) {
    doc.fillColor(INK).text(label, left + 8, y, { width: AMOUNT_X - left - 16 });
    doc.text(amount, AMOUNT_X, y, { width: AMOUNT_WIDTH - 8, align: 'right' });
    y += 20;
  }
  rule(doc, y - 4);
  y += 6;
  doc.font('Helvetica-Bold').fontSize(12);
  doc.text('Total', left + 8, y);
  doc.text(formatRupiah(t.total), AMOUNT_X, y, { width: AMOUNT_WIDTH - 8, align: 'right' });
  y += 34;

  // paid, and until when the subscription runs
  doc.save();
  doc.lineWidth(2).strokeColor(PAID).roundedRect(left, y, 110, 34, 4).stroke();
  doc
    .fillColor(PAID)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text('LUNAS', left, y + 9, {
      width: 110,
      align: 'center',
    });
  doc.restore();
  if (t.extendedTo) {
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(`Langganan aktif hingga ${formatDateJakarta(t.extendedTo)}`, left + 130, y + 12, {
        width: CONTENT_WIDTH - 130,
      });
  }
  y += 70;

  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(
      'Invoice ini dibuat secara elektronik dan sah tanpa tanda tangan. Semua jumlah dalam rupiah.',
      left,
      y,
      { width: CONTENT_WIDTH },
    );
  doc.end();
  return finished;
}

function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}
