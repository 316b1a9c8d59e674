import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { adminDashboard, DEFAULT_BILLING_SETTINGS, type AdminDashboard } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  affiliateWithdrawals,
  chats,
  messages,
  statsDaily,
  transactions,
  users,
} from '../../db/schema';
import {
  agentFor,
  customerSays,
  json,
  operatorToken,
  ownerWithSandbox,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';

/**
 * Issue 23: the operators' dashboard. The test clock starts at 2026-03-02T08:00Z, 15:00 in Jakarta
 * (UTC+7): today is 2026-03-02 there, March began at 2026-02-28T17:00Z.
 */
const { t, call } = useTestApp();

const at = (iso: string) => new Date(iso);

async function dashboard(): Promise<AdminDashboard> {
  const res = await call('GET', '/api/admin/dashboard', await operatorToken(t.app));
  expect(res.statusCode, res.body).toBe(200);
  return json(res, adminDashboard);
}

let serial = 0;
/** An owner written directly, with when they registered and where their subscription stands. */
async function owner(
  createdAt: string,
  subscription: { expiresAt?: string; plan?: boolean; trialAt?: string } = {},
): Promise<string> {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      name: `Pemilik Dasbor ${serial}`,
      email: `dasbor${serial}@contoh.test`,
      phone: `6285700000${String(serial).padStart(3, '0')}`,
      passwordHash: 'x',
      referralCode: `DASBOR${serial}`,
      isVerified: true,
      subscriptionExpiresAt: subscription.expiresAt ? at(subscription.expiresAt) : null,
      subscriptionPlan: subscription.plan ? DEFAULT_BILLING_SETTINGS.plans[0]! : null,
      trialActivatedAt: subscription.trialAt ? at(subscription.trialAt) : null,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A purchase written directly: its status, total, method, payment and proof. */
async function purchase(
  ownerId: string,
  p: {
    status: string;
    total: number;
    paidAt?: string;
    method?: string;
    proof?: boolean;
    expiresAt?: string;
  },
) {
  serial += 1;
  await t.ctx.db.insert(transactions).values({
    ownerId,
    idempotencyKey: `kunci-${serial}`,
    planKey: DEFAULT_BILLING_SETTINGS.plans[0]!.key,
    plan: DEFAULT_BILLING_SETTINGS.plans[0]!,
    months: 1,
    gross: p.total,
    discount: 0,
    subtotal: p.total,
    taxBase: p.total,
    tax: 0,
    total: p.total,
    method: p.method ?? 'midtrans',
    status: p.status,
    paymentExpiresAt: at(p.expiresAt ?? '2026-03-03T08:00:00Z'),
    paidAt: p.paidAt ? at(p.paidAt) : null,
    invoiceNumber: p.paidAt ? `INV/DASBOR/${serial}` : null,
    reference: `SAPA-DASBOR${serial}`,
    proofKey: p.proof ? `proof-${serial}.png` : null,
    createdAt: at('2025-01-01T00:00:00Z'),
  });
}

async function account(
  ownerId: string,
  type: 'whatsapp' | 'instagram' | 'messenger',
  status: string,
  deleted = false,
) {
  await t.ctx.db.insert(accounts).values({
    ownerId,
    type,
    provider: type === 'whatsapp' ? 'whatsapp-web' : 'meta',
    labelName: `${type} ${status}`,
    status,
    deletedAt: deleted ? at('2026-02-20T00:00:00Z') : null,
  });
}

describe('GET /api/admin/dashboard', () => {
  it('counts owners, subscriptions, revenue, what waits and numbers by Jakarta months', async () => {
    // registered through the app now (March in Jakarta), on the free trial, with their sandbox number
    await registerOwner(t.app);
    const febLast = await owner('2026-02-28T16:59:59Z', {
      trialAt: '2026-02-01T00:00:00Z',
      expiresAt: '2026-02-15T00:00:00Z',
    }); // 23:59:59 on 28 February in Jakarta; the trial ended
    await owner('2026-02-28T17:00:00Z', {
      trialAt: '2026-02-28T17:00:00Z',
      expiresAt: '2026-03-10T00:00:00Z',
    }); // 00:00 on 1 March in Jakarta: new this month, on a trial
    const paying = await owner('2026-01-10T00:00:00Z', {
      trialAt: '2026-01-10T00:00:00Z',
      plan: true,
      expiresAt: '2026-04-01T00:00:00Z',
    }); // paid and running
    await owner('2026-03-02T07:00:00Z'); // new, never subscribed
    await owner('2025-12-01T00:00:00Z', { plan: true, expiresAt: '2026-03-02T07:59:59Z' }); // lapsed a second ago
    await owner('2026-03-01T00:00:00Z', {
      trialAt: '2026-02-20T08:00:00Z',
      expiresAt: '2026-03-02T08:00:00Z',
    }); // ends now
    // time given by an operator without a purchase or a trial: counted with the trials (not paid), as the users page does
    await owner('2026-02-20T00:00:00Z', { expiresAt: '2026-05-01T00:00:00Z' });

    // paid in the Jakarta month of the payment: 18:00Z on 28 February is 01:00 on 1 March there
    await purchase(paying, { status: 'paid', total: 111_000, paidAt: '2026-02-28T18:00:00Z' });
    await purchase(paying, {
      status: 'paid',
      total: 222_000,
      paidAt: '2026-02-28T16:59:59Z',
      method: 'bank_transfer',
      proof: true,
    });
    await purchase(paying, { status: 'paid', total: 333_000, paidAt: '2026-03-02T07:00:00Z' });
    await purchase(paying, { status: 'paid', total: 3_000_000_000, paidAt: '2026-01-15T00:00:00Z' });
    // the oldest of the twelve months is April 2025, from 2025-03-31T17:00Z
    await purchase(paying, { status: 'paid', total: 444_000, paidAt: '2025-04-01T00:00:00Z' });
    await purchase(paying, { status: 'paid', total: 1_000, paidAt: '2025-03-31T17:00:00Z' });
    await purchase(paying, { status: 'paid', total: 555_000, paidAt: '2025-03-31T16:59:59Z' });
    // not paid: no revenue
    await purchase(paying, { status: 'cancelled', total: 777_000 });
    await purchase(paying, { status: 'expired', total: 777_000, expiresAt: '2026-02-01T00:00:00Z' });

    // bank transfers waiting for the operator: pending, with a proof, inside their window
    await purchase(febLast, { status: 'pending', total: 99_000, method: 'bank_transfer', proof: true });
    await purchase(febLast, {
      status: 'pending',
      total: 99_000,
      method: 'bank_transfer',
      proof: true,
      expiresAt: '2026-03-02T08:00:00Z',
    }); // its window closes now
    await purchase(febLast, { status: 'pending', total: 99_000, method: 'bank_transfer' }); // no proof yet
    await purchase(febLast, { status: 'pending', total: 99_000 }); // Midtrans

    for (const status of ['requested', 'approved', 'approved', 'paid', 'rejected'])
      await t.ctx.db.insert(affiliateWithdrawals).values({
        ownerId: paying,
        amount: 50_000,
        bankName: 'BCA',
        accountNumber: '1234567890',
        accountHolder: 'Pemilik',
        status,
      });

    await account(paying, 'whatsapp', 'connected');
    await account(paying, 'whatsapp', 'disconnected');
    await account(paying, 'whatsapp', 'logged_out', true); // removed
    await account(paying, 'instagram', 'connected');
    await account(paying, 'messenger', 'connecting');
    await account(paying, 'messenger', 'connected', true); // removed

    const figures = await dashboard();
    expect(figures.owners).toEqual({ total: 8, newThisMonth: 4 });
    expect(figures.subscriptions).toEqual({ active: 1, trial: 3 });
    expect(figures.revenue.thisMonth).toBe(444_000);
    expect(figures.revenue.months).toEqual([
      { month: '2025-04', total: 445_000 },
      { month: '2025-05', total: 0 },
      { month: '2025-06', total: 0 },
      { month: '2025-07', total: 0 },
      { month: '2025-08', total: 0 },
      { month: '2025-09', total: 0 },
      { month: '2025-10', total: 0 },
      { month: '2025-11', total: 0 },
      { month: '2025-12', total: 0 },
      { month: '2026-01', total: 3_000_000_000 },
      { month: '2026-02', total: 222_000 },
      { month: '2026-03', total: 444_000 },
    ]);
    expect(figures.pendingTransfers).toBe(1);
    expect(figures.pendingWithdrawals).toBe(3);
    expect(figures.numbers).toEqual({ whatsapp: 3, instagram: 1, messenger: 1, disconnected: 2 });

    // operators asking at the same moment share one count
    const [again, alsoAgain] = await Promise.all([dashboard(), dashboard()]);
    expect(again).toEqual(figures);
    expect(alsoAgain).toEqual(figures);
  });

  it('counts messages by Jakarta day: closed days kept in stats_daily, today live', async () => {
    // the request above kept every closed day (none had messages): start over
    await t.ctx.db.delete(statsDaily);
    const { accountId, input } = await ownerWithSandbox(t.app);
    const ownerId = (await t.ctx.db.select().from(users)).find((u) => u.email === input.email)!.id;
    const [chat] = await t.ctx.db
      .insert(chats)
      .values({ ownerId, accountId, externalId: '6281299990000', contactName: 'Dewi' })
      .returning({ id: chats.id });
    const message = (createdAt: string) =>
      t.ctx.db.insert(messages).values({
        ownerId,
        chatId: chat!.id,
        accountId,
        externalId: randomUUID(),
        text: 'halo',
        isFromMe: false,
        status: 'read',
        createdAt: at(createdAt),
      });
    await message('2026-01-31T16:59:59Z'); // 23:59:59 on 31 January in Jakarta: older than the 30 days
    await message('2026-01-31T17:00:00Z'); // 00:00 on 1 February: the oldest day shown
    await message('2026-02-14T10:00:00Z');
    await message('2026-02-14T16:59:59Z'); // still 14 February in Jakarta
    await message('2026-02-14T17:00:00Z'); // 15 February
    await message('2026-03-01T16:59:59Z'); // 23:59:59 yesterday
    await message('2026-03-01T17:00:00Z'); // 00:00 today
    await customerSays(t.app, accountId, 'permisi kak'); // now, through the app
    // a closed day already counted is read, never counted again
    await t.ctx.db.insert(statsDaily).values({ day: '2026-02-10', messages: 42 });

    const first = (await dashboard()).messagesPerDay;
    expect(first).toHaveLength(30);
    expect(first[0]).toEqual({ day: '2026-02-01', count: 1 });
    expect(first[29]).toEqual({ day: '2026-03-02', count: 2 });
    const byDay = new Map(first.map((d) => [d.day, d.count]));
    expect(byDay.get('2026-02-10')).toBe(42);
    expect(byDay.get('2026-02-14')).toBe(2);
    expect(byDay.get('2026-02-15')).toBe(1);
    expect(byDay.get('2026-02-28')).toBe(0);
    expect(byDay.get('2026-03-01')).toBe(1);
    expect([...byDay.keys()]).toEqual([...byDay.keys()].sort());
    expect(first.reduce((sum, d) => sum + d.count, 0)).toBe(42 + 1 + 2 + 1 + 1 + 2);

    // the 29 closed days are kept, counted at the time of the request
    const kept = await t.ctx.db.select().from(statsDaily).orderBy(asc(statsDaily.day));
    expect(kept).toHaveLength(29);
    expect(kept[0]).toMatchObject({ day: '2026-02-01', messages: 1 });
    expect(kept[28]).toMatchObject({ day: '2026-03-01', messages: 1 });
    expect(kept.find((k) => k.day === '2026-02-10')!.messages).toBe(42);
    expect(kept.find((k) => k.day === '2026-02-14')).toMatchObject({
      messages: 2,
      computedAt: at('2026-03-02T08:00:00Z'),
    });

    // later: today moves live; a closed day keeps its figure
    await message('2026-02-14T12:00:00Z');
    await customerSays(t.app, accountId, 'masih ada kak?');
    const second = new Map((await dashboard()).messagesPerDay.map((d) => [d.day, d.count]));
    expect(second.get('2026-02-14')).toBe(2);
    expect(second.get('2026-03-02')).toBe(3);

    // the next day in Jakarta: yesterday closes, is counted and kept
    t.clock.advance(24 * 3600_000);
    const next = (await dashboard()).messagesPerDay;
    expect(next).toHaveLength(30);
    expect(next[0]).toEqual({ day: '2026-02-02', count: 0 });
    expect(next[28]).toEqual({ day: '2026-03-02', count: 3 });
    expect(next[29]).toEqual({ day: '2026-03-03', count: 0 });
    expect(await t.ctx.db.select().from(statsDaily)).toHaveLength(30);
  });

  it('answers operators only', async () => {
    expect((await call('GET', '/api/admin/dashboard')).statusCode).toBe(401);
    const { token } = await registerOwner(t.app);
    expect((await call('GET', '/api/admin/dashboard', token)).statusCode).toBe(403);
    const agent = await agentFor(t, token, 'Rina');
    expect((await call('GET', '/api/admin/dashboard', agent.token)).statusCode).toBe(403);
  });
});
