import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { agentFor, json, operatorToken, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { openSocket } from '../../../test/sockets';
import { buyPlan, ownerNamed } from './area-fixture';

/** Issue 23: the operators' users page: the owners, their state, disabling them and the beta flag. */
const { t, call } = useTestApp({ listen: true });

const list = async (query: string) => {
  const res = await call('GET', `/api/admin/user?${query}`, await operatorToken(t.app));
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.adminUserPage);
};

describe('the owners list', () => {
  it('searches name, email and phone, filters by state, newest first, paged', async () => {
    const operator = await operatorToken(t.app);
    const none = await ownerNamed(t, 'Warung Daftar Satu', { trial: false });
    t.clock.advance(1000);
    const trial = await ownerNamed(t, 'Warung Daftar Dua');
    t.clock.advance(1000);
    const active = await ownerNamed(t, 'Warung Daftar Tiga');
    await buyPlan(t, active.token);
    t.clock.advance(1000);
    const expired = await ownerNamed(t, 'Warung Daftar Empat');
    await call('PUT', `/api/admin/user/${expired.id}/subscription`, operator, {
      expiresAt: '2026-03-01T00:00:00.000Z',
      reason: 'Uji langganan berakhir',
    });
    t.clock.advance(1000);
    const disabled = await ownerNamed(t, 'Warung Daftar Lima');
    await call('POST', `/api/admin/user/${disabled.id}/disable`, operator, { reason: 'Spam ke pelanggan' });

    const all = await list('q=warung%20daftar');
    expect(all.docs.map((u) => [u.name, u.state])).toEqual([
      ['Warung Daftar Lima', 'disabled'],
      ['Warung Daftar Empat', 'expired'],
      ['Warung Daftar Tiga', 'active'],
      ['Warung Daftar Dua', 'trial'],
      ['Warung Daftar Satu', 'none'],
    ]);
    expect(all.hasNextPage).toBe(false);
    const paid = all.docs.find((u) => u._id === active.id)!;
    expect(paid).toMatchObject({
      email: active.input.email,
      phone: active.input.phone,
      isVerified: true,
      isBetaUser: false,
      planName: 'Pro',
      trialUsed: true,
      numbers: 1,
      agents: 0,
      disabledAt: null,
    });
    expect(all.docs.find((u) => u._id === disabled.id)).toMatchObject({
      disabledReason: 'Spam ke pelanggan',
      disabledAt: t.clock.now().toISOString(),
    });
    expect(all.docs.find((u) => u._id === trial.id)).toMatchObject({ planName: null, trialUsed: true });
    expect(all.docs.find((u) => u._id === none.id)).toMatchObject({
      trialUsed: false,
      subscriptionExpiresAt: null,
    });

    for (const state of api.ADMIN_USER_STATES) {
      const page = await list(`q=warung%20daftar&state=${state}`);
      expect(
        page.docs.map((u) => u.state),
        state,
      ).toEqual([state]);
    }
    // by email and by phone
    expect((await list(`q=${encodeURIComponent(trial.input.email)}`)).docs.map((u) => u._id)).toEqual([
      trial.id,
    ]);
    expect((await list(`q=${trial.input.phone}`)).docs.map((u) => u._id)).toEqual([trial.id]);
    // a number as people write it
    const written = `0${trial.input.phone.slice(2, 5)}-${trial.input.phone.slice(5)}`;
    expect((await list(`q=${encodeURIComponent(written)}`)).docs.map((u) => u._id)).toEqual([trial.id]);
    // LIKE's own characters are only characters
    expect((await list('q=%25')).docs).toEqual([]);
    // paged
    const first = await list('q=warung%20daftar&limit=2');
    const third = await list('q=warung%20daftar&limit=2&page=3');
    expect([first.docs.length, first.hasNextPage, third.docs.length, third.hasNextPage]).toEqual([
      2,
      true,
      1,
      false,
    ]);
    expect((await call('GET', '/api/admin/user?state=lain', operator)).statusCode).toBe(400);
  });

  it('counts numbers not deleted and agents per owner', async () => {
    const owner = await ownerWithSandbox(t.app);
    const ownerId = json(await call('GET', '/api/user', owner.token), api.userProfile)._id;
    await agentFor(t, owner.token, 'Agen Hitung Satu');
    await agentFor(t, owner.token, 'Agen Hitung Dua');
    const operator = await operatorToken(t.app);
    const row = json(await call('GET', `/api/admin/user/${ownerId}`, operator), api.adminUserDetail);
    expect([row.numbers, row.agents]).toEqual([1, 2]);
    expect(row.agentList.map((a) => a.name)).toEqual(['Agen Hitung Satu', 'Agen Hitung Dua']);
    expect(row.accounts).toEqual([
      expect.objectContaining({ _id: owner.accountId, type: 'whatsapp', status: 'connected' }),
    ]);
  });
});

describe('one owner', () => {
  it('shows who referred them, their purchases and the operators’ adjustments', async () => {
    const operator = await operatorToken(t.app);
    const referrer = await ownerNamed(t, 'Toko Perujuk Detail');
    const owner = await ownerNamed(t, 'Toko Dirujuk Detail', { referralCode: referrer.referralCode });
    const bought = await buyPlan(t, owner.token);
    await call('PUT', `/api/admin/user/${owner.id}/subscription`, operator, {
      expiresAt: '2026-12-31T17:00:00.000Z',
      reason: 'Kompensasi gangguan layanan',
    });
    const res = await call('GET', `/api/admin/user/${owner.id}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const detail = json(res, api.adminUserDetail);
    expect(detail).toMatchObject({
      _id: owner.id,
      name: 'Toko Dirujuk Detail',
      referralCode: owner.referralCode,
      referredBy: { _id: referrer.id, name: 'Toko Perujuk Detail' },
      state: 'active',
      subscriptionExpiresAt: '2026-12-31T17:00:00.000Z',
    });
    expect(detail.transactions).toEqual([
      expect.objectContaining({
        _id: bought._id,
        status: 'paid',
        owner: { _id: owner.id, name: owner.input.name, email: owner.input.email, phone: owner.input.phone },
      }),
    ]);
    expect(detail.adjustments).toEqual([
      expect.objectContaining({
        ownerId: owner.id,
        previousExpiresAt: bought.extendedTo,
        expiresAt: '2026-12-31T17:00:00.000Z',
        reason: 'Kompensasi gangguan layanan',
      }),
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/password/i);
    expect((await call('GET', '/api/admin/user/bukan-id', operator)).statusCode).toBe(404);
  });
});

describe('disabling an owner', () => {
  it('signs out the owner and their agents at once, refuses their sign-in, and enabling restores it', async () => {
    const operator = await operatorToken(t.app);
    const owner = await ownerNamed(t, 'Toko Dinonaktifkan');
    const agent = await agentFor(t, owner.token, 'Agen Toko Nonaktif');
    const bystander = await ownerNamed(t, 'Toko Tetangga Aktif');
    // each has been seen (and cached) before
    for (const token of [owner.token, agent.token, bystander.token])
      expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
    const sockets = await Promise.all(
      [owner.token, agent.token, bystander.token].map(async (token) => {
        const socket = await openSocket(`${t.base}/ws?token=${encodeURIComponent(token)}`, () => {});
        const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
        return { socket, closed };
      }),
    );

    const res = await call('POST', `/api/admin/user/${owner.id}/disable`, operator, {
      reason: 'Laporan penipuan',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, api.adminUser)).toMatchObject({ state: 'disabled', disabledReason: 'Laporan penipuan' });

    expect(await sockets[0]!.closed).toBe(1008);
    expect(await sockets[1]!.closed).toBe(1008);
    expect((await call('GET', '/api/user', owner.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/chat', agent.token)).statusCode).toBe(401);
    // another tenant is untouched
    expect((await call('GET', '/api/user', bystander.token)).statusCode).toBe(200);
    expect(sockets[2]!.socket.readyState).toBe(sockets[2]!.socket.OPEN);

    const signIn = (identifier: string, password: string) =>
      call('POST', '/api/auth/login', undefined, { identifier, password });
    for (const who of [owner.input, agent.input]) {
      const refused = await signIn(who.email, who.password);
      expect(refused.statusCode, who.email).toBe(403);
      expect(json(refused, api.apiErrorBody).message).toBe(
        'Akun ini dinonaktifkan. Hubungi customer service Sapa.',
      );
      // a wrong password says nothing about the account
      const wrong = await signIn(who.email, 'bukan-kata-sandinya');
      expect(json(wrong, api.apiErrorBody).message).toBe(api.t('auth.invalidCredentials'));
    }
    // nothing was deleted
    const detail = json(await call('GET', `/api/admin/user/${owner.id}`, operator), api.adminUserDetail);
    expect([detail.numbers, detail.agents]).toEqual([1, 1]);

    const enabled = await call('POST', `/api/admin/user/${owner.id}/enable`, operator);
    expect(json(enabled, api.adminUser)).toMatchObject({
      state: 'trial',
      disabledAt: null,
      disabledReason: null,
    });
    for (const who of [owner.input, agent.input]) {
      const back = await signIn(who.email, who.password);
      expect(back.statusCode, back.body).toBe(200);
      expect((await call('GET', '/api/user', json(back, api.loginResponse).token)).statusCode).toBe(200);
    }
    sockets[2]!.socket.close();
    expect(
      (await call('POST', '/api/admin/user/bukan-id/disable', operator, { reason: 'Uji' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/user/${owner.id}/disable`, operator, { reason: '' })).statusCode,
    ).toBe(400);
  });
});

describe('the beta flag and last activity', () => {
  it('opens the beta pages for one owner', async () => {
    const operator = await operatorToken(t.app);
    const owner = await ownerNamed(t, 'Toko Beta');
    const on = await call('PUT', `/api/admin/user/${owner.id}/beta`, operator, { isBetaUser: true });
    expect(json(on, api.adminUser).isBetaUser).toBe(true);
    expect(json(await call('GET', '/api/user', owner.token), api.userProfile).isBetaUser).toBe(true);
    const off = await call('PUT', `/api/admin/user/${owner.id}/beta`, operator, { isBetaUser: false });
    expect(json(off, api.adminUser).isBetaUser).toBe(false);
    expect(
      (await call('PUT', `/api/admin/user/${owner.id}/beta`, operator, { isBetaUser: 'ya' })).statusCode,
    ).toBe(400);
  });

  it("records the owner's last activity when they or their agents use the app, at most every few minutes", async () => {
    const owner = await ownerNamed(t, 'Toko Aktif Terakhir');
    const agent = await agentFor(t, owner.token, 'Agen Aktif Terakhir');
    const lastActive = async () =>
      (await t.ctx.db.select().from(users).where(eq(users.id, owner.id)))[0]!.lastActiveAt?.toISOString();
    const signedIn = t.clock.now().toISOString();
    expect(await lastActive()).toBe(signedIn);
    // within the touch interval nothing is written
    t.clock.advance(60_000);
    await call('GET', '/api/user', agent.token);
    expect(await lastActive()).toBe(signedIn);
    // the agent's use after it counts for the owner
    t.clock.advance(10 * 60_000);
    await call('GET', '/api/user', agent.token);
    expect(await lastActive()).toBe(t.clock.now().toISOString());
    const listed = (await list(`q=${encodeURIComponent(owner.input.email)}`)).docs[0]!;
    expect(listed.lastActiveAt).toBe(t.clock.now().toISOString());
  });
});
