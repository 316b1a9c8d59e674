import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meta, transactions, users } from '../../db/schema';
import {
  TEST_BANK_ACCOUNT,
  devMailbox,
  drainJobs,
  json,
  operatorToken,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';
import { startFakeMidtrans } from '../../../test/fake-midtrans';
import { multipart } from '../../../test/uploads';

/**
 * Issue 22 parts 3 and 4: paying for a purchase through Midtrans (against a fake Midtrans on
 * 127.0.0.1 that speaks its protocol, signatures included) and by bank transfer with a proof the
 * operator confirms or rejects.
 */
const fake = await startFakeMidtrans();
const { t, call } = useTestApp({
  listen: true,
  env: { MIDTRANS_API_URL: fake.url, MIDTRANS_SNAP_URL: fake.url },
});
const SERVER_KEY = 'SB-Mid-server-RahasiaSekali123';
const CLIENT_KEY = 'SB-Mid-client-Terbuka456';
let operator: string;

beforeAll(async () => {
  fake.notifyUrl = `${t.base.replace(/^ws:/, 'http:')}/api/midtrans/notification`;
  operator = await operatorToken(t.app);
  const saved = await call('PUT', '/api/admin/payment', operator, {
    bankAccounts: [TEST_BANK_ACCOUNT],
    midtrans: { clientKey: CLIENT_KEY, serverKey: SERVER_KEY, production: false },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => fake.close());

const expiryOf = async (ownerId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, ownerId)))[0]!.subscriptionExpiresAt;

async function buyer(trial = false) {
  const owner = await registerOwner(t.app, undefined, { trial });
  const me = json(await call('GET', '/api/user', owner.token), api.userProfile);
  return { ...owner, id: me._id };
}

const purchase = async (
  token: string,
  method: api.PaymentMethod,
  key = `k-${Math.random().toString(36).slice(2, 12)}`,
) => {
  const res = await call('POST', '/api/transaction', token, {
    planKey: 'pro',
    months: 1,
    method,
    idempotencyKey: key,
    invoiceDetails: { businessName: 'Toko Maju Jaya', npwp: '01.234.567.8-901.000' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.transaction);
};

const inAMonth = (from: Date) => {
  const next = new Date(from);
  next.setUTCMonth(from.getUTCMonth() + 1);
  return next;
};

describe('payment settings', () => {
  it("keeps Midtrans' server key write-only and tells owners only what the page needs", async () => {
    const view = json(await call('GET', '/api/admin/payment', operator), api.paymentSettingsView);
    expect(view).toEqual({
      bankAccounts: [TEST_BANK_ACCOUNT],
      midtrans: { clientKey: CLIENT_KEY, production: false, serverKeySet: true },
    });
    // an empty server key keeps the stored one
    const kept = await call('PUT', '/api/admin/payment', operator, {
      bankAccounts: [TEST_BANK_ACCOUNT],
      midtrans: { clientKey: CLIENT_KEY, serverKey: '', production: false },
    });
    expect(kept.body).not.toContain(SERVER_KEY);
    expect(json(kept, api.paymentSettingsView).midtrans?.serverKeySet).toBe(true);
    // stored sealed: the settings row never holds the key readable
    const [row] = await t.ctx.db.select().from(meta).where(eq(meta.key, 'payment_settings'));
    expect(row?.value).not.toContain(SERVER_KEY);
    expect(row?.value).toContain('serverKeySealed');

    const { token } = await buyer();
    const offer = await call('GET', '/api/billing/offer', token);
    expect(offer.body).not.toContain(SERVER_KEY);
    expect(json(offer, api.billingOffer).midtrans).toEqual({
      clientKey: CLIENT_KEY,
      snapJsUrl: `${fake.url}/snap/snap.js`,
    });
    // owners never reach the operator's settings
    expect((await call('GET', '/api/admin/payment', token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/admin/payment', token, { bankAccounts: [], midtrans: null })).statusCode,
    ).toBe(403);
  });
});

describe('Midtrans (issue 22 part 3)', () => {
  it('a Snap payment settles: paid once, the subscription moves a month, the receipt is mailed', async () => {
    const owner = await buyer();
    const made = await purchase(owner.token, 'midtrans');
    expect(made.snap?.token).toBeTruthy();
    expect(made.reference).toMatch(/^SAPA-[2-9A-Z]{8}$/);
    const order = fake.orders.get(made.reference)!;
    // the order Midtrans got: the purchase's total, its items adding up, our server key
    expect(order.grossAmount).toBe(made.total);
    expect(order.serverKey).toBe(SERVER_KEY);
    expect(made.snap?.token).toBe(order.token);

    // the customer pays in Snap: Midtrans notifies us, signed
    const paid = await fetch(`${fake.url}/snap/pay/${order.token}`, { method: 'POST' });
    expect(((await paid.json()) as { notified: number }).notified).toBe(200);
    const after = json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction);
    expect(after).toMatchObject({ status: 'paid', snap: null });
    expect(after.invoiceNumber).toMatch(/^INV\/2026\/\d{6}$/);
    expect((await expiryOf(owner.id))?.toISOString()).toBe(inAMonth(t.clock.now()).toISOString());
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, made._id));
    expect(row?.midtransStatus).toMatchObject({ transaction_status: 'settlement', order_id: made.reference });

    // the invoice downloads for its owner (a PDF), for nobody else; none before payment
    const invoice = await call('GET', `/api/transaction/${made._id}/invoice`, owner.token);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toContain(
      `invoice-${after.invoiceNumber!.replaceAll('/', '-')}.pdf`,
    );
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await buyer();
    expect((await call('GET', `/api/transaction/${made._id}/invoice`, stranger.token)).statusCode).toBe(404);
    const unpaid = await purchase(owner.token, 'bank_transfer');
    const early = await call('GET', `/api/transaction/${unpaid._id}/invoice`, owner.token);
    expect(early.statusCode).toBe(409);
    expect(json(early, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.invoiceNotReady);

    await drainJobs(t);
    const mail = (await devMailbox(t.app)).find(
      (m) => m.to === owner.input.email && m.text.includes(after.invoiceNumber!),
    );
    expect(mail?.text).toMatch(/\.pdf/);
  });

  it('a forged, replayed or racing notification changes nothing twice', async () => {
    const owner = await buyer();
    const made = await purchase(owner.token, 'midtrans');
    fake.setStatus(made.reference, 'settlement');

    // signed with another key: refused, nothing changes
    const forged = await fake.notify(fake.notificationFor(made.reference, 'kunci-palsu'));
    expect(forged).toBe(401);
    const tampered = { ...fake.notificationFor(made.reference), gross_amount: '1000.00' };
    expect(await fake.notify(tampered)).toBe(401);
    const junk = await fetch(fake.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: made.reference, transaction_status: 'settlement' }),
    });
    expect(junk.status).toBe(400);
    expect(json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction).status).toBe(
      'pending',
    );
    expect(await expiryOf(owner.id)).toBeNull();

    // the genuine one, five times at once and again later: one payment, one month
    const genuine = fake.notificationFor(made.reference);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fake.notify(genuine)));
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(await fake.notify(genuine)).toBe(200);
    const paid = json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction);
    expect(paid.status).toBe('paid');
    expect((await expiryOf(owner.id))?.toISOString()).toBe(inAMonth(t.clock.now()).toISOString());
    // an old 'pending' or a late 'expire' after it: Midtrans' status today is settlement, nothing moves
    fake.setStatus(made.reference, 'expire');
    expect(await fake.notify(fake.notificationFor(made.reference))).toBe(200);
    expect(json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction).status).toBe(
      'paid',
    );
    expect((await expiryOf(owner.id))?.toISOString()).toBe(inAMonth(t.clock.now()).toISOString());
  });

  it('believes the status API, not the notification: a signed note for an unpaid order pays nothing', async () => {
    const owner = await buyer();
    const made = await purchase(owner.token, 'midtrans');
    // a genuine 'pending' notification, replayed after someone rewrote its status: Midtrans says pending
    const note = { ...fake.notificationFor(made.reference), transaction_status: 'settlement' };
    expect(await fake.notify(note)).toBe(200);
    expect(json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction).status).toBe(
      'pending',
    );
    // Midtrans reports another amount than the purchase's: never credited
    fake.setStatus(made.reference, 'settlement');
    fake.amountOverride.set(made.reference, '1000.00');
    expect(await fake.notify(fake.notificationFor(made.reference))).toBe(200);
    expect(json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction).status).toBe(
      'pending',
    );
    fake.amountOverride.delete(made.reference);

    // a denied card and an expired payment page end their purchases with the reason
    const denied = await purchase(owner.token, 'midtrans');
    fake.setStatus(denied.reference, 'deny', 'deny');
    await fake.notify(fake.notificationFor(denied.reference));
    expect(
      json(await call('GET', `/api/transaction/${denied._id}`, owner.token), api.transaction),
    ).toMatchObject({
      status: 'failed',
      statusReason: 'Pembayaran ditolak oleh Midtrans',
    });
    const lapsed = await purchase(owner.token, 'midtrans');
    fake.setStatus(lapsed.reference, 'expire');
    await fake.notify(fake.notificationFor(lapsed.reference));
    expect(
      json(await call('GET', `/api/transaction/${lapsed._id}`, owner.token), api.transaction).status,
    ).toBe('expired');
    // the operator reads Midtrans' own answer
    const raw = await call('GET', `/api/admin/transaction/${lapsed._id}/midtrans`, operator);
    expect(json(raw, api.midtransRawStatus)).toMatchObject({
      transaction_status: 'expire',
      order_id: lapsed.reference,
    });
    expect(await expiryOf(owner.id)).toBeNull();
  });
});

describe('bank transfer (issue 22 part 4)', () => {
  const upload = (
    token: string,
    id: string,
    file: { filename: string; type: string; data: Buffer | string },
  ) => {
    const form = multipart([{ name: 'file', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/transaction/${id}/proof`,
      headers: { token, 'content-type': form.contentType },
      payload: form.payload,
    });
  };
  const photo = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .png()
      .toBuffer();

  it('takes a proof (image or PDF, 5 MB), which the operator sees and confirms: paid once', async () => {
    const owner = await buyer(true);
    const made = await purchase(owner.token, 'bank_transfer');
    expect(made).toMatchObject({
      snap: null,
      proof: null,
      invoiceDetails: { businessName: 'Toko Maju Jaya', npwp: '012345678901000' },
    });
    const trialEnd = (await expiryOf(owner.id))!;

    // refused: too big, not an image or PDF, a text renamed .png; nothing kept
    const big = await upload(owner.token, made._id, {
      filename: 'bukti.png',
      type: 'image/png',
      data: Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(400);
    expect(json(big, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.proofTooLarge);
    for (const file of [
      { filename: 'bukti.txt', type: 'text/plain', data: 'sudah transfer ya' },
      { filename: 'bukti.png', type: 'image/png', data: '<html>bukan gambar</html>' },
    ]) {
      const res = await upload(owner.token, made._id, file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(json(res, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.proofType);
    }
    expect(
      json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction).proof,
    ).toBeNull();

    // another owner cannot attach to it or read it
    const stranger = await buyer();
    expect(
      (await upload(stranger.token, made._id, { filename: 'b.png', type: 'image/png', data: await photo() }))
        .statusCode,
    ).toBe(404);

    const image = await photo();
    const ok = await upload(owner.token, made._id, {
      filename: 'bukti transfer.png',
      type: 'image/png',
      data: image,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok, api.transaction).proof).toMatchObject({
      name: 'bukti transfer.png',
      mimetype: 'image/png',
      size: image.length,
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const replaced = await upload(owner.token, made._id, {
      filename: 'mutasi.pdf',
      type: 'application/pdf',
      data: pdf,
    });
    expect(json(replaced, api.transaction).proof).toMatchObject({
      name: 'mutasi.pdf',
      mimetype: 'application/pdf',
    });

    const mine = await call('GET', `/api/transaction/${made._id}/proof`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', `/api/transaction/${made._id}/proof`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/transaction/${made._id}/proof`)).statusCode).toBe(401);
    const seen = await call('GET', `/api/admin/transaction/${made._id}/proof`, operator);
    expect(seen.rawPayload.equals(pdf)).toBe(true);

    // the operator finds it waiting and confirms, twice at once: paid once, a month after the trial
    const waiting = json(
      await call(
        'GET',
        `/api/admin/transaction?status=pending&method=bank_transfer&q=${encodeURIComponent(owner.input.email)}`,
        operator,
      ),
      api.adminTransactionPage,
    );
    expect(waiting.docs.map((d) => d._id)).toEqual([made._id]);
    expect(waiting.docs[0]?.owner.email).toBe(owner.input.email);
    const confirmations = await Promise.all([
      call('POST', `/api/admin/transaction/${made._id}/confirm`, operator),
      call('POST', `/api/admin/transaction/${made._id}/confirm`, operator),
    ]);
    expect(confirmations.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await expiryOf(owner.id))?.toISOString()).toBe(inAMonth(trialEnd).toISOString());
    const paid = json(await call('GET', `/api/transaction/${made._id}`, owner.token), api.transaction);
    expect(paid.status).toBe('paid');
    // a proof cannot be changed after
    expect(
      (await upload(owner.token, made._id, { filename: 'b.png', type: 'image/png', data: image })).statusCode,
    ).toBe(409);
    // owners cannot confirm their own
    expect((await call('POST', `/api/admin/transaction/${made._id}/confirm`, owner.token)).statusCode).toBe(
      403,
    );
  });

  it('a rejected transfer fails with the reason the owner reads; owners cancel what waits', async () => {
    const owner = await buyer();
    const made = await purchase(owner.token, 'bank_transfer');
    const noReason = await call('POST', `/api/admin/transaction/${made._id}/reject`, operator, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call('POST', `/api/admin/transaction/${made._id}/reject`, operator, {
      reason: 'Dana belum masuk ke rekening kami',
    });
    expect(json(rejected, api.transaction)).toMatchObject({
      status: 'failed',
      statusReason: 'Dana belum masuk ke rekening kami',
    });
    expect(await expiryOf(owner.id)).toBeNull();

    const other = await purchase(owner.token, 'bank_transfer');
    const cancelled = await call('POST', `/api/transaction/${other._id}/cancel`, owner.token);
    expect(json(cancelled, api.transaction)).toMatchObject({
      status: 'cancelled',
      statusReason: api.BILLING_MESSAGES.cancelledByOwner,
    });
    expect((await call('POST', `/api/transaction/${other._id}/cancel`, owner.token)).statusCode).toBe(409);
    // Midtrans' purchases are paid by Midtrans, not confirmed by hand
    const viaMidtrans = await purchase(owner.token, 'midtrans');
    expect(
      (await call('POST', `/api/admin/transaction/${viaMidtrans._id}/confirm`, operator)).statusCode,
    ).toBe(400);
  });
});
