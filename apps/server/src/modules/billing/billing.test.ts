import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { agentFor, json, operatorToken, registerOwner, useTestApp } from '../../../test/helpers';

/** Issue 22 part 1: the offer an owner buys from, and the operator's settings behind it. */
const { t, call } = useTestApp();

describe('billing offer and settings', () => {
  it('owners read the offer; agents and strangers do not', async () => {
    const { token } = await registerOwner(t.app);
    const res = await call('GET', '/api/billing/offer', token);
    expect(res.statusCode).toBe(200);
    expect(json(res, api.billingOffer)).toEqual(api.DEFAULT_BILLING_SETTINGS);

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

    const { token } = await registerOwner(t.app);
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
