import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { json, operatorToken, useTestApp } from '../../../test/helpers';
import { buyPlan, ownerNamed } from './area-fixture';

/** Issue 23: the operators' affiliates page, with the same figures as each referrer's own page. */
const { t, call, post, put } = useTestApp();

const PRO_COMMISSION = 49_800;

describe('the referrers', () => {
  it('lists who referred whom with what it earned, waits for payout, was paid out and is left', async () => {
    const operator = await operatorToken(t.app);
    await put('/api/admin/billing', operator, {
      ...api.DEFAULT_BILLING_SETTINGS,
      affiliate: { commissionPercent: 20, minimumWithdrawal: 10_000 },
    });
    const referrer = await ownerNamed(t, 'Rujuk Utama');
    const via = (name: string) => {
      t.clock.advance(1000); // newest first
      return ownerNamed(t, name, { referralCode: referrer.referralCode });
    };
    const payer = await via('Dirujuk Membayar');
    const twice = await via('Dirujuk Membayar Dua Kali');
    const browser = await via('Dirujuk Belum Membayar');
    await buyPlan(t, payer.token);
    await buyPlan(t, twice.token);
    await buyPlan(t, twice.token);
    const small = await ownerNamed(t, 'Rujuk Kecil');
    await ownerNamed(t, 'Dirujuk Si Kecil', { referralCode: small.referralCode });
    const loner = await ownerNamed(t, 'Rujuk Tanpa Siapa');

    const to = { bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'Rujuk Utama' };
    const paidOut = json(
      await post('/api/affiliate/withdrawal', referrer.token, { ...to, amount: 30_000 }),
      api.withdrawal,
    );
    await post('/api/affiliate/withdrawal', referrer.token, { ...to, amount: 20_000 });
    await post(`/api/admin/withdrawal/${paidOut._id}/paid`, operator, { transferReference: 'TRF-77' });

    const res = await call('GET', '/api/admin/affiliate', operator);
    expect(res.statusCode, res.body).toBe(200);
    const page = json(res, api.adminReferrerPage);
    expect(page.hasNextPage).toBe(false);
    expect(page.docs).toEqual([
      {
        owner: {
          _id: referrer.id,
          name: 'Rujuk Utama',
          email: referrer.input.email,
          phone: referrer.input.phone,
        },
        registered: 3,
        paying: 2,
        earned: 3 * PRO_COMMISSION,
        pendingWithdrawal: 20_000,
        withdrawn: 30_000,
        balance: 3 * PRO_COMMISSION - 50_000,
      },
      expect.objectContaining({
        owner: expect.objectContaining({ _id: small.id }),
        registered: 1,
        paying: 0,
        earned: 0,
        pendingWithdrawal: 0,
        withdrawn: 0,
        balance: 0,
      }),
    ]);
    // the same figures as the referrer's own page
    const own = json(await call('GET', '/api/affiliate', referrer.token), api.affiliateSummary);
    expect(own).toMatchObject({
      registered: page.docs[0]!.registered,
      paying: page.docs[0]!.paying,
      earned: page.docs[0]!.earned,
      pendingWithdrawal: page.docs[0]!.pendingWithdrawal,
      withdrawn: page.docs[0]!.withdrawn,
      balance: page.docs[0]!.balance,
    });

    // search and pages
    const found = json(await call('GET', '/api/admin/affiliate?q=kecil', operator), api.adminReferrerPage);
    expect(found.docs.map((r) => r.owner._id)).toEqual([small.id]);
    const byPhone = json(
      await call('GET', `/api/admin/affiliate?q=${referrer.input.phone}`, operator),
      api.adminReferrerPage,
    );
    expect(byPhone.docs.map((r) => r.owner._id)).toEqual([referrer.id]);
    const first = json(await call('GET', '/api/admin/affiliate?limit=1', operator), api.adminReferrerPage);
    expect([first.docs.length, first.hasNextPage]).toEqual([1, true]);

    // the owners one referrer brought
    const brought = json(
      await call('GET', `/api/admin/affiliate/${referrer.id}`, operator),
      api.adminReferredList,
    );
    expect(brought.docs.map((o) => [o.name, o.paid, o.commission])).toEqual([
      ['Dirujuk Belum Membayar', false, 0],
      ['Dirujuk Membayar Dua Kali', true, 2 * PRO_COMMISSION],
      ['Dirujuk Membayar', true, PRO_COMMISSION],
    ]);
    expect(brought.docs[0]!.createdAt).toBe(t.clock.now().toISOString());
    expect(brought.docs.find((o) => o._id === browser.id)).toMatchObject({
      email: browser.input.email,
      phone: browser.input.phone,
    });
    expect(
      json(await call('GET', `/api/admin/affiliate/${loner.id}`, operator), api.adminReferredList),
    ).toEqual({
      docs: [],
    });
    expect((await call('GET', '/api/admin/affiliate/bukan-id', operator)).statusCode).toBe(404);
    // the operator's alone
    expect((await call('GET', '/api/admin/affiliate', referrer.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/affiliate/${referrer.id}`, referrer.token)).statusCode).toBe(403);
  });
});
