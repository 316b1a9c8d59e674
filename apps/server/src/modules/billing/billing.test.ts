import * as api from '@sapa/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { affiliateCommissions, users } from '../../db/schema';
import {
  TEST_BANK_ACCOUNT,
  agentFor,
  enableBankTransfer,
  json,
  newOwner,
  operatorToken,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';
import { forgetBillingSettings } from './settings';
import { createTransaction, expireTransactions, markTransactionPaid } from './transactions';

/** Issue 22 part 1: the offer an owner buys from, and the operator's settings behind it. */
const { t, call } = useTestApp();
beforeAll(() => enableBankTransfer(t));

describe('billing offer and settings', () => {
  it('owners read the offer; agents and strangers do not', async () => {
    const { token } = await registerOwner(t.app);
    const res = await call('GET', '/api/billing/offer', token);
    expect(res.statusCode).toBe(200);
    const { affiliate: _affiliate, ...offered } = api.DEFAULT_BILLING_SETTINGS;
    expect(json(res, api.billingOffer)).toEqual({
      ...offered,
      bankAccounts: [TEST_BANK_ACCOUNT],
      midtrans: null,
      invoiceDetails: { businessName: '', npwp: '' },
    });

    const agent = await agentFor(t, token, 'Rina');
    const refused = await call('GET', '/api/billing/offer', agent.token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.ownerOnly);
    expect((await call('GET', '/api/billing/offer')).statusCode).toBe(401);
    // the operator's side is the operator's alone
    expect((await call('GET', '/api/admin/billing', token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/billing', token, api.DEFAULT_BILLING_SETTINGS)).statusCode).toBe(
      403,
    );
  });

  it('the operator changes plans, prices and the trial; bad settings change nothing', async () => {
    const operator = await operatorToken(t.app);
    const changed: api.BillingSettings = {
      ...api.DEFAULT_BILLING_SETTINGS,
      plans: [
        { key: 'solo', name: 'Solo', monthlyPrice: 75_000, numbers: 1, agents: 0, broadcastsPerMonth: 2 },
      ],
      durations: [
        { months: 1, discountPercent: 0 },
        { months: 12, discountPercent: 25 },
      ],
      trialDays: 14,
    };
    const saved = await call('PUT', '/api/admin/billing', operator, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved, api.billingSettings)).toEqual(changed);

    const { token } = await registerOwner(t.app, undefined, { trial: false });
    const offer = json(await call('GET', '/api/billing/offer', token), api.billingOffer);
    expect(offer.plans.map((p) => p.key)).toEqual(['solo']);
    expect(api.quoteFor(offer, 'solo', 12)).toMatchObject({ subtotal: 675_000, tax: 74_250, total: 749_250 });

    // a trial now lasts the operator's 14 days
    const trial = await call('POST', '/api/user/trial-activate', token);
    const user = json(trial, api.userMutationResponse).user;
    expect(new Date(user.subscription.expiredAt!).getTime() - t.clock.now().getTime()).toBe(
      14 * 24 * 60 * 60 * 1000,
    );

    // a fraction of a rupiah, a repeated plan: refused, the saved settings stay
    for (const bad of [
      { ...changed, plans: [{ ...changed.plans[0]!, monthlyPrice: 75_000.5 }] },
      { ...changed, plans: [changed.plans[0]!, changed.plans[0]!] },
      { ...changed, trialDays: -1 },
    ]) {
      const res = await call('PUT', '/api/admin/billing', operator, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(json(await call('GET', '/api/admin/billing', operator), api.billingSettings)).toEqual(changed);

    // back to the defaults for the other tests of this app
    expect((await call('PUT', '/api/admin/billing', operator, api.DEFAULT_BILLING_SETTINGS)).statusCode).toBe(
      200,
    );
  });
});

describe('transactions (issue 22 part 2)', () => {
  const buy = (token: string, body: Partial<api.CreateTransactionBody> = {}) =>
    call('POST', '/api/transaction', token, {
      planKey: 'pro',
      months: 3,
      method: 'bank_transfer',
      idempotencyKey: `beli-${Math.random().toString(36).slice(2, 12)}`,
      ...body,
    });

  it("priced from the offer in whole rupiah; one purchase per key; the owner's alone", async () => {
    const { token } = await registerOwner(t.app);
    const first = await buy(token, { idempotencyKey: 'klik-ganda-01' });
    expect(first.statusCode, first.body).toBe(201);
    const made = json(first, api.transaction);
    expect(made).toMatchObject({
      planKey: 'pro',
      months: 3,
      gross: 747_000,
      discount: 37_350,
      subtotal: 709_650,
      taxBase: 650_512,
      tax: 78_061,
      total: 787_711,
      method: 'bank_transfer',
      status: 'pending',
      paidAt: null,
    });
    expect(made.plan.name).toBe('Pro');
    expect(Date.parse(made.paymentExpiresAt) - t.clock.now().getTime()).toBe(api.PAYMENT_WINDOW_MS);
    // a double click: the same purchase
    const again = await buy(token, { idempotencyKey: 'klik-ganda-01' });
    expect(again.statusCode).toBe(200);
    expect(json(again, api.transaction)._id).toBe(made._id);
    const reused = await buy(token, { idempotencyKey: 'klik-ganda-01', months: 12 });
    expect(reused.statusCode).toBe(409);
    expect(json(reused, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.keyReused);

    for (const [body, message] of [
      [{ planKey: 'emas' }, api.BILLING_MESSAGES.notOffered],
      [{ months: 2 }, api.BILLING_MESSAGES.notOffered],
      [{ method: 'midtrans' as const }, api.BILLING_MESSAGES.midtransUnavailable],
    ] as const) {
      const res = await buy(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res, api.apiErrorBody).message).toBe(message);
    }
    const page = json(await call('GET', '/api/transaction', token), api.transactionPage);
    expect(page.docs.map((d) => d._id)).toEqual([made._id]);
    expect(json(await call('GET', '/api/transaction?status=paid', token), api.transactionPage).docs).toEqual(
      [],
    );
    expect(json(await call('GET', `/api/transaction/${made._id}`, token), api.transaction)).toEqual(made);

    const agent = await agentFor(t, token, 'Rina');
    expect((await buy(agent.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/transaction/${made._id}`, agent.token)).statusCode).toBe(403);
    const stranger = await registerOwner(t.app);
    expect((await call('GET', `/api/transaction/${made._id}`, stranger.token)).statusCode).toBe(404);
    expect(json(await call('GET', '/api/transaction', stranger.token), api.transactionPage).docs).toEqual([]);
  });

  it('a burst of purchases: one per key, at most five waiting for payment', async () => {
    const { token } = await registerOwner(t.app);
    const same = await Promise.all(
      Array.from({ length: 8 }, () => buy(token, { idempotencyKey: 'satu-kunci-01' })),
    );
    expect(new Set(same.map((r) => json(r, api.transaction)._id)).size).toBe(1);
    expect(same.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const burst = await Promise.all(Array.from({ length: 10 }, () => buy(token)));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(api.MAX_PENDING_TRANSACTIONS - 1);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10 - (api.MAX_PENDING_TRANSACTIONS - 1));
    expect(json(refused[0]!, api.apiErrorBody).message).toBe(api.BILLING_MESSAGES.tooManyPending);
    // once the window has passed they no longer count, read as expired at once, and housekeeping
    // writes them so
    t.clock.advance(api.PAYMENT_WINDOW_MS + 1000);
    expect((await buy(token)).statusCode).toBe(201);
    const lapsed = json(await call('GET', '/api/transaction?limit=100', token), api.transactionPage).docs;
    expect(lapsed.filter((d) => d.status === 'expired')).toHaveLength(api.MAX_PENDING_TRANSACTIONS);
    expect(lapsed.find((d) => d.status === 'expired')?.statusReason).toBe(
      api.BILLING_MESSAGES.paymentWindowPassed,
    );
    expect(await expireTransactions(t.ctx)).toBeGreaterThanOrEqual(api.MAX_PENDING_TRANSACTIONS);
    expect(
      json(await call('GET', '/api/transaction?status=expired', token), api.transactionPage).docs,
    ).toHaveLength(api.MAX_PENDING_TRANSACTIONS);
    expect(
      json(await call('GET', '/api/transaction?status=pending', token), api.transactionPage).docs,
    ).toHaveLength(1);
  });

  it('a payment extends the subscription exactly once, from the later of now and its end, by calendar months', async () => {
    const { token } = await registerOwner(t.app, undefined, { trial: false });
    const ownerId = json(await call('GET', '/api/user', token), api.userProfile)._id;
    const made = json(await buy(token, { planKey: 'dasar', months: 1 }), api.transaction);
    // concurrent confirmations (a notification and its retry): one wins
    const results = await Promise.all(Array.from({ length: 5 }, () => markTransactionPaid(t.ctx, made._id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const paid = json(await call('GET', `/api/transaction/${made._id}`, token), api.transaction);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBe(t.clock.now().toISOString());
    // no subscription before: one calendar month from now
    const now = t.clock.now();
    const inAMonth = new Date(now);
    inAMonth.setUTCMonth(now.getUTCMonth() + 1);
    expect(now.getUTCDate()).toBeLessThan(29);
    expect(paid.extendedTo).toBe(inAMonth.toISOString());
    const profile = json(await call('GET', '/api/user', token), api.userProfile);
    expect(profile.subscription.expiredAt).toBe(paid.extendedTo);
    expect(await markTransactionPaid(t.ctx, made._id)).toBeNull();

    // a running subscription ending on 31 January moves to the end of February
    await t.ctx.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date('2027-01-31T10:00:00.000Z') })
      .where(eq(users.id, ownerId));
    const next = json(await buy(token, { planKey: 'dasar', months: 1 }), api.transaction);
    expect((await markTransactionPaid(t.ctx, next._id))?.extendedTo).toBe('2027-02-28T10:00:00.000Z');
  });
});

describe('the affiliate programme (issue 22 part 7)', () => {
  it('shows what the link brought, and withdrawals never draw more than the balance', async () => {
    const referrer = await registerOwner(t.app);
    const me = json(await call('GET', '/api/user', referrer.token), api.userProfile);
    const viaLink = () =>
      registerOwner(t.app, { ...newOwner(), referralCode: me.referralCode } as ReturnType<typeof newOwner>);
    const [payer, browser] = [await viaLink(), await viaLink()];
    await registerOwner(t.app); // came some other way
    const bought = json(
      await call('POST', '/api/transaction', payer.token, {
        planKey: 'pro',
        months: 1,
        method: 'bank_transfer',
        idempotencyKey: 'afiliasi-01',
      }),
      api.transaction,
    );
    await call('POST', '/api/transaction', browser.token, {
      planKey: 'pro',
      months: 1,
      method: 'bank_transfer',
      idempotencyKey: 'afiliasi-02',
    });
    await markTransactionPaid(t.ctx, bought._id);

    const summary = json(await call('GET', '/api/affiliate', referrer.token), api.affiliateSummary);
    expect(summary).toEqual({
      referralCode: me.referralCode,
      referralPath: `/register?r=${me.referralCode}`,
      registered: 2,
      paying: 1,
      earned: 49_800,
      pendingWithdrawal: 0,
      withdrawn: 0,
      balance: 49_800,
      commissionPercent: 20,
      minimumWithdrawal: 100_000,
    });

    const to = { bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'Budi Santoso' };
    const below = await call('POST', '/api/affiliate/withdrawal', referrer.token, { ...to, amount: 40_000 });
    expect(below.statusCode).toBe(400);
    expect(json(below, api.apiErrorBody).message).toBe('Penarikan paling sedikit Rp 100.000');
    const badAccount = await call('POST', '/api/affiliate/withdrawal', referrer.token, {
      ...to,
      accountNumber: '12-34',
      amount: 100_000,
    });
    expect(badAccount.statusCode).toBe(400);

    // the operator lowers the minimum: now the balance is the limit
    const operator = await operatorToken(t.app);
    const settings = {
      ...api.DEFAULT_BILLING_SETTINGS,
      affiliate: { commissionPercent: 20, minimumWithdrawal: 10_000 },
    };
    expect((await call('PUT', '/api/admin/billing', operator, settings)).statusCode).toBe(200);
    const above = await call('POST', '/api/affiliate/withdrawal', referrer.token, { ...to, amount: 60_000 });
    expect(above.statusCode).toBe(400);
    expect(json(above, api.apiErrorBody).message).toBe('Jumlah melebihi saldo komisi Anda (Rp 49.800)');
    // five requests at once for Rp 20.000 each: two fit in Rp 49.800
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/affiliate/withdrawal', referrer.token, { ...to, amount: 20_000 }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(3);
    const after = json(await call('GET', '/api/affiliate', referrer.token), api.affiliateSummary);
    expect(after).toMatchObject({ earned: 49_800, pendingWithdrawal: 40_000, balance: 9_800 });
    const listed = json(await call('GET', '/api/affiliate/withdrawal', referrer.token), api.withdrawalList);
    expect(listed.docs.map((w) => [w.amount, w.status, w.accountNumber])).toEqual([
      [20_000, 'requested', '1234567890'],
      [20_000, 'requested', '1234567890'],
    ]);

    // the referred owners see nothing of it; agents cannot ask
    expect(
      json(await call('GET', '/api/affiliate/withdrawal', payer.token), api.withdrawalList).docs,
    ).toEqual([]);
    const agent = await agentFor(t, referrer.token, 'Rina');
    expect((await call('GET', '/api/affiliate', agent.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/affiliate/withdrawal', agent.token, { ...to, amount: 10_000 })).statusCode,
    ).toBe(403);
    expect((await call('PUT', '/api/admin/billing', operator, api.DEFAULT_BILLING_SETTINGS)).statusCode).toBe(
      200,
    );
  });
});

describe('invoice numbers and commissions (issue 22 parts 6 and 7)', () => {
  const buy = async (token: string, planKey = 'dasar') =>
    json(
      await call('POST', '/api/transaction', token, {
        planKey,
        months: 1,
        method: 'bank_transfer',
        idempotencyKey: `beli-${Math.random().toString(36).slice(2, 12)}`,
      }),
      api.transaction,
    );

  it('the referrer earns once per paid transaction of the owner they brought; nobody from their own', async () => {
    const referrer = await registerOwner(t.app);
    const code = json(await call('GET', '/api/user', referrer.token), api.userProfile).referralCode;
    const referrerId = json(await call('GET', '/api/user', referrer.token), api.userProfile)._id;
    // registration takes the referral code `r` of the link it came from
    const referred = await registerOwner(t.app, { ...newOwner(), referralCode: code } as ReturnType<
      typeof newOwner
    >);
    const made = await buy(referred.token, 'pro');
    // the settings are read again inside the payment's transaction (no copy of them in the process):
    // on PGlite's one connection a read beside that transaction would wait for it forever
    forgetBillingSettings(t.ctx);
    await Promise.all(Array.from({ length: 4 }, () => markTransactionPaid(t.ctx, made._id)));
    const earned = await t.ctx.db
      .select()
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.ownerId, referrerId));
    expect(earned).toHaveLength(1);
    // 20% of Rp 249.000 before tax
    expect(earned[0]).toMatchObject({ transactionId: made._id, amount: 49_800, ratePercent: 20 });

    // an owner whose referrer is themselves (never made by registration, forced here) earns nothing
    const self = await registerOwner(t.app);
    const selfId = json(await call('GET', '/api/user', self.token), api.userProfile)._id;
    await t.ctx.db.update(users).set({ referredById: selfId }).where(eq(users.id, selfId));
    await markTransactionPaid(t.ctx, (await buy(self.token))._id);
    expect(
      await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.ownerId, selfId)),
    ).toEqual([]);
  });

  it('numbers paid invoices per year (Asia/Jakarta) without gaps, however many pay at once', async () => {
    const owners = await Promise.all([registerOwner(t.app), registerOwner(t.app)]);
    const made = [];
    for (const owner of owners) for (let i = 0; i < 4; i++) made.push(await buy(owner.token));
    const paid = await Promise.all(made.map((m) => markTransactionPaid(t.ctx, m._id)));
    const year = new Date(t.clock.now().getTime() + 7 * 3600_000).getUTCFullYear();
    const counts = paid
      .map((p) => p!.invoiceNumber!)
      .map((n) => {
        expect(n).toMatch(new RegExp(`^INV/${year}/\\d{6}$`));
        return Number(n.split('/')[2]);
      })
      .sort((a, b) => a - b);
    expect(new Set(counts).size).toBe(8);
    expect(counts[7]! - counts[0]!).toBe(7);
    // the first payment of a new year in Jakarta (00:30 WIB on 1 January) starts at 1
    // (sessions have expired by then: the purchase is made through the service)
    const ownerId = json(await call('GET', '/api/user', owners[0]!.token), api.userProfile)._id;
    t.clock.advance(Date.parse(`${year}-12-31T17:30:00.000Z`) - t.clock.now().getTime());
    const { transaction: newYear } = await createTransaction(t.ctx, ownerId, {
      planKey: 'dasar',
      months: 1,
      method: 'bank_transfer',
      idempotencyKey: 'tahun-baru-01',
    });
    expect((await markTransactionPaid(t.ctx, newYear._id))?.invoiceNumber).toBe(`INV/${year + 1}/000001`);
  });
});
