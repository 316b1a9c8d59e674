import * as api from '@sapa/contracts';
import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions, auditLog } from '../../db/schema';
import {
  TEST_OPERATOR,
  agentFor,
  enableBankTransfer,
  json,
  operatorToken,
  useTestApp,
  type Method,
} from '../../../test/helpers';
import { routeTable } from '../../../test/route-table';
import { ownerNamed } from './area-fixture';

/**
 * Issue 23: every write an operator makes leaves an audit row naming them, the action and the
 * target, with no password or key in it; and the admin area answers operators only.
 */
const { t, call } = useTestApp();

const MIDTRANS_SERVER_KEY = 'SB-Mid-server-AuditRahasia0099';
const NEW_OPERATOR_PASSWORD = 'sandi-operator-baru-77';
const CHANGED_OWN_PASSWORD = 'sandi-saya-yang-baru-55';

/** Admin writes that record nothing, and why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/admin/article/cover':
    "stores an image file only; the article that shows it is audited when it is saved (the articles' own route)",
};

let operator: string;
let operatorId: string;
let owner: Awaited<ReturnType<typeof ownerNamed>>;

beforeAll(async () => {
  operator = await operatorToken(t.app);
  operatorId = json(await call('GET', '/api/admin', operator), api.adminProfile)._id;
  owner = await ownerNamed(t, 'Toko Diaudit');
});

/** The newest audit rows, newest first. */
const auditRows = () => t.ctx.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id));

/** One admin write of the test: the route it calls, how, and the audit row it must leave. */
interface Step {
  route: string;
  run: () => Promise<LightMyRequestResponse>;
  action: string;
  targetType: string;
  /** the target's id, known before or read from the answer */
  targetId: (res: LightMyRequestResponse) => string;
}

const idOf = (res: LightMyRequestResponse) => json<{ _id: string }>(res)._id;

describe('the audit log', () => {
  it('records every admin write with its operator, action and target, and never a secret', async () => {
    await enableBankTransfer(t);
    const as = (method: Method, url: string, payload?: object) => call(method, url, operator, payload);
    const purchase = async (key: string) => {
      const res = await call('POST', '/api/transaction', owner.token, {
        planKey: 'dasar',
        months: 1,
        method: 'bank_transfer',
        idempotencyKey: `audit-pembelian-${key}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return idOf(res);
    };
    const [toConfirm, toReject, toCancel] = [await purchase('1'), await purchase('2'), await purchase('3')];
    await t.ctx.db.insert(affiliateCommissions).values({
      ownerId: owner.id,
      referredId: owner.id,
      transactionId: toConfirm,
      amount: 600_000,
      ratePercent: 20,
    });
    const withdraw = async () => {
      const res = await call('POST', '/api/affiliate/withdrawal', owner.token, {
        amount: 100_000,
        bankName: 'BCA',
        accountNumber: '1234567890',
        accountHolder: 'Toko Diaudit',
      });
      expect(res.statusCode, res.body).toBe(201);
      return idOf(res);
    };
    const [toApprove, toPay, toRefuse] = [await withdraw(), await withdraw(), await withdraw()];
    let operatorMade = '';
    let articleId = '';
    const fixed = (id: string) => () => id;

    const steps: Step[] = [
      {
        route: 'PATCH /api/admin',
        run: () =>
          as('PATCH', '/api/admin', {
            name: 'Operator Diaudit',
            password: CHANGED_OWN_PASSWORD,
            currentPassword: TEST_OPERATOR.password,
          }),
        action: 'admin.update',
        targetType: 'admin',
        targetId: () => operatorId,
      },
      {
        route: 'PUT /api/admin/billing',
        run: () => as('PUT', '/api/admin/billing', api.DEFAULT_BILLING_SETTINGS),
        action: 'settings.billing',
        targetType: 'settings',
        targetId: fixed('billing'),
      },
      {
        route: 'PUT /api/admin/payment',
        run: () =>
          as('PUT', '/api/admin/payment', {
            bankAccounts: [{ bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'PT Sapa' }],
            midtrans: {
              clientKey: 'SB-Mid-client-Audit01',
              serverKey: MIDTRANS_SERVER_KEY,
              production: false,
            },
          }),
        action: 'settings.payment',
        targetType: 'settings',
        targetId: fixed('payment'),
      },
      {
        route: 'PUT /api/admin/setting/site',
        run: () =>
          as('PUT', '/api/admin/setting/site', {
            betaPaths: ['/user/integration/instagram'],
            links: {
              tutorial: 'https://contoh.test/tutorial',
              customerService: 'https://wa.me/6281100000000',
              article: '/artikel',
            },
          }),
        action: 'settings.site',
        targetType: 'settings',
        targetId: fixed('site'),
      },
      {
        route: 'POST /api/admin/transaction/:id/confirm',
        run: () => as('POST', `/api/admin/transaction/${toConfirm}/confirm`),
        action: 'transaction.confirm',
        targetType: 'transaction',
        targetId: fixed(toConfirm),
      },
      {
        route: 'POST /api/admin/transaction/:id/reject',
        run: () => as('POST', `/api/admin/transaction/${toReject}/reject`, { reason: 'Dana tidak masuk' }),
        action: 'transaction.reject',
        targetType: 'transaction',
        targetId: fixed(toReject),
      },
      {
        route: 'POST /api/admin/transaction/:id/cancel',
        run: () => as('POST', `/api/admin/transaction/${toCancel}/cancel`),
        action: 'transaction.cancel',
        targetType: 'transaction',
        targetId: fixed(toCancel),
      },
      {
        route: 'PUT /api/admin/user/:id/subscription',
        run: () =>
          as('PUT', `/api/admin/user/${owner.id}/subscription`, {
            expiresAt: '2026-12-31T17:00:00.000Z',
            reason: 'Kompensasi gangguan',
          }),
        action: 'user.subscription',
        targetType: 'user',
        targetId: () => owner.id,
      },
      {
        route: 'POST /api/admin/withdrawal/:id/approve',
        run: () => as('POST', `/api/admin/withdrawal/${toApprove}/approve`),
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: fixed(toApprove),
      },
      {
        route: 'POST /api/admin/withdrawal/:id/paid',
        run: () => as('POST', `/api/admin/withdrawal/${toPay}/paid`, { transferReference: 'TRF-AUDIT-1' }),
        action: 'withdrawal.paid',
        targetType: 'withdrawal',
        targetId: fixed(toPay),
      },
      {
        route: 'POST /api/admin/withdrawal/:id/reject',
        run: () =>
          as('POST', `/api/admin/withdrawal/${toRefuse}/reject`, { reason: 'Rekening tidak sesuai' }),
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: fixed(toRefuse),
      },
      {
        route: 'PUT /api/admin/user/:id/beta',
        run: () => as('PUT', `/api/admin/user/${owner.id}/beta`, { isBetaUser: true }),
        action: 'user.beta',
        targetType: 'user',
        targetId: () => owner.id,
      },
      {
        route: 'POST /api/admin/user/:id/disable',
        run: () => as('POST', `/api/admin/user/${owner.id}/disable`, { reason: 'Uji audit' }),
        action: 'user.disable',
        targetType: 'user',
        targetId: () => owner.id,
      },
      {
        route: 'POST /api/admin/user/:id/enable',
        run: () => as('POST', `/api/admin/user/${owner.id}/enable`),
        action: 'user.enable',
        targetType: 'user',
        targetId: () => owner.id,
      },
      {
        route: 'POST /api/admin/operator',
        run: async () => {
          const res = await as('POST', '/api/admin/operator', {
            name: 'Operator Kedua',
            username: 'operator.kedua',
            password: NEW_OPERATOR_PASSWORD,
          });
          operatorMade = idOf(res);
          return res;
        },
        action: 'operator.create',
        targetType: 'admin',
        targetId: idOf,
      },
      {
        route: 'POST /api/admin/operator/:id/disable',
        run: () => as('POST', `/api/admin/operator/${operatorMade}/disable`),
        action: 'operator.disable',
        targetType: 'admin',
        targetId: () => operatorMade,
      },
      {
        route: 'POST /api/admin/operator/:id/enable',
        run: () => as('POST', `/api/admin/operator/${operatorMade}/enable`),
        action: 'operator.enable',
        targetType: 'admin',
        targetId: () => operatorMade,
      },
      // the articles (their module's routes), when this server has them
      {
        route: 'POST /api/admin/article',
        run: async () => {
          const res = await as('POST', '/api/admin/article', {
            title: 'Cara membalas chat lebih cepat',
            slug: 'cara-membalas-chat-lebih-cepat',
            summary: 'Ringkas.',
            coverUrl: null,
            bodyHtml: '<p>Isi.</p>',
          });
          articleId = idOf(res);
          return res;
        },
        action: 'article.create',
        targetType: 'article',
        targetId: idOf,
      },
      {
        route: 'PUT /api/admin/article/:id',
        run: () =>
          as('PUT', `/api/admin/article/${articleId}`, {
            title: 'Cara membalas chat lebih cepat lagi',
            slug: 'cara-membalas-chat-lebih-cepat',
            summary: 'Ringkas.',
            coverUrl: null,
            bodyHtml: '<p>Isi baru.</p>',
          }),
        action: 'article.update',
        targetType: 'article',
        targetId: () => articleId,
      },
      {
        route: 'POST /api/admin/article/:id/publish',
        run: () => as('POST', `/api/admin/article/${articleId}/publish`),
        action: 'article.publish',
        targetType: 'article',
        targetId: () => articleId,
      },
      {
        route: 'POST /api/admin/article/:id/unpublish',
        run: () => as('POST', `/api/admin/article/${articleId}/unpublish`),
        action: 'article.unpublish',
        targetType: 'article',
        targetId: () => articleId,
      },
      {
        route: 'DELETE /api/admin/article/:id',
        run: () => as('DELETE', `/api/admin/article/${articleId}`),
        action: 'article.delete',
        targetType: 'article',
        targetId: () => articleId,
      },
    ];

    // every admin write of the route table has a step (or a reason to record nothing)
    const writes = routeTable(t.app)
      .filter((r) => r.url === '/api/admin' || r.url.startsWith('/api/admin/'))
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    const planned = new Set(steps.map((s) => s.route));
    expect(
      writes.filter((w) => !planned.has(w) && !(w in NOT_AUDITED)),
      'an admin write route without a step here: add one (and record its audit row)',
    ).toEqual([]);

    const performed: string[] = [];
    for (const step of steps) {
      if (!writes.includes(step.route)) continue; // a module this server does not have
      t.clock.advance(1000); // one row a second: newest first reads in order
      const before = (await auditRows()).length;
      const res = await step.run();
      expect(res.statusCode, `${step.route}: ${res.body}`).toBeLessThan(300);
      const rows = await auditRows();
      expect(rows.length - before, `${step.route} audit rows`).toBe(1);
      expect(rows[0], step.route).toMatchObject({
        adminId: operatorId,
        action: step.action,
        targetType: step.targetType,
        targetId: step.targetId(res),
      });
      performed.push(step.route);
    }
    expect(performed.length).toBe(writes.filter((w) => !(w in NOT_AUDITED)).length);

    // what the rows hold: the states, never a password, a hash or the Midtrans server key
    const rows = await auditRows();
    const text = JSON.stringify(rows);
    for (const secret of [
      MIDTRANS_SERVER_KEY,
      NEW_OPERATOR_PASSWORD,
      CHANGED_OWN_PASSWORD,
      TEST_OPERATOR.password,
      '$argon2',
    ])
      expect(text, secret).not.toContain(secret);
    const byAction = (action: string) => rows.find((r) => r.action === action)!;
    expect(byAction('transaction.confirm')).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'paid' },
    });
    expect(byAction('transaction.reject').after).toMatchObject({
      status: 'failed',
      statusReason: 'Dana tidak masuk',
    });
    expect(byAction('withdrawal.paid')).toMatchObject({
      before: { status: 'requested' },
      after: { status: 'paid', transferReference: 'TRF-AUDIT-1' },
    });
    expect(byAction('user.disable')).toMatchObject({
      before: { disabledAt: null },
      after: { disabledReason: 'Uji audit' },
    });
    expect(byAction('user.subscription').after).toMatchObject({
      subscriptionExpiresAt: '2026-12-31T17:00:00.000Z',
      reason: 'Kompensasi gangguan',
    });
    expect(byAction('settings.payment').after).toMatchObject({
      midtrans: { clientKey: 'SB-Mid-client-Audit01' },
    });
    expect(byAction('admin.update')).toMatchObject({
      adminName: 'Operator Diaudit',
      before: { username: TEST_OPERATOR.username },
      after: { name: 'Operator Diaudit', password: '[disembunyikan]' },
    });

    // read back through the admin area, by target
    const page = await call('GET', `/api/admin/audit?targetType=user&targetId=${owner.id}`, operator);
    expect(page.statusCode, page.body).toBe(200);
    expect(json(page, api.auditPage).docs.map((d) => d.action)).toEqual([
      'user.enable',
      'user.disable',
      'user.beta',
      'user.subscription',
    ]);
    const mine = json(
      await call('GET', `/api/admin/audit?adminId=${operatorId}&limit=2`, operator),
      api.auditPage,
    );
    expect([mine.docs.length, mine.hasNextPage]).toEqual([2, true]);
  });

  it('records a burst of confirmations of one transfer once: only the one that paid it changed anything', async () => {
    await enableBankTransfer(t);
    const buyer = await ownerNamed(t, 'Toko Diserbu');
    const res = await call('POST', '/api/transaction', buyer.token, {
      planKey: 'dasar',
      months: 1,
      method: 'bank_transfer',
      idempotencyKey: 'audit-serbuan-konfirmasi',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = idOf(res);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/admin/transaction/${id}/confirm`, operator)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => JSON.parse(a.body).status))).toEqual(new Set(['paid']));
    const confirms = (await auditRows()).filter(
      (r) => r.action === 'transaction.confirm' && r.targetId === id,
    );
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'paid' } });
    // and a later repeat, in sequence, adds none either
    expect((await call('POST', `/api/admin/transaction/${id}/confirm`, operator)).statusCode).toBe(200);
    expect(
      (await auditRows()).filter((r) => r.action === 'transaction.confirm' && r.targetId === id),
    ).toHaveLength(1);
  });
});

describe('the admin area', () => {
  it('answers 403 to an owner and an agent, and 401 to a stranger, on every route', async () => {
    const routes = routeTable(t.app).filter(
      (r) => (r.url === '/api/admin' || r.url.startsWith('/api/admin/')) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(20);
    const someone = await ownerNamed(t, 'Toko Bukan Admin');
    const agent = await agentFor(t, someone.token, 'Agen Bukan Admin');
    const problems: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, someone.id);
      for (const [who, token, expected] of [
        ['owner', someone.token, 403],
        ['agent', agent.token, 403],
        ['anonymous', undefined, 401],
      ] as const) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: token ? { token } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== expected)
          problems.push(
            `${who}: ${route.method} ${route.url} answered ${res.statusCode}, expected ${expected}`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
