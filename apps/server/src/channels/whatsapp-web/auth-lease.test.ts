import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { BufferJSON, initAuthCreds, proto } from 'baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';
import { accounts, whatsappAuthKeys } from '../../db/schema';
import { dbAuthState, wipeAuth } from './auth-store';
import { FakeFactory } from './fake-socket';
import { WhatsappManager } from './manager';

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await registerOwner(t.app);
  ownerId = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  )._id;
});
afterAll(async () => {
  await t.close();
});

async function newAccount(values: Partial<typeof accounts.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({ ownerId, type: 'whatsapp', provider: 'whatsapp-web', labelName: 'WA', ...values })
    .returning();
  return row!;
}

describe('auth store', () => {
  it('round-trips creds and keys with BufferJSON; null deletes; app-state-sync-key revived as proto', async () => {
    const account = await newAccount({ status: 'connecting' });
    const first = await dbAuthState(t.ctx.db, account.id);
    const fresh = initAuthCreds();
    expect(first.state.creds.noiseKey.public).toBeInstanceOf(Uint8Array);
    first.state.creds.registered = true;
    await first.saveCreds();
    const preKey = { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) };
    await first.state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      'app-state-sync-key': {
        AAA: proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from([9, 9]) }),
      },
      'lid-mapping': { '6281': '5550001' },
      'device-list': { '6281': ['0', '3'] },
      tctoken: { '6281@s.whatsapp.net': { token: Buffer.from([7]), timestamp: '1' } },
    });
    await first.state.keys.set({ 'pre-key': { '2': null } });

    const again = await dbAuthState(t.ctx.db, account.id);
    expect(again.state.creds.registered).toBe(true);
    expect(
      Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(first.state.creds.noiseKey.private)),
    ).toBe(true);
    expect(again.state.creds.noiseKey.private).not.toEqual(fresh.noiseKey.private);
    const pre = await again.state.keys.get('pre-key', ['1', '2']);
    expect(Object.keys(pre)).toEqual(['1']);
    expect(Buffer.from(pre['1']!.public).equals(preKey.public)).toBe(true);
    const sync = await again.state.keys.get('app-state-sync-key', ['AAA']);
    expect(sync.AAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.AAA!.keyData!)).toEqual(Buffer.from([9, 9]));
    expect(await again.state.keys.get('lid-mapping', ['6281'])).toEqual({ '6281': '5550001' });
    expect(await again.state.keys.get('device-list', ['6281'])).toEqual({ '6281': ['0', '3'] });
    const stored = await t.ctx.db
      .select()
      .from(whatsappAuthKeys)
      .where(eq(whatsappAuthKeys.accountId, account.id));
    const creds = stored.find((r) => r.category === 'creds')!;
    expect(JSON.parse(creds.value, BufferJSON.reviver).registered).toBe(true);

    await wipeAuth(t.ctx.db, account.id);
    expect(
      await t.ctx.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.accountId, account.id)),
    ).toHaveLength(0);
  });
});

describe('leases', () => {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const options = (factory: FakeFactory, holderId: string) => ({
    socketFactory: factory.create,
    holderId,
    leaseMs: 1500,
    renewMs: 200,
    scanMs: 150,
  });

  it('two processes never both hold a number; when the holder dies the other takes over', async () => {
    await t.ctx.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.provider, 'whatsapp-web'));
    const account = await newAccount({ status: 'connected', waJid: '6281@s.whatsapp.net' });
    const fa = new FakeFactory();
    const fb = new FakeFactory();
    const a = new WhatsappManager(t.ctx, options(fa, 'proc-a'));
    const b = new WhatsappManager(t.ctx, options(fb, 'proc-b'));
    await Promise.all([a.start(), b.start()]);
    const live = (f: FakeFactory) => f.sockets.filter((s) => !s.ended).length;
    for (let i = 0; i < 10; i++) {
      await wait(50);
      expect(live(fa) + live(fb)).toBeLessThanOrEqual(1);
    }
    expect(live(fa) + live(fb)).toBe(1);
    const [holder, other, holderFactory, otherFactory] = live(fa) === 1 ? [a, b, fa, fb] : [b, a, fb, fa];
    const row = (await t.ctx.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
    expect(row.leaseHolder).toBe(holder.holderId);

    // the holder dies: it stops renewing and never releases; the lease expires and the other takes it
    await holder.stop({ release: false });
    expect(otherFactory.sockets).toHaveLength(0);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && live(otherFactory) === 0) await wait(50);
    expect(live(otherFactory)).toBe(1);
    expect(holderFactory.sockets.every((s) => s.ended)).toBe(true);
    const after = (await t.ctx.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
    expect(after.leaseHolder).toBe(other.holderId);

    // a lease taken away (renewal finds another holder) ends the socket at once
    await t.ctx.db.update(accounts).set({ leaseHolder: 'proc-c' }).where(eq(accounts.id, account.id));
    const until = Date.now() + 2000;
    while (Date.now() < until && live(otherFactory) > 0) await wait(50);
    expect(live(otherFactory)).toBe(0);
    await other.stop();
  });
});
