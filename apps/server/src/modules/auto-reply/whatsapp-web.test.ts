import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proto, type WAMessage } from 'baileys';
import * as api from '@sapa/contracts';
import { createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';
import { accounts, jobs, messages } from '../../db/schema';
import { SEND_JOB } from '../chat/send-job';
import { FakeFactory, type FakeSocket } from '../../channels/whatsapp-web/fake-socket';
import type { WhatsappManager } from '../../channels/whatsapp-web/manager';

/**
 * Automatic replies on a linked WhatsApp Web number, through the real connector and a fake socket:
 * the away message waits for the number's send slot like every message (WhatsApp Web pacing), and
 * groups, status updates and the business's own messages get nothing.
 */
let t: TestApp;
let factory: FakeFactory;
let token: string;
let ownerId: string;

beforeAll(async () => {
  factory = new FakeFactory();
  t = await createTestApp({
    whatsapp: {
      socketFactory: factory.create,
      backoffMs: () => 20,
      pacing: { jitterMs: 0 },
      scanMs: 3_600_000,
    },
  });
  ({ token } = await registerOwner(t.app));
  ownerId = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  )._id;
  await manager().start();
});
afterAll(async () => {
  await t.close();
});

const manager = () => t.ctx.whatsapp as WhatsappManager;
const settle = () => manager().idle();
const emit = (sock: FakeSocket, event: string, arg: unknown) => sock.ev.emit(event, arg);
let seq = 0;
const wa = (remoteJid: string, text: string, fromMe = false, participant?: string): WAMessage =>
  proto.WebMessageInfo.fromObject({
    // the test clock's now: 2026-03-02T08:00Z, Monday 15:00 WIB
    messageTimestamp: Math.floor(t.clock.now().getTime() / 1000),
    key: { remoteJid, fromMe, id: `AUTO${++seq}`, ...(participant ? { participant } : {}) },
    message: { conversation: text },
  }) as WAMessage;

async function connectedAccount() {
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({
      ownerId,
      type: 'whatsapp',
      provider: 'whatsapp-web',
      labelName: 'CS',
      status: 'connected',
      sendMinGapMs: 0,
      waJid: '6281111111111@s.whatsapp.net',
    })
    .returning();
  await (manager() as unknown as { scan(): Promise<void> }).scan();
  await settle();
  const sock = factory.last();
  emit(sock, 'connection.update', { connection: 'open' });
  await settle();
  return { account: account!, sock };
}

const autos = (accountId: string) =>
  t.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.kind, 'auto')));

describe('auto-replies on a WhatsApp Web number', () => {
  it('the away message waits for its send slot, reaches the customer once; groups, status and own messages get nothing', async () => {
    const { account, sock } = await connectedAccount();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/account/${account.id}/auto-reply`,
      headers: { token },
      payload: {
        hours: [{ day: 1, open: '08:00', close: '12:00' }],
        awayEnabled: true,
        awayText: 'Kami sedang tutup',
        greetingEnabled: false,
        greetingText: '',
      },
    });
    expect(saved.statusCode).toBe(200);

    const customer = '6281234509876@s.whatsapp.net';
    emit(sock, 'messages.upsert', {
      type: 'notify',
      messages: [
        wa('120363@g.us', 'halo grup', false, '6281234500002@s.whatsapp.net'),
        wa('status@broadcast', 'status baru', false, '6281234500003@s.whatsapp.net'),
        wa('6281234500004@s.whatsapp.net', 'dari ponsel kami', true),
      ],
    });
    await settle();
    expect(await autos(account.id)).toEqual([]);

    // the number's next slot is ten minutes away (another send took it)
    await t.ctx.db
      .update(accounts)
      .set({ nextSendAt: sql`now() + interval '10 minutes'` })
      .where(eq(accounts.id, account.id));
    emit(sock, 'messages.upsert', { type: 'notify', messages: [wa(customer, 'Halo, masih buka?')] });
    await settle();
    const [away] = await autos(account.id);
    expect(away).toMatchObject({ text: 'Kami sedang tutup', status: 'pending', isFromMe: true });
    const sentBefore = sock.sent.length;
    await t.ctx.jobs.runDue();
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, SEND_JOB));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lastError: api.WHATSAPP_MESSAGES.paced });
    expect(sock.sent.length).toBe(sentBefore);

    // the slot comes: sent to the customer's JID
    await t.ctx.db.update(accounts).set({ nextSendAt: null }).where(eq(accounts.id, account.id));
    t.clock.advance(15 * 60 * 1000);
    await t.ctx.jobs.runDue();
    expect(sock.sent.slice(sentBefore)).toMatchObject([
      { jid: customer, content: { text: 'Kami sedang tutup' } },
    ]);
    expect((await autos(account.id))[0]?.status).toBe('sent');

    // the customer writes again before hours open: nothing more
    emit(sock, 'messages.upsert', { type: 'notify', messages: [wa(customer, 'Halo??')] });
    await settle();
    expect(await autos(account.id)).toHaveLength(1);
  });
});
