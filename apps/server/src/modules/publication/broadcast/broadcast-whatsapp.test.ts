import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { PUBLICATION_MESSAGES as M } from '@sapa/contracts';
import { accounts } from '../../../db/schema';
import { FakeFactory, type FakeSocket } from '../../../channels/whatsapp-web/fake-socket';
import type { WhatsappManager } from '../../../channels/whatsapp-web/manager';
import {
  createTestApp,
  devMailbox,
  drainJobs,
  json,
  registerOwner,
  type TestApp,
} from '../../../../test/helpers';

/**
 * A broadcast from a WhatsApp Web number (Baileys behind the fake socket of channels/whatsapp-web):
 * numbers not on WhatsApp are skipped after onWhatsApp, and WhatsApp's 463 on a send pauses the
 * broadcast with the reason and mails the owner; nothing is sent after it.
 */
let t: TestApp;
let factory: FakeFactory;
let token: string;
let email: string;
let ownerId: string;

beforeAll(async () => {
  factory = new FakeFactory();
  t = await createTestApp({
    env: { SAPA_BROADCAST_PACING: '0' },
    whatsapp: {
      socketFactory: factory.create,
      backoffMs: () => 20,
      pacing: { jitterMs: 0 },
      scanMs: 3_600_000,
    },
  });
  const registered = await registerOwner(t.app);
  token = registered.token;
  email = registered.input.email;
  ownerId = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  )._id;
  await (t.ctx.whatsapp as WhatsappManager).start();
});
afterAll(async () => {
  await t.close();
});

async function linkedNumber(): Promise<{ accountId: string; sock: FakeSocket }> {
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({
      ownerId,
      type: 'whatsapp',
      provider: 'whatsapp-web',
      labelName: 'Toko Pusat',
      phoneNumber: '6281111111111',
      status: 'connected',
      waJid: '6281111111111@s.whatsapp.net',
      sendMinGapMs: 1000,
    })
    .returning();
  const manager = t.ctx.whatsapp as WhatsappManager;
  await (manager as unknown as { scan(): Promise<void> }).scan();
  await manager.idle();
  const sock = factory.sockets.at(-1)!;
  sock.ev.emit('connection.update', { connection: 'open' });
  await manager.idle();
  return { accountId: row!.id, sock };
}

it('skips numbers not on WhatsApp, and a 463 pauses the broadcast with the reason and mails the owner', async () => {
  const { accountId, sock } = await linkedNumber();
  factory.notOnWhatsapp.add('6281322000002');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/publication/broadcast',
    headers: { token },
    payload: {
      name: 'Promo Nomor Asli',
      accountIds: [accountId],
      phoneNumbers: '081322000001\n081322000002\n081322000003\n081322000004',
      message: { type: 'text', text: 'Halo, promo hari ini' },
    },
  });
  const created = json(res, api.broadcast);
  const sentBefore = sock.sent.length;
  factory.sendErrors.push(Object.assign(new Error('error in ack'), { data: 463 }));
  await drainJobs(t);
  await drainJobs(t);

  const after = json(
    await t.app.inject({
      method: 'GET',
      url: `/api/publication/broadcast/${created._id}`,
      headers: { token },
    }),
    api.broadcast,
  );
  expect(after.state).toBe('paused');
  expect(after.pausedReason).toBe(M.reasonRestricted.replace('{code}', '463'));
  expect(after.counts).toMatchObject({ skipped: 1, sent: 0 });
  // WhatsApp was asked once: the refused send; nothing after a 463 (a retry counts as another reach-out)
  expect(sock.sent.slice(sentBefore).filter((s) => s.jid !== 'status@broadcast')).toHaveLength(1);
  const skipped = json(
    await t.app.inject({
      method: 'GET',
      url: `/api/publication/broadcast/${created._id}/recipient?state=skipped`,
      headers: { token },
    }),
    api.broadcastRecipientPage,
  );
  expect(skipped.docs).toEqual([
    expect.objectContaining({ phoneNumber: '6281322000002', reason: M.reasonNotOnWhatsapp }),
  ]);
  const mails = await devMailbox(t.app);
  expect(mails.some((m) => m.to === email && m.subject === 'Broadcast dijeda otomatis')).toBe(true);
  // a resume after the restriction sends nothing by itself: the owner decides when
  await drainJobs(t);
  expect(sock.sent.slice(sentBefore)).toHaveLength(1);
  const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  expect(account?.status).toBe('connected');
});
