import * as api from '@sapa/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES, temporaryId, type Account, type RealtimeEvent } from '@sapa/contracts';
import { proto, DisconnectReason } from 'baileys';
import type { WAMessage } from 'baileys';
import { createTestApp, drainJobs, json, registerOwner, type TestApp } from '../../../test/helpers';
import {
  accounts,
  chats,
  jobs,
  messages,
  whatsappAuthKeys,
  whatsappContacts,
  whatsappGroups,
} from '../../db/schema';
import { defineSendJob, SEND_JOB } from '../../modules/chat/send-job';
import { JobRunner } from '../../jobs/runner';
import { closeError, FakeFactory, type FakeSocket } from './fake-socket';
import { waMessageId } from './connector';
import type { WhatsappManager } from './manager';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
let t: TestApp;
let factory: FakeFactory;
let ownerId: string;
let token: string;
const events: RealtimeEvent[] = [];

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
  t.ctx.bus.subscribe((m) => {
    if (m.kind === 'tenant') events.push(m.event);
  });
  await manager().start();
});
afterAll(async () => {
  await t.close();
});

const manager = () => t.ctx.whatsapp as WhatsappManager;
const settle = async (ms = 0) => {
  if (ms) await new Promise((r) => setTimeout(r, ms));
  await manager().idle();
};

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
const accountRow = async (id: string) =>
  (await t.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const emit = (sock: FakeSocket, event: string, arg: unknown) => sock.ev.emit(event, arg);

/** A linked number with its socket open in this process. */
async function connectedAccount() {
  const account = await newAccount({ status: 'connected', waJid: '6281111111111@s.whatsapp.net' });
  const before = factory.sockets.length;
  await (manager() as unknown as { scan(): Promise<void> }).scan();
  await settle();
  expect(factory.sockets.length).toBe(before + 1);
  const sock = factory.last();
  emit(sock, 'connection.update', { connection: 'open' });
  await settle();
  return { account, sock };
}

describe('linking', () => {
  it('QR: waiting_scan with the QR and its expiry, rotation, 515 restart, then connected', async () => {
    const account = await newAccount({ status: 'connecting' });
    events.length = 0;
    await manager().link(ownerId, account.id, 'qr');
    await settle();
    const sock = factory.last();
    emit(sock, 'creds.update', { me: undefined });
    emit(sock, 'connection.update', { qr: 'QR-ONE' });
    await settle();
    let row = await accountRow(account.id);
    expect(row.status).toBe('waiting_scan');
    const now = t.clock.now().getTime();
    expect(row.linking).toMatchObject({ method: 'qr', qr: 'QR-ONE', code: null });
    expect(Date.parse((row.linking as { expiresAt: string }).expiresAt)).toBe(now + 60_000);
    const published = events.filter((e) => e.type === 'account.updated').map((e) => e.account as Account);
    expect(published.at(-1)).toMatchObject({ _id: account.id, status: 'waiting_scan' });
    expect(published.at(-1)!.linking?.qr).toBe('QR-ONE');

    emit(sock, 'connection.update', { qr: 'QR-TWO' });
    await settle();
    row = await accountRow(account.id);
    expect(row.linking).toMatchObject({ qr: 'QR-TWO' });
    expect(Date.parse((row.linking as { expiresAt: string }).expiresAt)).toBe(now + 20_000);

    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.restartRequired), date: new Date() },
    });
    await settle();
    const second = factory.last();
    expect(second).not.toBe(sock);
    emit(second, 'connection.update', { connection: 'open' });
    await settle();
    row = await accountRow(account.id);
    expect(row).toMatchObject({
      status: 'connected',
      linking: null,
      statusReason: null,
      waJid: '6281111111111@s.whatsapp.net',
      phoneNumber: '6281111111111',
    });
    expect(row.leaseHolder).toBe(manager().holderId);
    const creds = await t.ctx.db
      .select()
      .from(whatsappAuthKeys)
      .where(and(eq(whatsappAuthKeys.accountId, account.id), eq(whatsappAuthKeys.category, 'creds')));
    expect(creds).toHaveLength(1);
    const groups = await t.ctx.db
      .select()
      .from(whatsappGroups)
      .where(eq(whatsappGroups.accountId, account.id));
    expect(groups).toMatchObject([{ jid: '120363@g.us', name: 'Tim Toko', participants: 3 }]);
  });

  it('pairing code: requested once for the phone on the first QR event', async () => {
    const account = await newAccount({ status: 'connecting' });
    await manager().link(ownerId, account.id, 'code', '6281234567890');
    await settle();
    const sock = factory.last();
    emit(sock, 'connection.update', { qr: 'QR-ONE' });
    emit(sock, 'connection.update', { qr: 'QR-TWO' });
    await settle();
    expect(sock.pairingRequests).toEqual(['6281234567890']);
    const row = await accountRow(account.id);
    expect(row.status).toBe('waiting_scan');
    expect(row.linking).toMatchObject({ method: 'code', code: 'ABCD1234', qr: null });
  });

  it('unreachable while linking: disconnected with the reason, no endless retry', async () => {
    const account = await newAccount({ status: 'connecting' });
    await manager().link(ownerId, account.id, 'qr');
    await settle();
    const count = factory.sockets.length;
    emit(factory.last(), 'connection.update', {
      connection: 'close',
      lastDisconnect: {
        error: closeError(408, 'WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)'),
        date: new Date(),
      },
    });
    await settle(100);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({
      status: 'disconnected',
      statusReason: WHATSAPP_MESSAGES.unreachable,
      linking: null,
    });
    expect(row.leaseHolder).toBeNull();
    expect(factory.sockets.length).toBe(count);
    expect(manager().heldAccounts()).not.toContain(account.id);
  });

  it('a socket that cannot even open (no internet) ends the same way', async () => {
    const account = await newAccount({ status: 'connecting' });
    factory.failOpen = new Error('getaddrinfo ENOTFOUND web.whatsapp.com');
    try {
      await manager().link(ownerId, account.id, 'qr');
      await settle(50);
    } finally {
      factory.failOpen = null;
    }
    expect(await accountRow(account.id)).toMatchObject({
      status: 'disconnected',
      statusReason: WHATSAPP_MESSAGES.unreachable,
    });
  });

  it('QRs run out (408 after QRs): qrExpired, stopped', async () => {
    const account = await newAccount({ status: 'connecting' });
    await manager().link(ownerId, account.id, 'qr');
    await settle();
    const sock = factory.last();
    emit(sock, 'connection.update', { qr: 'Q' });
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: {
        error: closeError(DisconnectReason.timedOut, 'QR refs attempts ended'),
        date: new Date(),
      },
    });
    await settle(50);
    expect(await accountRow(account.id)).toMatchObject({
      status: 'disconnected',
      statusReason: WHATSAPP_MESSAGES.qrExpired,
    });
  });
});

describe('connection', () => {
  it('401 logged out: auth wiped, logged_out, no reconnect', async () => {
    const { account, sock } = await connectedAccount();
    emit(sock, 'creds.update', {});
    await settle();
    const count = factory.sockets.length;
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.loggedOut), date: new Date() },
    });
    await settle(80);
    expect(await accountRow(account.id)).toMatchObject({
      status: 'logged_out',
      statusReason: WHATSAPP_MESSAGES.loggedOut,
      leaseHolder: null,
    });
    const keys = await t.ctx.db
      .select()
      .from(whatsappAuthKeys)
      .where(eq(whatsappAuthKeys.accountId, account.id));
    expect(keys).toHaveLength(0);
    expect(factory.sockets.length).toBe(count);
  });

  it('440 replaced: replaced, no loop', async () => {
    const { account, sock } = await connectedAccount();
    const count = factory.sockets.length;
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.connectionReplaced), date: new Date() },
    });
    await settle(80);
    expect(await accountRow(account.id)).toMatchObject({
      status: 'replaced',
      statusReason: WHATSAPP_MESSAGES.replaced,
    });
    expect(factory.sockets.length).toBe(count);
  });

  it('connection lost while connected: disconnected, reconnects after the backoff, connected again', async () => {
    const { account, sock } = await connectedAccount();
    emit(sock, 'connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(DisconnectReason.connectionClosed), date: new Date() },
    });
    await settle();
    expect(await accountRow(account.id)).toMatchObject({
      status: 'disconnected',
      statusReason: WHATSAPP_MESSAGES.reconnecting,
    });
    await settle(60);
    const next = factory.last();
    expect(next).not.toBe(sock);
    emit(next, 'connection.update', { connection: 'open' });
    await settle();
    expect((await accountRow(account.id)).status).toBe('connected');
  });

  it('logout: the socket logs out, auth is wiped, the lease freed', async () => {
    const { account, sock } = await connectedAccount();
    emit(sock, 'creds.update', {});
    await settle();
    await manager().logout(account.id);
    await settle();
    expect(sock.logouts).toBe(1);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ status: 'logged_out', leaseHolder: null });
    expect(
      await t.ctx.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.accountId, account.id)),
    ).toHaveLength(0);
  });
});

function wa(obj: Record<string, unknown>, extraKey: Record<string, unknown> = {}): WAMessage {
  const msg = proto.WebMessageInfo.fromObject({ messageTimestamp: 1772438400, ...obj }) as WAMessage;
  Object.assign(msg.key, extraKey);
  return msg;
}
let seq = 0;
const nextId = () => `INBOUND${++seq}`;

describe('inbound', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let sock: FakeSocket;
  beforeAll(async () => {
    ({ account, sock } = await connectedAccount());
  });
  const upsert = async (list: WAMessage[], type = 'notify') => {
    emit(sock, 'messages.upsert', { messages: list, type });
    await settle();
  };
  const byExternal = async (id: string) =>
    (
      await t.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, account.id), eq(messages.externalId, id)))
    )[0];
  const from = '6281234500001@s.whatsapp.net';

  it('every type becomes a message; media is stored', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0f0' } })
      .webp()
      .toBuffer();
    const ids = Object.fromEntries(
      ['text', 'image', 'sticker', 'video', 'voice', 'document', 'location', 'contact', 'reply'].map((k) => [
        k,
        nextId(),
      ]),
    ) as Record<string, string>;
    factory.media.set(ids.image!, [png]);
    factory.media.set(ids.sticker!, [webp]);
    factory.media.set(ids.video!, [fs.readFileSync(path.join(fixtures, 'video.mp4'))]);
    factory.media.set(ids.voice!, [fs.readFileSync(path.join(fixtures, 'audio.ogg'))]);
    factory.media.set(ids.document!, [Buffer.from('%PDF-1.4\n%test\n')]);
    const key = (id: string) => ({ remoteJid: from, fromMe: false, id });
    await upsert([
      wa({ key: key(ids.text!), pushName: 'Budi', message: { conversation: 'halo' } }),
      wa({ key: key(ids.image!), message: { imageMessage: { caption: 'foto', mimetype: 'image/png' } } }),
      wa({ key: key(ids.sticker!), message: { stickerMessage: { mimetype: 'image/webp' } } }),
      wa({
        key: key(ids.video!),
        message: { videoMessage: { mimetype: 'video/mp4', seconds: 1, caption: 'vid' } },
      }),
      wa({
        key: key(ids.voice!),
        message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 1 } },
      }),
      wa({
        key: key(ids.document!),
        message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'nota' } },
      }),
      wa({
        key: key(ids.location!),
        message: {
          locationMessage: { degreesLatitude: -6.2, degreesLongitude: 106.8, name: 'Toko', address: 'Jl. A' },
        },
      }),
      wa({
        key: key(ids.contact!),
        message: {
          contactMessage: {
            displayName: 'Sari',
            vcard:
              'BEGIN:VCARD\nVERSION:3.0\nFN:Sari\nTEL;type=CELL;waid=6285712345678:+62 857-1234-5678\nEND:VCARD',
          },
        },
      }),
      wa({
        key: key(ids.reply!),
        message: {
          extendedTextMessage: { text: 'jawab', contextInfo: { stanzaId: ids.text, participant: from } },
        },
      }),
    ]);
    const text = await byExternal(ids.text!);
    expect(text).toMatchObject({
      type: 'text',
      text: 'halo',
      isFromMe: false,
      status: 'unread',
      senderName: 'Budi',
    });
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, text!.chatId));
    expect(chat).toMatchObject({
      externalId: '6281234500001',
      contactPhone: '6281234500001',
      contactName: 'Budi',
    });
    expect(chat!.contactPicture).toContain('6281234500001');
    const image = await byExternal(ids.image!);
    expect(image).toMatchObject({ type: 'image', text: 'foto' });
    expect((image!.media as { url: string; mimetype: string }).url).toMatch(/^\/api\/media\//);
    expect((image!.media as { mimetype: string }).mimetype).toBe('image/png');
    expect(await byExternal(ids.sticker!)).toMatchObject({ type: 'sticker' });
    expect((await byExternal(ids.video!))!.media).toMatchObject({ mimetype: 'video/mp4' });
    expect(await byExternal(ids.voice!)).toMatchObject({ type: 'audio' });
    expect(await byExternal(ids.document!)).toMatchObject({
      type: 'document',
      text: 'nota',
      media: { name: 'nota.pdf', mimetype: 'application/pdf', size: 0 },
    });
    expect((await byExternal(ids.location!))!.media).toMatchObject({
      latitude: -6.2,
      longitude: 106.8,
      name: 'Toko',
      address: 'Jl. A',
    });
    expect((await byExternal(ids.contact!))!.media).toEqual({
      name: 'Sari',
      dial: '62',
      phoneNumber: '85712345678',
    });
    expect((await byExternal(ids.reply!))!.quotedMessageId).toBe(text!.id);
    const [contact] = await t.ctx.db
      .select()
      .from(whatsappContacts)
      .where(and(eq(whatsappContacts.accountId, account.id), eq(whatsappContacts.jid, from)));
    expect(contact).toMatchObject({ name: 'Budi', notify: 'Budi', phoneNumber: '6281234500001' });
  });

  it('expired media is asked again once; still gone → a text note instead', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const again = nextId();
    const lost = nextId();
    factory.media.set(again, [Object.assign(new Error('gone'), { output: { statusCode: 410 } }), png]);
    await upsert([
      wa({
        key: { remoteJid: from, fromMe: false, id: again },
        message: { imageMessage: { mimetype: 'image/png' } },
      }),
      wa({
        key: { remoteJid: from, fromMe: false, id: lost },
        message: { imageMessage: { mimetype: 'image/png', caption: 'x' } },
      }),
    ]);
    expect(factory.reuploads).toContain(again);
    expect(await byExternal(again)).toMatchObject({ type: 'image' });
    expect(await byExternal(lost)).toMatchObject({ type: 'text', text: `${WHATSAPP_MESSAGES.mediaGone}\nx` });
  });

  it('a message deleted for everyone shows as deleted in its chat and in the inbox row, and is no longer found', async () => {
    const sender = '6281234500077@s.whatsapp.net';
    const first = nextId();
    const last = nextId();
    await upsert([
      wa({
        key: { remoteJid: sender, fromMe: false, id: first },
        message: { conversation: 'nomor rekening 1234' },
      }),
      wa({
        key: { remoteJid: sender, fromMe: false, id: last },
        message: { conversation: 'alamat rumah saya' },
      }),
    ]);
    const chatId = (await byExternal(last))!.chatId;
    const revoke = (id: string) =>
      wa({
        key: { remoteJid: sender, fromMe: false, id: nextId() },
        message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id } } },
      });
    const chatView = async () =>
      json(await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: { token } }), api.chat);
    const search = async (text: string) =>
      json(
        await t.app.inject({
          method: 'GET',
          url: `/api/chat?search=${encodeURIComponent(text)}`,
          headers: { token },
        }),
        api.chatPage,
      ).docs.map((c) => c._id);

    // an older message: its bubble changes, the row keeps the last message
    await upsert([revoke(first)]);
    expect(await byExternal(first)).toMatchObject({ isDeleted: true });
    expect((await chatView()).lastMessage).toMatchObject({ text: 'alamat rumah saya', type: 'text' });
    expect(await search('rekening')).not.toContain(chatId);
    // the last message: the row says it was deleted, and the realtime frame carries that
    await upsert([revoke(last)]);
    expect((await chatView()).lastMessage).toMatchObject({ text: '', type: 'deleted' });
    const frame = events.filter((e) => e.type === 'message.updated').at(-1)!;
    expect(frame.chat?.lastMessage).toMatchObject({ text: '', type: 'deleted' });
    expect(frame.message).toMatchObject({ isDeleted: true, type: 'deleted', text: '' });
    expect(await search('alamat rumah')).not.toContain(chatId);
  });

  it('duplicates store once; groups, status, newsletters, stubs and reactions are ignored', async () => {
    const id = nextId();
    const m = wa({ key: { remoteJid: from, fromMe: false, id }, message: { conversation: 'sekali' } });
    const before = events.filter((e) => e.type === 'message.created').length;
    await upsert([m, m]);
    await upsert([m], 'append');
    expect(events.filter((e) => e.type === 'message.created').length).toBe(before + 1);
    const ignored = [
      wa({
        key: { remoteJid: '120363@g.us', fromMe: false, id: nextId(), participant: from },
        message: { conversation: 'g' },
      }),
      wa({
        key: { remoteJid: 'status@broadcast', fromMe: false, id: nextId() },
        message: { conversation: 's' },
      }),
      wa({
        key: { remoteJid: '1203@newsletter', fromMe: false, id: nextId() },
        message: { conversation: 'n' },
      }),
      wa({ key: { remoteJid: from, fromMe: false, id: nextId() } }),
      wa({
        key: { remoteJid: from, fromMe: false, id: nextId() },
        message: { reactionMessage: { text: '👍', key: { id } } },
      }),
    ];
    await upsert(ignored);
    for (const g of ignored) expect(await byExternal(g.key.id!)).toBeUndefined();
  });

  it('a message typed on the phone (fromMe) is stored as outbound, not unread', async () => {
    const id = nextId();
    await upsert(
      [wa({ key: { remoteJid: from, fromMe: true, id }, message: { conversation: 'dari hp' } })],
      'append',
    );
    const row = await byExternal(id);
    expect(row).toMatchObject({ isFromMe: true, status: 'sent' });
  });

  it('@lid sender with remoteJidAlt lands in the phone chat', async () => {
    const id = nextId();
    await upsert([
      wa(
        { key: { remoteJid: '99887766@lid', fromMe: false, id }, message: { conversation: 'lewat lid' } },
        { remoteJidAlt: from },
      ),
    ]);
    const row = await byExternal(id);
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, row!.chatId));
    expect(chat!.externalId).toBe('6281234500001');
  });

  it('@lid without mapping keeps the lid; lid-mapping.update merges it into the phone chat', async () => {
    const phone = '6281234500002@s.whatsapp.net';
    const first = nextId();
    await upsert([
      wa({ key: { remoteJid: phone, fromMe: false, id: first }, message: { conversation: 'pakai nomor' } }),
    ]);
    const id = nextId();
    await upsert([
      wa({
        key: { remoteJid: '5550001@lid', fromMe: false, id },
        pushName: 'Rina',
        message: { conversation: 'pakai lid' },
      }),
    ]);
    const lidMessage = await byExternal(id);
    const [lidChat] = await t.ctx.db.select().from(chats).where(eq(chats.id, lidMessage!.chatId));
    expect(lidChat).toMatchObject({ externalId: '5550001@lid', contactPhone: '' });
    emit(sock, 'lid-mapping.update', { lid: '5550001@lid', pn: phone });
    await settle();
    const phoneChat = (
      await t.ctx.db
        .select()
        .from(chats)
        .where(and(eq(chats.accountId, account.id), eq(chats.externalId, '6281234500002')))
    )[0]!;
    expect((await byExternal(id))!.chatId).toBe(phoneChat.id);
    expect((await byExternal(first))!.chatId).toBe(phoneChat.id);
    expect(phoneChat.unreadCount).toBe(2);
    expect(await t.ctx.db.select().from(chats).where(eq(chats.id, lidChat!.id))).toHaveLength(0);
    // a later message from the lid now resolves through the stored contact
    factory.lidToPn.clear();
    const later = nextId();
    await upsert([
      wa({ key: { remoteJid: '5550001@lid', fromMe: false, id: later }, message: { conversation: 'lagi' } }),
    ]);
    expect((await byExternal(later))!.chatId).toBe(phoneChat.id);
  });

  it('a lid chat with no phone chat yet is simply re-keyed', async () => {
    const id = nextId();
    await upsert([
      wa({ key: { remoteJid: '5550002@lid', fromMe: false, id }, message: { conversation: 'hai' } }),
    ]);
    emit(sock, 'contacts.upsert', [
      { id: '5550002@lid', phoneNumber: '6281234500003@s.whatsapp.net', name: 'Tono' },
    ]);
    await settle();
    const [chat] = await t.ctx.db
      .select()
      .from(chats)
      .where(eq(chats.id, (await byExternal(id))!.chatId));
    expect(chat).toMatchObject({ externalId: '6281234500003', contactPhone: '6281234500003' });
  });

  it('receipts are forward only: read then delivered stays read; errors carry the code', async () => {
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.accountId, account.id)).limit(1);
    const mk = async (externalId: string) =>
      (
        await t.ctx.db
          .insert(messages)
          .values({
            ownerId,
            chatId: chat!.id,
            accountId: account.id,
            externalId,
            isFromMe: true,
            status: 'sent',
            text: 'x',
          })
          .returning()
      )[0]!;
    const a = await mk('OUT-A');
    const b = await mk('OUT-B');
    const key = (id: string) => ({ remoteJid: from, fromMe: true, id });
    emit(sock, 'messages.update', [{ key: key('OUT-A'), update: { status: 4 } }]);
    emit(sock, 'messages.update', [
      { key: key('OUT-A'), update: { status: 3 } },
      { key: key('OUT-A'), update: { status: 2 } },
    ]);
    emit(sock, 'messages.update', [
      { key: key('OUT-B'), update: { status: 0, messageStubParameters: ['463'] } },
    ]);
    emit(sock, 'message-receipt.update', [
      { key: key('OUT-A'), receipt: { userJid: from, receiptTimestamp: 1 } },
    ]);
    await settle();
    const rowA = (await t.ctx.db.select().from(messages).where(eq(messages.id, a.id)))[0]!;
    const rowB = (await t.ctx.db.select().from(messages).where(eq(messages.id, b.id)))[0]!;
    expect(rowA.status).toBe('read');
    expect(rowB).toMatchObject({ status: 'error', errorMessage: `${WHATSAPP_MESSAGES.sendFailed} (463)` });
  });
});

describe('outbound', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let sock: FakeSocket;
  let chatId: string;
  beforeAll(async () => {
    ({ account, sock } = await connectedAccount());
    const [chat] = await t.ctx.db
      .insert(chats)
      .values({
        ownerId,
        accountId: account.id,
        externalId: '6281299990000',
        contactName: 'Andi',
        contactPhone: '6281299990000',
      })
      .returning();
    chatId = chat!.id;
  });

  async function upload(file: Buffer, name: string, mimetype: string) {
    const boundary = 'X-BOUNDARY';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mimetype}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(300);
    return json(res, api.uploadedMedia).url;
  }
  async function send(body: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { temporaryId: temporaryId(), ...body },
    });
    if (res.statusCode >= 300) throw new Error(res.body);
    await drainJobs(t);
    return json(res, api.message);
  }

  it('each type becomes the right Baileys content with the deterministic id', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const imageUrl = await upload(png, 'a.png', 'image/png');
    const voiceUrl = await upload(fs.readFileSync(path.join(fixtures, 'audio.ogg')), 'v.ogg', 'audio/ogg');
    const docUrl = await upload(Buffer.from('%PDF-1.4\n%x\n'), 'nota.pdf', 'application/pdf');
    const start = sock.sent.length;
    const text = await send({ type: 'text', text: 'halo' });
    await send({ type: 'image', text: 'lihat', image: { url: imageUrl } });
    await send({ type: 'audio', audio: { url: voiceUrl } });
    await send({ type: 'document', text: 'ini', document: { url: docUrl } });
    await send({
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8, name: 'Toko', address: 'Jl. A' },
    });
    await send({ type: 'contact', contact: { name: 'Sari', dial: '62', phoneNumber: '085712345678' } });
    await send({ type: 'text', text: 'balas', quotedMessageId: text._id });
    const sent = sock.sent.slice(start);
    expect(sent).toHaveLength(7);
    for (const s of sent) expect(s.jid).toBe('6281299990000@s.whatsapp.net');
    expect(sent[0]!.content).toEqual({ text: 'halo' });
    expect(sent[0]!.options?.messageId).toBe(waMessageId(text._id));
    expect(waMessageId(text._id)).toMatch(/^3EB0[0-9A-F]{16}$/);
    expect(sent[1]!.content).toMatchObject({ caption: 'lihat', mimetype: 'image/png' });
    expect((sent[1]!.content as { image: { stream: unknown } }).image.stream).toBeTruthy();
    expect(sent[2]!.content).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    expect(sent[3]!.content).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'nota.pdf',
      caption: 'ini',
    });
    expect(sent[4]!.content).toEqual({
      location: { degreesLatitude: -6.2, degreesLongitude: 106.8, name: 'Toko', address: 'Jl. A' },
    });
    const contacts = (
      sent[5]!.content as { contacts: { displayName: string; contacts: { vcard: string }[] } }
    ).contacts;
    expect(contacts.displayName).toBe('Sari');
    expect(contacts.contacts[0]!.vcard).toContain('TEL;type=CELL;waid=6285712345678:+6285712345678');
    expect(sent[6]!.options?.quoted?.key).toEqual({
      remoteJid: '6281299990000@s.whatsapp.net',
      id: waMessageId(text._id),
      fromMe: true,
    });
    const stored = (await t.ctx.db.select().from(messages).where(eq(messages.id, text._id)))[0]!;
    expect(stored).toMatchObject({ status: 'sent', externalId: waMessageId(text._id) });
    // the echo of our own send (append, fromMe) is a replay, not a second message
    emit(sock, 'messages.upsert', {
      type: 'append',
      messages: [
        wa({
          key: { remoteJid: '6281299990000@s.whatsapp.net', fromMe: true, id: stored.externalId },
          message: { conversation: 'halo' },
        }),
      ],
    });
    await settle();
    expect(
      await t.ctx.db.select().from(messages).where(eq(messages.externalId, stored.externalId!)),
    ).toHaveLength(1);
  });

  it('read receipts go to the socket with the chat JID', async () => {
    const id = nextId();
    emit(sock, 'messages.upsert', {
      type: 'notify',
      messages: [
        wa({
          key: { remoteJid: '6281299990000@s.whatsapp.net', fromMe: false, id },
          message: { conversation: 'p' },
        }),
      ],
    });
    await settle();
    await t.app.inject({ method: 'POST', url: `/api/chat/${chatId}/message/read`, headers: { token } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sock.reads.at(-1)).toEqual([{ remoteJid: '6281299990000@s.whatsapp.net', id, fromMe: false }]);
  });

  it('getMessage answers from our stored messages', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.text, 'halo')))
      .limit(1);
    await expect(sock.options.getMessage({ id: row!.externalId! })).resolves.toEqual({
      conversation: 'halo',
    });
  });

  it('crash mid-send: the job is resumed after its lock and the message goes out with the same id, stored once', async () => {
    let release!: () => void;
    const crashTmp = temporaryId();
    sock.sendGate = new Promise<void>((r) => (release = r));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { type: 'text', temporaryId: crashTmp, text: 'sekali saja' },
    });
    const { _id } = json(res, api.message);
    const start = sock.sent.length;
    // process 1 claims the job and hangs inside sendMessage: it "dies" there (never finishes)
    void t.ctx.jobs.runDue();
    for (let i = 0; i < 100 && sock.sent.length === start; i++) await new Promise((r) => setTimeout(r, 10));
    expect(sock.sent.length).toBe(start + 1);
    sock.sendGate = null;
    // nothing is due until the claim's lease (60 s) has passed
    expect(await t.ctx.jobs.runDue()).toBe(0);
    t.clock.advance(61_000);
    // a process never claims again a job it is still running: another one resumes it
    expect(await t.ctx.jobs.runDue()).toBe(0);
    const other = new JobRunner(t.ctx.db, t.clock, t.ctx.log);
    defineSendJob({ ...t.ctx, jobs: other });
    for (let i = 0; i < 10 && (await other.runDue()) > 0; i++);
    const calls = sock.sent
      .slice(start)
      .filter((s) => (s.content as { text?: string }).text === 'sekali saja');
    // both attempts carry the same WhatsApp id: WhatsApp (and the recipient) keep one message per id
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.options?.messageId))).toEqual(new Set([waMessageId(_id)]));
    const rows = await t.ctx.db.select().from(messages).where(eq(messages.temporaryId, crashTmp));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', externalId: waMessageId(_id) });
    expect(await t.ctx.jobs.pending([SEND_JOB])).toBe(0);
    release();
  });

  it('pacing: two sends get slots at least the minimum gap apart; a far slot re-queues without an attempt', async () => {
    await t.ctx.db
      .update(accounts)
      .set({ sendMinGapMs: 300, nextSendAt: null })
      .where(eq(accounts.id, account.id));
    const { waitForSendSlot } = await import('./pacing');
    const t0 = Date.now();
    await waitForSendSlot(t.ctx, account.id, { jitterMs: 0 });
    const t1 = Date.now();
    await waitForSendSlot(t.ctx, account.id, { jitterMs: 0 });
    const t2 = Date.now();
    expect(t1 - t0).toBeLessThan(250);
    expect(t2 - t0).toBeGreaterThanOrEqual(280);
    const { RetryLaterError } = await import('../../jobs/runner');
    await t.ctx.db.update(accounts).set({ sendMinGapMs: 60_000 }).where(eq(accounts.id, account.id));
    await waitForSendSlot(t.ctx, account.id, { jitterMs: 0 }); // takes the slot ~0.3 s away, next is 60 s later
    await expect(waitForSendSlot(t.ctx, account.id, { jitterMs: 0 })).rejects.toBeInstanceOf(RetryLaterError);

    // through the job: re-queued for later, attempts not used up
    const before = sock.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { type: 'text', temporaryId: temporaryId(), text: 'nanti' },
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.ctx.jobs.runDue();
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, SEND_JOB));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lastError: WHATSAPP_MESSAGES.paced });
    expect(job!.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 10_000);
    expect(sock.sent.length).toBe(before);
    await t.ctx.db.delete(jobs).where(eq(jobs.id, job!.id));
    await t.ctx.db
      .update(accounts)
      .set({ sendMinGapMs: 0, nextSendAt: null })
      .where(eq(accounts.id, account.id));
  });

  it('hourly cap reached: re-queued with the cap message', async () => {
    await t.ctx.db.update(accounts).set({ sendHourlyCap: 1 }).where(eq(accounts.id, account.id));
    const { waitForSendSlot } = await import('./pacing');
    const { RetryLaterError } = await import('../../jobs/runner');
    await expect(waitForSendSlot(t.ctx, account.id)).rejects.toBeInstanceOf(RetryLaterError);
    await t.ctx.db.update(accounts).set({ sendHourlyCap: 250 }).where(eq(accounts.id, account.id));
  });
});

describe('sending while the number is not live in this process', () => {
  it('waits (without using attempts) while it reconnects, then fails; dead numbers fail at once', async () => {
    const { whatsappWebConnector, RECONNECT_WAIT_MS } = await import('./connector');
    const { RetryLaterError } = await import('../../jobs/runner');
    const { PermanentSendError } = await import('../connector');
    const connector = whatsappWebConnector(t.ctx, { liveSocket: () => null });
    const now = t.ctx.clock.now();
    const accountRow = (status: string) =>
      ({ id: 'acc', status, deletedAt: null }) as unknown as Parameters<typeof connector.send>[0];
    const chatRow = { externalId: '6281200000001' } as unknown as Parameters<typeof connector.send>[1];
    const messageAt = (ageMs: number) =>
      ({ id: 'm1', createdAt: new Date(now.getTime() - ageMs) }) as unknown as Parameters<
        typeof connector.send
      >[2];

    await expect(connector.send(accountRow('disconnected'), chatRow, messageAt(1000))).rejects.toBeInstanceOf(
      RetryLaterError,
    );
    await expect(connector.send(accountRow('connecting'), chatRow, messageAt(1000))).rejects.toBeInstanceOf(
      RetryLaterError,
    );
    await expect(
      connector.send(accountRow('disconnected'), chatRow, messageAt(RECONNECT_WAIT_MS + 1000)),
    ).rejects.toBeInstanceOf(PermanentSendError);
    await expect(connector.send(accountRow('connected'), chatRow, messageAt(1000))).rejects.toBeInstanceOf(
      RetryLaterError,
    );
    await expect(connector.send(accountRow('logged_out'), chatRow, messageAt(1000))).rejects.toBeInstanceOf(
      PermanentSendError,
    );
  });
});
