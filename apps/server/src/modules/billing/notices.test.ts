import {
  BILLING_MESSAGES,
  DEFAULT_BILLING_SETTINGS,
  formatRupiah,
  interpolate,
  quoteFor,
  type DevMail,
} from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';
import { affiliateWithdrawals, transactions, users } from '../../db/schema';
import { listDevMail, type Mailer } from '../mail/mailer';
import { devMailbox, drainJobs, useTestApp, verifiedOwner } from '../../../test/helpers';
import { invoiceFileName } from './invoice';
import { invoiceFor, sendExpiryReminders, sendPaymentReceivedMail, sendWithdrawalMail } from './notices';
import { markTransactionPaid } from './transactions';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const { t } = useTestApp({
  env: {
    PUBLIC_URL: 'https://sapa.contoh.test',
    SAPA_SELLER_NAME: 'PT Sapa Uji Indonesia',
    SAPA_SELLER_ADDRESS: 'Jl. Uji 1, Jakarta',
    SAPA_SELLER_NPWP: '987654321098765',
  },
});

/**
 * The mails the dev mailbox holds for one address with a subject starting so, oldest first. Read
 * from the table: the reminders' tests move the clock past the operator's session.
 */
async function mailsTo(email: string, subject: string): Promise<DevMail[]> {
  return (await listDevMail(t.ctx.db, 500))
    .filter((m) => m.to === email && m.subject.startsWith(subject))
    .reverse();
}

/** A verified owner, with their email and id. */
async function owner() {
  const { token, ownerId } = await verifiedOwner(t.app);
  const [row] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return { token, id: ownerId, email: row!.email };
}

let invoiceCount = 100;
/** A paid purchase of Pro for 3 months, written as markTransactionPaid leaves it. */
async function paidTransaction(ownerId: string, businessName = 'Toko Sinar Jaya') {
  const price = quoteFor(DEFAULT_BILLING_SETTINGS, 'pro', 3)!;
  const now = t.clock.now();
  invoiceCount += 1;
  const [row] = await t.ctx.db
    .insert(transactions)
    .values({
      ownerId,
      idempotencyKey: `kunci-${invoiceCount}`,
      ...price,
      plan: DEFAULT_BILLING_SETTINGS.plans[1]!,
      method: 'bank_transfer',
      status: 'paid',
      paymentExpiresAt: new Date(now.getTime() + DAY),
      paidAt: now,
      extendedTo: new Date('2026-06-09T08:00:00Z'),
      invoiceNumber: `INV/2026/000${invoiceCount}`,
      reference: `SAPA-UJI${invoiceCount}`,
      invoiceDetails: { businessName, npwp: '012345678901234' },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

describe('payment received mail (issue 22 part 6)', () => {
  it('the paid-mail job mails the owner the payment with the invoice PDF attached', async () => {
    const o = await owner();
    const paid = await paidTransaction(o.id);
    await t.ctx.jobs.enqueue(t.ctx.db, 'billing.paid-mail', { transactionId: paid.id });
    await drainJobs(t);

    // as the operator reads it in the admin area
    const [mail, ...more] = (await devMailbox(t.app)).filter(
      (m) => m.to === o.email && m.subject.startsWith('Pembayaran diterima'),
    );
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Pembayaran diterima - ${paid.invoiceNumber}`);
    expect(mail!.text).toContain('Paket: Pro - 3 bulan');
    expect(mail!.text).toContain(`Total: ${formatRupiah(787_711)}`);
    expect(mail!.text).toContain('Langganan aktif hingga: 09 Juni 2026');
    const fileName = `invoice-${paid.invoiceNumber!.replaceAll('/', '-')}.pdf`;
    expect(mail!.text).toMatch(new RegExp(`\\n\\nLampiran: ${fileName} \\(application/pdf, \\d+ KB\\)$`));
  });

  it('a payment confirmed by markTransactionPaid mails its receipt once', async () => {
    const o = await owner();
    const pending = await paidTransaction(o.id);
    await t.ctx.db
      .update(transactions)
      .set({ status: 'pending', paidAt: null, invoiceNumber: null, extendedTo: null })
      .where(eq(transactions.id, pending.id));
    const paid = await markTransactionPaid(t.ctx, pending.id);
    expect(await markTransactionPaid(t.ctx, pending.id)).toBeNull();
    await drainJobs(t);
    const mails = await mailsTo(o.email, 'Pembayaran diterima');
    expect(mails.map((m) => m.subject)).toEqual([`Pembayaran diterima - ${paid!.invoiceNumber}`]);
    expect(mails[0]!.text).toContain(`Lampiran: ${invoiceFileName(paid!)}`);
  });

  it("the invoice names the configured seller and the owner's business", async () => {
    const o = await owner();
    const paid = await paidTransaction(o.id, 'CV Maju Bersama');
    const invoice = await invoiceFor(t.ctx, paid.id);
    const doc = await getDocumentProxy(new Uint8Array(invoice!.pdf));
    const { text } = await extractText(doc, { mergePages: true });
    for (const part of ['PT Sapa Uji Indonesia', 'NPWP: 98.765.432.1-098.765', 'CV Maju Bersama', o.email])
      expect(text).toContain(part);
    // another owner's transaction is not theirs to read
    const other = await owner();
    expect(await invoiceFor(t.ctx, paid.id, other.id)).toBeNull();
    expect(await invoiceFor(t.ctx, paid.id, o.id)).not.toBeNull();
  });

  it('a transaction that is not paid mails nothing', async () => {
    const o = await owner();
    const paid = await paidTransaction(o.id);
    await t.ctx.db
      .update(transactions)
      .set({ status: 'pending', paidAt: null, invoiceNumber: null, extendedTo: null })
      .where(eq(transactions.id, paid.id));
    await sendPaymentReceivedMail(t.ctx, paid.id);
    await sendPaymentReceivedMail(t.ctx, 'tidak-ada');
    expect(await mailsTo(o.email, 'Pembayaran diterima')).toHaveLength(0);
  });
});

describe('withdrawal mail (issue 22 part 7)', () => {
  async function withdrawal(ownerId: string, values: Partial<typeof affiliateWithdrawals.$inferInsert>) {
    const [row] = await t.ctx.db
      .insert(affiliateWithdrawals)
      .values({
        ownerId,
        amount: 150_000,
        bankName: 'BCA',
        accountNumber: '1234567890',
        accountHolder: 'Budi Santoso',
        ...values,
      })
      .returning();
    return row!;
  }

  it('mails the owner an approved, a paid and a rejected withdrawal; not a requested one', async () => {
    const o = await owner();
    const requested = await withdrawal(o.id, {});
    const approved = await withdrawal(o.id, { status: 'approved' });
    const paid = await withdrawal(o.id, { status: 'paid', transferReference: 'TRF-20260302-01' });
    const rejected = await withdrawal(o.id, {
      status: 'rejected',
      reason: 'Nama pemilik rekening tidak cocok',
    });
    for (const w of [requested, approved, paid, rejected])
      await t.ctx.jobs.enqueue(t.ctx.db, 'billing.withdrawal-mail', { withdrawalId: w.id });
    await drainJobs(t);

    const mails = await mailsTo(o.email, 'Penarikan komisi');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Penarikan komisi Rp 150.000: Disetujui',
        'Penarikan komisi Rp 150.000: Dibayar',
        'Penarikan komisi Rp 150.000: Ditolak',
      ].sort(),
    );
    const text = (label: string) => mails.find((m) => m.subject.endsWith(label))!.text;
    expect(text('Disetujui')).toContain('BCA 1234567890 a.n. Budi Santoso');
    expect(text('Dibayar')).toContain('Referensi transfer: TRF-20260302-01');
    expect(text('Ditolak')).toContain('Alasan: Nama pemilik rekening tidak cocok');
  });

  it('a job for a state the withdrawal has moved on from mails nothing', async () => {
    const o = await owner();
    const w = await withdrawal(o.id, { status: 'paid', transferReference: 'TRF-2' });
    await t.ctx.jobs.enqueue(t.ctx.db, 'billing.withdrawal-mail', { withdrawalId: w.id, status: 'approved' });
    await drainJobs(t);
    expect(await mailsTo(o.email, 'Penarikan komisi')).toHaveLength(0);
    await sendWithdrawalMail(t.ctx, w.id, 'paid');
    expect(await mailsTo(o.email, 'Penarikan komisi')).toHaveLength(1);
  });
});

describe('subscription reminders (issue 22 part 8)', () => {
  const subject7 = interpolate(BILLING_MESSAGES.reminderSubject, { days: 7 });
  const subject1 = interpolate(BILLING_MESSAGES.reminderSubject, { days: 1 });
  const reminderPrefix = BILLING_MESSAGES.reminderSubject.split('{')[0]!;
  const reminders = (email: string) => mailsTo(email, reminderPrefix);

  let n = 0;
  /**
   * An owner whose subscription ends `ms` from now (null: never had one), written directly: these
   * tests move the clock past the sessions that registering through the API needs.
   */
  async function endingIn(ms: number | null) {
    n += 1;
    const [row] = await t.ctx.db
      .insert(users)
      .values({
        name: `Pengingat ${n}`,
        email: `pengingat${n}@contoh.test`,
        phone: `6281399900${String(n).padStart(3, '0')}`,
        passwordHash: 'tidak-dipakai',
        isVerified: true,
        referralCode: `PGT${String(n).padStart(4, '0')}`,
        subscriptionExpiresAt: ms === null ? null : new Date(t.clock.now().getTime() + ms),
      })
      .returning({ id: users.id, email: users.email });
    return row!;
  }
  const moveEnd = (id: string, end: Date) =>
    t.ctx.db.update(users).set({ subscriptionExpiresAt: end }).where(eq(users.id, id));

  // every test starts from owners none of whom is due
  beforeEach(async () => {
    await t.ctx.db.update(users).set({ subscriptionExpiresAt: null });
  });

  it('mails 7 days before once, then 1 day before once, and nothing after the end', async () => {
    const soon = await endingIn(6 * DAY);
    await endingIn(20 * DAY);
    await endingIn(null);
    await endingIn(-DAY);
    const end = new Date(t.clock.now().getTime() + 6 * DAY);

    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    const [seven] = await reminders(soon.email);
    expect(seven!.subject).toBe(subject7);
    expect(seven!.text).toContain('berakhir pada 08 Maret 2026');
    expect(seven!.text).toContain('https://sapa.contoh.test/user/transaction');
    expect(await sendExpiryReminders(t.ctx)).toBe(0);

    t.clock.advance(5 * DAY + 12 * HOUR);
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    expect((await reminders(soon.email)).map((m) => m.subject)).toEqual([subject7, subject1]);

    t.clock.advance(13 * HOUR);
    expect(t.clock.now().getTime()).toBeGreaterThan(end.getTime());
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    expect(await reminders(soon.email)).toHaveLength(2);
  });

  it('sends only the closest due step: 3 days away the 7-day mail, 12 hours away only the 1-day one', async () => {
    const three = await endingIn(3 * DAY);
    const twelve = await endingIn(12 * HOUR);
    expect(await sendExpiryReminders(t.ctx)).toBe(2);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    expect((await reminders(three.email)).map((m) => m.subject)).toEqual([subject7]);
    expect((await reminders(twelve.email)).map((m) => m.subject)).toEqual([subject1]);
  });

  it('re-arms when the end moves (a payment)', async () => {
    const o = await endingIn(2 * DAY);
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    // paid for a month: the new end is far, nothing is due
    const newEnd = new Date(t.clock.now().getTime() + 32 * DAY);
    await moveEnd(o.id, newEnd);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    t.clock.advance(26 * DAY);
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    t.clock.advance(5 * DAY + 12 * HOUR);
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    expect(await sendExpiryReminders(t.ctx)).toBe(0);
    expect((await reminders(o.email)).map((m) => m.subject)).toEqual([subject7, subject7, subject1]);
  });

  it('two sweeps at once mail each owner once', async () => {
    const owners = await Promise.all([endingIn(2 * DAY), endingIn(5 * HOUR), endingIn(7 * DAY)]);
    const counts = await Promise.all([sendExpiryReminders(t.ctx), sendExpiryReminders(t.ctx)]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const o of owners) expect(await reminders(o.email)).toHaveLength(1);
  });

  it('a reminder the mail server refused goes out with the next sweep', async () => {
    const o = await endingIn(4 * DAY);
    const real = t.ctx.mailer;
    const refusing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('550')), close: () => {} };
    t.ctx.mailer = refusing;
    try {
      expect(await sendExpiryReminders(t.ctx)).toBe(0);
    } finally {
      t.ctx.mailer = real;
    }
    expect(await sendExpiryReminders(t.ctx)).toBe(1);
    expect((await reminders(o.email)).map((m) => m.subject)).toEqual([subject7]);
  });
});
