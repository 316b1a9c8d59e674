import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { agentFor, json, newOwner, ownerWithSandbox, registerOwner, useTestApp } from '../../../test/helpers';
import { jakartaMonthStart } from './plan-limits';
import { forgetBillingSettings } from './settings';

/**
 * What a plan lets a tenant have (issue 22's plans: numbers, agents, broadcasts a month) holds: the
 * one past it is refused with the plan's name and limit and changes nothing, bursts included. A
 * trial has the largest plan on offer; the sandbox number never counts.
 */
const { t, call } = useTestApp();

const DASAR = api.DEFAULT_BILLING_SETTINGS.plans.find((p) => p.key === 'dasar')!;

/** The owner as if they had bought `plan` (the payment itself is billing.test.ts's), for a year. */
async function onPlan(token: string, plan: api.Plan) {
  const ownerId = json(await call('GET', '/api/user', token), api.userProfile)._id;
  await t.ctx.db
    .update(users)
    .set({
      subscriptionPlan: plan,
      subscriptionExpiresAt: new Date(t.clock.now().getTime() + 365 * 86_400_000),
    })
    .where(eq(users.id, ownerId));
}

const addNumber = (token: string, labelName: string) =>
  call('POST', '/api/account/whatsapp', token, { labelName, method: 'qr' });

async function numbersOf(token: string) {
  return json(await call('GET', '/api/account', token), api.paged(api.account)).docs.filter(
    (a) => !a.isSandbox,
  );
}

describe("a plan's limits", () => {
  it("numbers: the plan's count beside the sandbox; the next is refused until one is deleted", async () => {
    const { token } = await registerOwner(t.app);
    await onPlan(token, DASAR);
    const first = await addNumber(token, 'Toko 1');
    expect(first.statusCode, first.body).toBe(201);

    const second = await addNumber(token, 'Toko 2');
    expect(second.statusCode).toBe(403);
    expect(json(second, api.apiErrorBody).message).toBe(
      'Paket Dasar berisi 1 nomor dan semuanya sudah terpakai. Hapus nomor yang tidak dipakai atau upgrade paket untuk menambah nomor',
    );
    expect((await numbersOf(token)).map((a) => a.label.name)).toEqual(['Toko 1']);

    // a deleted number gives its place back
    const id = json(first, api.account)._id;
    expect((await call('DELETE', `/api/account/${id}`, token)).statusCode).toBe(200);
    expect((await addNumber(token, 'Toko 3')).statusCode).toBe(201);
  });

  it('agents: a burst of five on a plan of two makes exactly two', async () => {
    const { token } = await registerOwner(t.app);
    await onPlan(token, DASAR);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/agent', token, newOwner())),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 403, 403, 403]);
    const refused = answers.find((r) => r.statusCode === 403)!;
    expect(json(refused, api.apiErrorBody).message).toBe(
      'Paket Dasar berisi 2 agen dan semuanya sudah terpakai. Hapus agen yang tidak aktif atau upgrade paket untuk menambah agen',
    );
    expect(json(await call('GET', '/api/agent', token), api.paged(api.agent)).docs).toHaveLength(2);
  });

  it("broadcasts: the month's count holds under a burst, and the next Jakarta month starts again", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await onPlan(token, { ...DASAR, name: 'Hemat', broadcastsPerMonth: 2 });
    const start = (n: number) =>
      call('POST', '/api/publication/broadcast', token, {
        name: `Promo ${n}`,
        accountIds: [accountId],
        phoneNumbers: `08134444000${n}`,
        message: { type: 'text', text: 'Diskon 20%' },
      });
    const answers = await Promise.all([1, 2, 3, 4].map(start));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403]);
    expect(
      json(
        answers.find((r) => r.statusCode === 403)!,
        api.apiErrorBody,
      ).message,
    ).toBe(
      'Paket Hemat berisi 2 broadcast per bulan dan semuanya sudah terpakai bulan ini. Upgrade paket untuk mengirim broadcast lagi',
    );
    expect(json(await call('GET', '/api/publication/broadcast', token), api.broadcastPage).docs).toHaveLength(
      2,
    );

    // the test clock is 2026-03-02 15:00 WIB: April 1st 00:00 WIB is a new month
    t.clock.advance(jakartaMonthStart(new Date('2026-04-15T00:00:00Z')).getTime() - t.clock.now().getTime());
    expect((await start(5)).statusCode).toBe(201);
  });

  it('GET /billing/usage tells the owner their plan and what they use of it; agents are refused', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const usage = async () => {
      const res = await call('GET', '/api/billing/usage', token);
      expect(res.statusCode, res.body).toBe(200);
      return json(res, api.planUsage);
    };
    // a trial: the largest plan on offer, nothing used (the sandbox is no number of the plan)
    expect(await usage()).toEqual({
      plan: { key: 'bisnis', name: 'Bisnis', numbers: 10, agents: 50, broadcastsPerMonth: 200 },
      trial: true,
      used: { numbers: 0, agents: 0, broadcastsPerMonth: 0 },
    });
    await onPlan(token, DASAR);
    expect((await addNumber(token, 'Toko 1')).statusCode).toBe(201);
    expect((await call('POST', '/api/agent', token, newOwner())).statusCode).toBe(201);
    const broadcast = await call('POST', '/api/publication/broadcast', token, {
      name: 'Promo',
      accountIds: [accountId],
      phoneNumbers: '081344440009',
      message: { type: 'text', text: 'Diskon 20%' },
    });
    expect(broadcast.statusCode, broadcast.body).toBe(201);
    expect(await usage()).toEqual({
      plan: { key: 'dasar', name: 'Dasar', numbers: 1, agents: 2, broadcastsPerMonth: 4 },
      trial: false,
      used: { numbers: 1, agents: 1, broadcastsPerMonth: 1 },
    });
    expect((await call('GET', '/api/billing/usage')).statusCode).toBe(401);
    const agent = await agentFor(t, token, 'Agen Uji');
    expect((await call('GET', '/api/billing/usage', agent.token)).statusCode).toBe(403);
  });

  it('a trial has the largest plan on offer, read from the settings inside the adding transaction', async () => {
    const { token } = await registerOwner(t.app);
    // no copy of the settings in the process: the plans are read afresh, in the transaction (on PGlite's
    // one connection, a read beside it would wait for it forever)
    forgetBillingSettings(t.ctx);
    // more numbers than Dasar and Pro allow
    for (let i = 1; i <= 4; i++) expect((await addNumber(token, `Cabang ${i}`)).statusCode).toBe(201);
    expect(await numbersOf(token)).toHaveLength(4);
  });
});

describe('jakartaMonthStart', () => {
  it('is midnight of the 1st in Asia/Jakarta, as UTC', () => {
    expect(jakartaMonthStart(new Date('2026-03-02T08:00:00Z')).toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    // 31 March 18:00 UTC is already 1 April 01:00 WIB
    expect(jakartaMonthStart(new Date('2026-03-31T18:00:00Z')).toISOString()).toBe(
      '2026-03-31T17:00:00.000Z',
    );
  });
});
