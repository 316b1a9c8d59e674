import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcasts, statusRuns, subscriptionAdjustments } from '../../db/schema';
import {
  agentFor,
  customerSays,
  drainJobs,
  json,
  operatorToken,
  ownerWithSandbox,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';

/**
 * Issue 22 part 5: without a running subscription the inbox stays readable, but nothing new goes out:
 * sending, broadcasts, status posts and new numbers are refused with 402 and a message that says why.
 */
const { t, call } = useTestApp();

const REQUIRED = api.t('billing.subscriptionRequired');
const EXPIRED = api.t('billing.subscriptionExpired');

async function setExpiry(ownerToken: string, expiresAt: Date, reason = 'Uji pengakhiran langganan') {
  const ownerId = json(await call('GET', '/api/user', ownerToken), api.userProfile)._id;
  const res = await call('PUT', `/api/admin/user/${ownerId}/subscription`, await operatorToken(t.app), {
    expiresAt: expiresAt.toISOString(),
    reason,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.subscriptionAdjustment);
}

/** Every way of sending something new, each answered with its status and message. */
async function attempts(token: string, accountId: string, chatId: string) {
  const send = await call('POST', `/api/chat/${chatId}/message`, token, {
    temporaryId: api.temporaryId(),
    text: 'Halo, pesanan sudah dikirim',
  });
  const broadcast = await call('POST', '/api/publication/broadcast', token, {
    name: 'Promo akhir bulan',
    accountIds: [accountId],
    phoneNumbers: '081344440001',
    message: { type: 'text', text: 'Diskon 20%' },
  });
  const status = await call('POST', '/api/publication/status', token, {
    accountId,
    type: 'text',
    text: 'Buka sampai jam 9 malam',
    repeat: 'none',
    audience: 'all',
  });
  const number = await call('POST', '/api/account/whatsapp', token, { labelName: 'Toko 2', method: 'qr' });
  return { send, broadcast, status, number };
}

describe('what a subscription allows', () => {
  it('an owner who never started one reads the inbox but sends nothing until the trial', async () => {
    const { token, input } = await registerOwner(t.app, undefined, { trial: false });
    const accountId = json(await call('GET', '/api/account', token), api.paged(api.account)).docs[0]!._id;
    const { chatId } = await customerSays(t.app, accountId, 'Apakah barang ready?');
    for (const [what, res] of Object.entries(await attempts(token, accountId, chatId))) {
      expect(res.statusCode, what).toBe(402);
      expect(json(res, api.apiErrorBody), what).toMatchObject({
        code: 'PAYMENT_REQUIRED',
        message: REQUIRED,
      });
    }
    // reading is never blocked
    expect((await call('GET', '/api/chat', token)).statusCode).toBe(200);
    const messages = await call('GET', `/api/chat/${chatId}/message`, token);
    expect(messages.body).toContain('Apakah barang ready?');
    expect(json(await call('GET', '/api/publication/broadcast', token), api.broadcastPage).docs).toEqual([]);

    // the trial opens it
    expect((await call('POST', '/api/user/trial-activate', token)).statusCode).toBe(200);
    const after = await attempts(token, accountId, chatId);
    expect(after.send.statusCode, after.send.body).toBe(200);
    expect(after.broadcast.statusCode, after.broadcast.body).toBe(201);
    expect(after.status.statusCode, after.status.body).toBe(201);
    expect(input.email).toBeTruthy();
  });

  it('an expired owner and their agents are refused; a renewal opens it again, nothing lost', async () => {
    const owner = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, owner.accountId, 'Kapan dikirim?');
    const agent = await agentFor(t, owner.token, 'Rina');
    await call('POST', `/api/chat/${chatId}/assign`, owner.token, { agentId: agent.id });

    const ended = await setExpiry(owner.token, new Date(t.clock.now().getTime() - 60_000));
    expect(ended.reason).toBe('Uji pengakhiran langganan');
    expect(ended.previousExpiresAt).not.toBeNull();
    for (const [what, res] of Object.entries(await attempts(owner.token, owner.accountId, chatId))) {
      expect(res.statusCode, what).toBe(402);
      expect(json(res, api.apiErrorBody).message, what).toBe(EXPIRED);
    }
    const byAgent = await call('POST', `/api/chat/${chatId}/message`, agent.token, {
      temporaryId: api.temporaryId(),
      text: 'Besok ya kak',
    });
    expect(byAgent.statusCode).toBe(402);
    // the customer still reaches the inbox, and the team still reads it
    await customerSays(t.app, owner.accountId, 'Halo? Masih buka?');
    expect((await call('GET', `/api/chat/${chatId}/message`, agent.token)).body).toContain(
      'Halo? Masih buka?',
    );

    await setExpiry(owner.token, new Date(t.clock.now().getTime() + 30 * 86_400_000), 'Perpanjangan manual');
    const again = await call('POST', `/api/chat/${chatId}/message`, agent.token, {
      temporaryId: api.temporaryId(),
      text: 'Besok ya kak',
    });
    expect(again.statusCode, again.body).toBe(200);
    const ownerId = json(await call('GET', '/api/user', owner.token), api.userProfile)._id;
    const log = await t.ctx.db
      .select()
      .from(subscriptionAdjustments)
      .where(eq(subscriptionAdjustments.ownerId, ownerId));
    expect(log.map((r) => r.reason).sort()).toEqual(['Perpanjangan manual', 'Uji pengakhiran langganan']);
    // only the operator sets it
    expect(
      (
        await call('PUT', `/api/admin/user/${ownerId}/subscription`, owner.token, {
          expiresAt: '2030-01-01T00:00:00.000Z',
          reason: 'Saya perpanjang sendiri',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a subscription that ends before a scheduled broadcast or status pauses or fails it, with the reason', async () => {
    const owner = await ownerWithSandbox(t.app);
    await customerSays(t.app, owner.accountId, 'Halo', '6281355550001', 'Ani');
    const inAnHour = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const broadcast = await call('POST', '/api/publication/broadcast', owner.token, {
      name: 'Terjadwal',
      accountIds: [owner.accountId],
      phoneNumbers: '081355550002',
      message: { type: 'text', text: 'Selamat siang' },
      scheduledAt: inAnHour,
    });
    expect(broadcast.statusCode, broadcast.body).toBe(201);
    const status = await call('POST', '/api/publication/status', owner.token, {
      accountId: owner.accountId,
      type: 'text',
      text: 'Promo siang',
      repeat: 'none',
      audience: 'all',
      scheduledAt: inAnHour,
    });
    expect(status.statusCode, status.body).toBe(201);
    await setExpiry(owner.token, new Date(t.clock.now().getTime() + 1800_000));

    t.clock.advance(2 * 3600_000);
    await drainJobs(t);
    const [paused] = await t.ctx.db
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.id, json(broadcast, api.broadcast)._id));
    expect(paused).toMatchObject({ state: 'paused', pausedReason: EXPIRED, sent: 0 });
    const runs = await t.ctx.db
      .select()
      .from(statusRuns)
      .where(eq(statusRuns.postId, json(status, api.statusPost)._id));
    expect(runs.map((r) => [r.state, r.reason])).toEqual([['failed', EXPIRED]]);
  });
});

describe('a disabled owner (issue 23)', () => {
  it('sends nothing more: their scheduled broadcast pauses with the reason, nothing is deleted', async () => {
    const owner = await ownerWithSandbox(t.app);
    const ownerId = json(await call('GET', '/api/user', owner.token), api.userProfile)._id;
    const created = await call('POST', '/api/publication/broadcast', owner.token, {
      name: 'Terjadwal',
      accountIds: [owner.accountId],
      phoneNumbers: '081355550003',
      message: { type: 'text', text: 'Selamat sore' },
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const disabled = await call('POST', `/api/admin/user/${ownerId}/disable`, await operatorToken(t.app), {
      reason: 'Pelanggaran ketentuan layanan',
    });
    expect(disabled.statusCode, disabled.body).toBeLessThan(300);
    t.clock.advance(2 * 3600_000);
    await drainJobs(t);
    const [paused] = await t.ctx.db
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.id, json(created, api.broadcast)._id));
    expect(paused).toMatchObject({ state: 'paused', pausedReason: api.t('auth.accountDisabled'), sent: 0 });
  });
});
