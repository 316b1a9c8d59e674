import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES, temporaryId } from '@sapa/contracts';
import { DisconnectReason } from 'baileys';
import { createTestApp, drainJobs, json, registerOwner, type TestApp } from '../../../test/helpers';
import { accounts, chats, messages } from '../../db/schema';
import { RetryLaterError } from '../../jobs/runner';
import { onAccountTrouble, type AccountTrouble } from '../account-events';
import { PermanentSendError, RestrictedSendError, type StatusContent } from '../connector';
import { closeError, FakeFactory, type FakeSocket } from './fake-socket';
import { CHECK_BATCH, restrictedCodeOf, waMessageId, whatsappWebConnector } from './connector';
import type { WhatsappManager } from './manager';

/** The grace a linked number has to come back before 'disconnected' is told (kept short here). */
const GRACE_MS = 300;

let t: TestApp;
let factory: FakeFactory;
let ownerId: string;
let token: string;
const troubles: AccountTrouble[] = [];

beforeAll(async () => {
  factory = new FakeFactory();
  t = await createTestApp({
    whatsapp: {
      socketFactory: factory.create,
      backoffMs: () => 20,
      pacing: { jitterMs: 0 },
      scanMs: 3_600_000,
      disconnectGraceMs: GRACE_MS,
    },
  });
  ({ token } = await registerOwner(t.app));
  ownerId = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  )._id;
  onAccountTrouble(t.ctx, (trouble) => {
    troubles.push(trouble);
  });
  await manager().start();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  troubles.length = 0;
});

const manager = () => t.ctx.whatsapp as WhatsappManager;
const connector = () => t.ctx.connectors.get('whatsapp-web')!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settle = async (ms = 0) => {
  if (ms) await sleep(ms);
  await manager().idle();
};
const emit = (sock: FakeSocket, event: string, arg: unknown) => sock.ev.emit(event, arg);
const accountRow = async (id: string) =>
  (await t.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

async function newAccount(values: Partial<typeof accounts.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({
      ownerId,
      type: 'whatsapp',
      provider: 'whatsapp-web',
      labelName: 'Toko',
      status: 'disconnected',
      sendMinGapMs: 0,
      ...values,
    })
    .returning();
  return row!;
}

/** A linked number with its socket open in this process. */
async function connectedAccount() {
  const account = await newAccount({ status: 'connected', waJid: '6281111111111@s.whatsapp.net' });
  await (manager() as unknown as { scan(): Promise<void> }).scan();
  await settle();
  const sock = factory.last();
  emit(sock, 'connection.update', { connection: 'open' });
  await settle();
  return { account: await accountRow(account.id), sock };
}

describe('checking numbers (onWhatsApp)', () => {
  it('asks in batches of 50 and answers each number asked; absent ones are not on WhatsApp', async () => {
    const { account, sock } = await connectedAccount();
    const phones = Array.from({ length: 120 }, (_, i) => `62812${String(i).padStart(7, '0')}`);
    factory.notOnWhatsapp.add(phones[3]!).add(phones[77]!);
    // the same number twice, once written with a plus and spaces: asked once
    const asked = [...phones, '+62 812 0000003'];
    const found = await connector().checkNumbers!(account, asked);
    expect(sock.checks.map((batch) => batch.length)).toEqual([CHECK_BATCH, CHECK_BATCH, 20]);
    expect(sock.checks[0]![0]).toBe(`${phones[0]}@s.whatsapp.net`);
    expect(new Set(sock.checks.flat()).size).toBe(120);
    expect(found.size).toBe(121);
    expect(found.get(phones[3]!)).toBe(false);
    expect(found.get('+62 812 0000003')).toBe(false);
    expect(found.get(phones[77]!)).toBe(false);
    expect([...found.values()].filter(Boolean)).toHaveLength(118);
  });

  it('waits (RetryLaterError) when this process has no live socket for the number', async () => {
    const account = await newAccount({ status: 'connected', waJid: '6281111111112@s.whatsapp.net' });
    await expect(connector().checkNumbers!(account, ['6281234567890'])).rejects.toBeInstanceOf(
      RetryLaterError,
    );
  });
});

describe('posting a WhatsApp Status', () => {
  const text: StatusContent = {
    type: 'text',
    text: 'Promo akhir pekan',
    backgroundColor: '#25d366',
    mediaUrl: null,
    mimetype: null,
  };

  it('goes to status@broadcast for the viewers and the number itself, with the colour and a fixed id', async () => {
    const { account, sock } = await connectedAccount();
    const start = sock.sent.length;
    const viewers = ['6281200000001', '6281200000002', '6281200000001', '6281111111111'];
    const result = await connector().postStatus!(account, 'run-1', text, viewers);
    // a retried job posts the same id again: WhatsApp keeps one
    const again = await connector().postStatus!(account, 'run-1', text, viewers);
    const [first, second] = sock.sent.slice(start);
    expect(first!.jid).toBe('status@broadcast');
    expect(first!.content).toEqual({ text: 'Promo akhir pekan' });
    expect(first!.options).toEqual({
      messageId: result.externalId,
      statusJidList: [
        '6281111111111@s.whatsapp.net',
        '6281200000001@s.whatsapp.net',
        '6281200000002@s.whatsapp.net',
      ],
      broadcast: true,
      backgroundColor: '#25d366',
    });
    expect(result.externalId).toMatch(/^3EB0[0-9A-F]{16}$/);
    expect(again).toEqual(result);
    expect(second!.options?.messageId).toBe(result.externalId);
  });

  it('an image or video carries its file and caption, without a background colour', async () => {
    const { account, sock } = await connectedAccount();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const boundary = 'X-BOUNDARY';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const url = json(upload, api.uploadedMedia).url;
    const start = sock.sent.length;
    await connector().postStatus!(
      account,
      'run-image',
      {
        type: 'image',
        text: 'Koleksi baru',
        backgroundColor: '#000000',
        mediaUrl: url,
        mimetype: 'image/png',
      },
      ['6281200000003'],
    );
    const [posted] = sock.sent.slice(start);
    expect(posted!.content).toMatchObject({ caption: 'Koleksi baru', mimetype: 'image/png' });
    expect((posted!.content as { image: { stream: unknown } }).image.stream).toBeTruthy();
    expect(posted!.options).toMatchObject({
      statusJidList: ['6281111111111@s.whatsapp.net', '6281200000003@s.whatsapp.net'],
      broadcast: true,
    });
    expect(posted!.options).not.toHaveProperty('backgroundColor');
  });

  it('a number that is not connected anywhere fails with a clear reason', async () => {
    const account = await newAccount({ status: 'logged_out' });
    const error = await connector().postStatus!(account, 'run-x', text, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toBe(WHATSAPP_MESSAGES.notConnected);
  });
});

describe('a restricted number (463/479)', () => {
  it('reads the code from the shapes Baileys throws', () => {
    expect(restrictedCodeOf(Object.assign(new Error('x'), { data: 463 }))).toBe('463');
    expect(restrictedCodeOf(Object.assign(new Error('x'), { output: { statusCode: 479 } }))).toBe('479');
    expect(restrictedCodeOf(new Error('error 463: account restricted'))).toBe('463');
    expect(restrictedCodeOf(new Error('timed out after 4630 ms'))).toBeNull();
    expect(restrictedCodeOf(Object.assign(new Error('x'), { output: { statusCode: 408 } }))).toBeNull();
  });

  it('a send refused with 463 fails for good as restricted and tells the listeners once', async () => {
    const { account, sock } = await connectedAccount();
    const [chat] = await t.ctx.db
      .insert(chats)
      .values({
        ownerId,
        accountId: account.id,
        externalId: '6281299990463',
        contactName: 'Baru',
        contactPhone: '6281299990463',
      })
      .returning();
    factory.sendErrors.push(Object.assign(new Error('error in ack'), { data: 463 }));
    const start = sock.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat!.id}/message`,
      headers: { token },
      payload: { temporaryId: temporaryId(), text: 'Halo, ada promo' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const id = json(res, api.message)._id;
    await drainJobs(t);
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'error', errorMessage: `${WHATSAPP_MESSAGES.sendFailed} (463)` });
    // tried once: a 463 is never retried
    expect(sock.sent.slice(start)).toHaveLength(1);
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'restricted', code: '463' }]);

    // WhatsApp's ERROR update for the same message is the same restriction: not told again
    emit(sock, 'messages.update', [
      {
        key: { remoteJid: '6281299990463@s.whatsapp.net', fromMe: true, id: waMessageId(id) },
        update: { status: 0, messageStubParameters: ['463'] },
      },
    ]);
    await settle();
    expect(troubles).toHaveLength(1);
  });

  it('the connector throws RestrictedSendError with the code', async () => {
    const { account } = await connectedAccount();
    const [chat] = await t.ctx.db
      .insert(chats)
      .values({ ownerId, accountId: account.id, externalId: '6281299990479', contactName: 'B' })
      .returning();
    const [message] = await t.ctx.db
      .insert(messages)
      .values({
        ownerId,
        chatId: chat!.id,
        accountId: account.id,
        isFromMe: true,
        status: 'pending',
        text: 'x',
      })
      .returning();
    factory.sendErrors.push(Object.assign(new Error('smax-invalid'), { output: { statusCode: 479 } }));
    const error = await connector()
      .send(account, chat!, message!)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestrictedSendError);
    expect((error as RestrictedSendError).code).toBe('479');
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'restricted', code: '479' }]);
  });

  it("an ERROR update with 463 keeps the message's error text and tells the listeners", async () => {
    const { account, sock } = await connectedAccount();
    const [chat] = await t.ctx.db
      .insert(chats)
      .values({ ownerId, accountId: account.id, externalId: '6281299990001', contactName: 'C' })
      .returning();
    const [message] = await t.ctx.db
      .insert(messages)
      .values({
        ownerId,
        chatId: chat!.id,
        accountId: account.id,
        externalId: 'OUT-463',
        isFromMe: true,
        status: 'sent',
        text: 'x',
      })
      .returning();
    const key = { remoteJid: '6281299990001@s.whatsapp.net', fromMe: true, id: 'OUT-463' };
    emit(sock, 'messages.update', [{ key, update: { status: 0, messageStubParameters: ['463'] } }]);
    emit(sock, 'messages.update', [{ key, update: { status: 0, messageStubParameters: ['463'] } }]);
    await settle();
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, message!.id));
    expect(row).toMatchObject({ status: 'error', errorMessage: `${WHATSAPP_MESSAGES.sendFailed} (463)` });
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'restricted', code: '463' }]);
    // another error code is a failed message, not a restriction
    const [other] = await t.ctx.db
      .insert(messages)
      .values({
        ownerId,
        chatId: chat!.id,
        accountId: account.id,
        externalId: 'OUT-500',
        isFromMe: true,
        status: 'sent',
        text: 'y',
      })
      .returning();
    emit(sock, 'messages.update', [
      { key: { ...key, id: 'OUT-500' }, update: { status: 0, messageStubParameters: ['500'] } },
    ]);
    await settle();
    expect((await t.ctx.db.select().from(messages).where(eq(messages.id, other!.id)))[0]!.status).toBe(
      'error',
    );
    expect(troubles).toHaveLength(1);
  });
});

describe('linking, logging out and losing the connection', () => {
  it('a new link sets linked_at; a reconnect of a linked number keeps it', async () => {
    const account = await newAccount({ status: 'connecting' });
    await manager().link(ownerId, account.id, 'qr');
    await settle();
    const sock = factory.last();
    emit(sock, 'connection.update', { qr: 'QR-ONE' });
    await settle();
    expect((await accountRow(account.id)).linkedAt).toBeNull();
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.restartRequired), date: new Date() },
    });
    await settle();
    t.clock.advance(5000);
    const linkedAt = t.clock.now().getTime();
    emit(factory.last(), 'connection.update', { connection: 'open' });
    await settle();
    expect((await accountRow(account.id)).linkedAt?.getTime()).toBe(linkedAt);

    // the connection drops and comes back: the same link
    t.clock.advance(60_000);
    emit(factory.last(), 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.connectionClosed), date: new Date() },
    });
    await settle(60);
    emit(factory.last(), 'connection.update', { connection: 'open' });
    await settle();
    const row = await accountRow(account.id);
    expect(row.status).toBe('connected');
    expect(row.linkedAt?.getTime()).toBe(linkedAt);
    expect(troubles).toEqual([]);
  });

  it('logged out from the phone (401): the listeners hear logged-out', async () => {
    const { account, sock } = await connectedAccount();
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.loggedOut), date: new Date() },
    });
    await settle(50);
    expect((await accountRow(account.id)).status).toBe('logged_out');
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'logged-out' }]);
  });

  it('logged out by the owner: the listeners hear logged-out', async () => {
    const { account } = await connectedAccount();
    await manager().logout(account.id);
    await settle();
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'logged-out' }]);
  });

  it('a drop that is back within the grace period is not news; one that lasts is told once', async () => {
    const { account, sock } = await connectedAccount();
    const drop = (s: FakeSocket) =>
      emit(s, 'connection.update', {
        connection: 'close',
        lastDisconnect: { error: closeError(DisconnectReason.connectionClosed), date: new Date() },
      });
    drop(sock);
    await settle(60);
    emit(factory.last(), 'connection.update', { connection: 'open' });
    await settle(GRACE_MS + 100);
    expect(troubles).toEqual([]);

    // down again, and every reconnect attempt fails too
    drop(factory.last());
    await settle(60);
    drop(factory.last());
    await settle(GRACE_MS + 100);
    expect((await accountRow(account.id)).status).toBe('disconnected');
    expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'disconnected' }]);
    await settle(100);
    expect(troubles).toHaveLength(1);
    await manager().logout(account.id);
    await settle();
  });

  it('a listener that throws does not stop the channel', async () => {
    const stop = onAccountTrouble(t.ctx, () => {
      throw new Error('listener down');
    });
    try {
      const { account, sock } = await connectedAccount();
      emit(sock, 'connection.update', {
        connection: 'close',
        lastDisconnect: { error: closeError(DisconnectReason.loggedOut), date: new Date() },
      });
      await settle(50);
      expect((await accountRow(account.id)).status).toBe('logged_out');
      expect(troubles).toEqual([{ accountId: account.id, ownerId, kind: 'logged-out' }]);
    } finally {
      stop();
    }
  });
});

describe('a connector without the manager', () => {
  it('checks nothing without a live socket', async () => {
    const bare = whatsappWebConnector(t.ctx, { liveSocket: () => null });
    const account = await newAccount({ status: 'connected' });
    await expect(bare.checkNumbers!(account, ['6281234567890'])).rejects.toBeInstanceOf(RetryLaterError);
  });
});
