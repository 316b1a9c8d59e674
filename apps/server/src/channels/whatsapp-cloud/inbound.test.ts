import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_MESSAGES as M,
  interpolate,
  messagePage,
  temporaryId,
  type Message,
} from '@sapa/contracts';
import { chats, contactAliases } from '../../db/schema';
import { startFakeGraph, type FakeGraph } from '../../../test/fake-graph';
import {
  addCloudNumber,
  addReceivedMedia,
  cloudSends,
  cloudState,
  cloudStatus,
  deliverToApp,
  echoesDelivery,
  inboundMessage,
  installCloud,
  linkCloud,
  messagesDelivery,
  metaEnv,
  statusesDelivery,
  type CloudNumber,
} from '../../../test/fake-graph-cloud';
import { drainJobs, json, useTestApp, verifiedOwner } from '../../../test/helpers';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const env: Record<string, string> = {};
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  installCloud(fake);
  Object.assign(env, metaEnv(fake));
});
afterAll(() => fake.close());

describe('WhatsApp Cloud API webhooks into the inbox', () => {
  const { t, get, post } = useTestApp({ env, dataDir: 'sapa-cloud-inbound-' });
  let token: string;
  let number: CloudNumber;
  let accountId: string;

  beforeAll(async () => {
    ({ token } = await verifiedOwner(t.app));
    number = addCloudNumber(fake);
    accountId = (await linkCloud(t.app, token, number))._id;
  });

  /** Seconds since the epoch on the app's clock, as Meta's string timestamps. */
  const now = (offsetMs = 0) => String(Math.floor((t.clock.now().getTime() + offsetMs) / 1000));

  async function deliver(payload: unknown) {
    await deliverToApp(t.app, fake, payload);
    await drainJobs(t);
  }

  async function chatOf(externalId: string) {
    const [row] = await t.ctx.db
      .select()
      .from(chats)
      .where(and(eq(chats.accountId, accountId), eq(chats.externalId, externalId)));
    return row;
  }

  async function messagesOf(chatId: string): Promise<Message[]> {
    return json(await get(`/api/chat/${chatId}/message?limit=100`, token), messagePage).docs;
  }

  async function says(waId: string, type: string, content: unknown, extra: Record<string, unknown> = {}) {
    const message = inboundMessage({ waId }, type, content, { timestamp: now(), ...extra });
    await deliver(messagesDelivery(number, { waId, name: 'Sari' }, [message]));
    return message.id as string;
  }

  it('stores a text with the profile name and phone, and a reply quoting it', async () => {
    const first = await says('6281300000001', 'text', { body: 'Halo, stok masih ada?' });
    const chat = await chatOf('6281300000001');
    expect(chat).toMatchObject({ contactName: 'Sari', contactPhone: '6281300000001', unreadCount: 1 });
    await says(
      '6281300000001',
      'text',
      { body: 'Yang merah' },
      { context: { from: '6281300000001', id: first } },
    );
    const docs = await messagesOf(chat!.id);
    expect(docs.map((m) => [m.type, m.text, m.isFromMe, m.status])).toEqual([
      ['text', 'Halo, stok masih ada?', false, 'unread'],
      ['text', 'Yang merah', false, 'unread'],
    ]);
    expect(docs[0]!.messageId).toBe(first);
    expect(docs[1]!.quotedMessageId).toBe(docs[0]!._id);
    expect(docs[1]!.quoted).toMatchObject({ isFromMe: false, text: 'Halo, stok masih ada?' });
  });

  it('downloads every kind of file on arrival into media storage', async () => {
    const waId = '6281300000002';
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0c0' } })
      .webp()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const ogg = fs.readFileSync(path.join(fixtures, 'audio.ogg'));
    const mp4 = fs.readFileSync(path.join(fixtures, 'video.mp4'));
    const image = addReceivedMedia(fake, number, jpeg, 'image/jpeg');
    const sticker = addReceivedMedia(fake, number, webp, 'image/webp');
    const document = addReceivedMedia(fake, number, pdf, 'application/pdf');
    const voice = addReceivedMedia(fake, number, ogg, 'audio/ogg; codecs=opus');
    const video = addReceivedMedia(fake, number, mp4, 'video/mp4');
    await deliver(
      messagesDelivery(number, { waId, name: 'Rina' }, [
        inboundMessage({ waId }, 'image', { id: image, mime_type: 'image/jpeg', caption: 'Foto produk' }),
        inboundMessage({ waId }, 'sticker', { id: sticker, mime_type: 'image/webp', animated: false }),
        inboundMessage({ waId }, 'document', {
          id: document,
          mime_type: 'application/pdf',
          filename: 'Faktur Mei.pdf',
          caption: 'Fakturnya',
        }),
        inboundMessage({ waId }, 'audio', { id: voice, mime_type: 'audio/ogg; codecs=opus', voice: true }),
        inboundMessage({ waId }, 'video', { id: video, mime_type: 'video/mp4', caption: 'Videonya' }),
      ]),
    );
    const chat = await chatOf(waId);
    const docs = await messagesOf(chat!.id);
    expect(docs.map((m) => m.type)).toEqual(['image', 'sticker', 'document', 'audio', 'video']);
    const [img, stk, doc, aud, vid] = docs;
    expect(img).toMatchObject({ text: 'Foto produk', image: { mimetype: 'image/jpeg' } });
    expect(img!.image!.url).toMatch(/^\/api\/media\//);
    expect(img!.image!.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    expect(stk!.sticker!.url).toMatch(/^\/api\/media\//);
    expect(doc).toMatchObject({
      text: 'Fakturnya',
      document: { name: 'Faktur Mei.pdf', mimetype: 'application/pdf', size: Math.round(pdf.length / 1000) },
    });
    expect(aud).toMatchObject({ text: '', audio: { mimetype: expect.stringMatching(/^audio\//) } });
    expect(vid).toMatchObject({ text: 'Videonya', video: { mimetype: 'video/mp4' } });
    // the bytes are ours now: served from our storage
    const served = await t.app.inject({ method: 'GET', url: img!.image!.url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, jpeg)).toBe(0);
    // each file: its url asked with the token, then fetched with the Bearer header
    const fetched = fake.requestsTo(/^\/cloud-media\//);
    expect(fetched.length).toBeGreaterThanOrEqual(5);
    expect(fetched.every((r) => r.token === number.token)).toBe(true);
  });

  it('keeps a message whose file cannot be fetched, as a text saying so with its caption', async () => {
    const waId = '6281300000003';
    // Meta away once: the second try (a fresh url) gets the file
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00c' } })
      .jpeg()
      .toBuffer();
    const once = addReceivedMedia(fake, number, jpeg, 'image/jpeg');
    fake.failNext(new RegExp(`^/cloud-media/${once}$`), {
      status: 502,
      raw: { body: 'x', type: 'text/plain' },
    });
    await says(waId, 'image', { id: once, mime_type: 'image/jpeg' });
    // a media id Meta no longer has
    await says(waId, 'image', { id: '999000111222333', mime_type: 'image/jpeg', caption: 'Lihat ini' });
    // urls that have expired every time
    const stale = addReceivedMedia(fake, number, jpeg, 'image/jpeg');
    cloudState(fake).urlLifetimeMs = -1000;
    await says(waId, 'video', { id: stale, mime_type: 'video/mp4' });
    cloudState(fake).urlLifetimeMs = 5 * 60_000;
    const docs = await messagesOf((await chatOf(waId))!.id);
    expect(docs.map((m) => [m.type, m.text])).toEqual([
      ['image', ''],
      ['text', `${interpolate(M['inbound.mediaFailed'], { type: 'gambar' })}\nLihat ini`],
      ['text', interpolate(M['inbound.mediaFailed'], { type: 'video' })],
    ]);
  });

  it('maps locations, contact cards, replies to buttons and lists, and unsupported messages', async () => {
    const waId = '6281300000004';
    await deliver(
      messagesDelivery(number, { waId, name: 'Dodi' }, [
        inboundMessage({ waId }, 'location', {
          latitude: -6.2,
          longitude: 106.816666,
          name: 'Monas',
          address: 'Gambir, Jakarta Pusat',
        }),
        inboundMessage({ waId }, 'contacts', [
          {
            name: { formatted_name: 'Budi Santoso', first_name: 'Budi' },
            phones: [{ phone: '+62 812-3456-7890', wa_id: '6281234567890', type: 'CELL' }],
          },
        ]),
        inboundMessage({ waId }, 'interactive', {
          type: 'button_reply',
          button_reply: { id: 'ya', title: 'Ya, kirim' },
        }),
        inboundMessage({ waId }, 'interactive', {
          type: 'list_reply',
          list_reply: { id: 'm', title: 'Ukuran M', description: 'Lingkar dada 100 cm' },
        }),
        inboundMessage({ waId }, 'button', { text: 'Berhenti promosi', payload: 'STOP' }),
        inboundMessage({ waId }, 'reaction', { message_id: 'wamid.x', emoji: '👍' }),
        inboundMessage({ waId }, 'unsupported', undefined, {
          errors: [{ code: 131051, title: 'Message type unknown', message: 'Message type unknown' }],
        }),
      ]),
    );
    const docs = await messagesOf((await chatOf(waId))!.id);
    expect(docs.map((m) => m.type)).toEqual(['location', 'contact', 'text', 'text', 'text', 'text']);
    expect(docs[0]!.location).toEqual({
      latitude: -6.2,
      longitude: 106.816666,
      name: 'Monas',
      address: 'Gambir, Jakarta Pusat',
      thumbnail: null,
    });
    expect(docs[1]!.contact).toEqual({ name: 'Budi Santoso', dial: '62', phoneNumber: '81234567890' });
    expect(docs.slice(2).map((m) => m.text)).toEqual([
      'Ya, kirim',
      'Ukuran M',
      'Berhenti promosi',
      interpolate(M['inbound.unsupported'], { type: 'Message type unknown' }),
    ]);
  });

  it('keys a contact without a phone number by their business-scoped id, and finds the chat again once the number is known', async () => {
    const userId = 'ID.1650000000000001';
    const hidden = inboundMessage(
      { userId },
      'text',
      { body: 'Halo dari nama pengguna' },
      { timestamp: now() },
    );
    await deliver(messagesDelivery(number, { userId, username: '@tokosari' }, [hidden]));
    const byBsuid = await chatOf(userId);
    expect(byBsuid).toMatchObject({ contactPhone: '', contactName: '@tokosari' });

    // later both ids: the same chat, which now shows the phone number
    const waId = '6281300000005';
    const both = inboundMessage(
      { waId, userId },
      'text',
      { body: 'Ini nomor saya' },
      { timestamp: now(1000) },
    );
    await deliver(messagesDelivery(number, { waId, userId, name: 'Sari Toko' }, [both]));
    const chat = await chatOf(waId);
    expect(chat!.id).toBe(byBsuid!.id);
    expect(chat!.contactPhone).toBe(waId);
    expect(await chatOf(userId)).toBeUndefined();

    // the BSUID alone again: still that chat
    await deliver(
      messagesDelivery(number, { userId }, [
        inboundMessage({ userId }, 'text', { body: 'Nomor disembunyikan lagi' }, { timestamp: now(2000) }),
      ]),
    );
    const docs = await messagesOf(chat!.id);
    expect(docs.map((m) => m.text)).toEqual([
      'Halo dari nama pengguna',
      'Ini nomor saya',
      'Nomor disembunyikan lagi',
    ]);
    const aliases = await t.ctx.db
      .select()
      .from(contactAliases)
      .where(eq(contactAliases.accountId, accountId));
    expect(
      aliases
        .filter((a) => a.contactExternalId === waId)
        .map((a) => a.alias)
        .sort(),
    ).toEqual([waId, userId].sort());

    // a reply to a contact known only by BSUID goes to `recipient`, never to an invented phone
    const onlyId = 'ID.1650000000000002';
    await deliver(
      messagesDelivery(number, { userId: onlyId }, [
        inboundMessage({ userId: onlyId }, 'text', { body: 'Tanpa nomor' }, { timestamp: now() }),
      ]),
    );
    const hiddenChat = await chatOf(onlyId);
    expect(hiddenChat!.contactPhone).toBe('');
    const reply = await post(`/api/chat/${hiddenChat!.id}/message`, token, {
      temporaryId: temporaryId(),
      text: 'Siap',
    });
    expect(reply.statusCode).toBe(200);
    await drainJobs(t);
    const sent = cloudSends(fake, number).at(-1)!;
    expect(sent).toMatchObject({ recipient: onlyId, type: 'text' });
    expect(sent).not.toHaveProperty('to');
  });

  it('stores messages typed in the WhatsApp Business app (coexistence) as outbound', async () => {
    const waId = '6281300000006';
    await says(waId, 'text', { body: 'Pesanan saya?' });
    const before = await chatOf(waId);
    await deliver(
      echoesDelivery(number, { waId }, [
        { type: 'text', text: { body: 'Sudah dikirim kak' }, timestamp: now(60_000) },
      ]),
    );
    const after = await chatOf(waId);
    expect(after!.id).toBe(before!.id);
    expect(after!.unreadCount).toBe(before!.unreadCount);
    expect(after!.lastMessageIsFromMe).toBe(true);
    expect(after!.fromSenderAt).toEqual(before!.fromSenderAt);
    const docs = await messagesOf(after!.id);
    expect(docs.at(-1)).toMatchObject({ text: 'Sudah dikirim kak', isFromMe: true, status: 'sent' });
  });

  it('moves statuses forward only, explains a failed 131047 and shows the pricing category', async () => {
    const waId = '6281300000007';
    await says(waId, 'text', { body: 'Tolong kabari' });
    const chat = await chatOf(waId);
    const send = async (text: string) => {
      const res = await post(`/api/chat/${chat!.id}/message`, token, { temporaryId: temporaryId(), text });
      expect(res.statusCode).toBe(200);
      await drainJobs(t);
      const docs = await messagesOf(chat!.id);
      return docs.find((m) => m.text === text)!;
    };
    const first = await send('Sudah kami kirim');
    expect(first.status).toBe('sent');
    expect(first.messageId).toMatch(/^wamid\./);
    expect(cloudSends(fake, number).at(-1)).toMatchObject({
      messaging_product: 'whatsapp',
      to: waId,
      type: 'text',
      text: { body: 'Sudah kami kirim', preview_url: false },
    });

    // read before delivered, then a late 'sent' and 'delivered', then the whole lot again
    const statuses = [
      cloudStatus(first.messageId!, 'read', { recipient: waId }),
      cloudStatus(first.messageId!, 'sent', { recipient: waId, category: 'service' }),
      cloudStatus(first.messageId!, 'delivered', { recipient: waId, category: 'service' }),
    ];
    await deliver(statusesDelivery(number, statuses));
    await deliver(statusesDelivery(number, statuses));
    let docs = await messagesOf(chat!.id);
    expect(docs.find((m) => m._id === first._id)).toMatchObject({
      status: 'read',
      pricingCategory: 'service',
    });

    const second = await send('Mohon konfirmasi');
    await deliver(
      statusesDelivery(number, [cloudStatus(second.messageId!, 'delivered', { category: 'utility' })]),
    );
    await deliver(
      statusesDelivery(number, [
        cloudStatus(second.messageId!, 'failed', {
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              message: 'Re-engagement message',
              error_data: { details: 'Message failed to send because more than 24 hours have passed' },
            },
          ],
        }),
      ]),
    );
    // 'sent' after the failure changes nothing
    await deliver(statusesDelivery(number, [cloudStatus(second.messageId!, 'sent')]));
    docs = await messagesOf(chat!.id);
    expect(docs.find((m) => m._id === second._id)).toMatchObject({
      status: 'error',
      errorMessage: M['send.cloudWindow'],
      pricingCategory: 'utility',
    });
    const row = await chatOf(waId);
    expect(row!.lastMessageStatus).toBe('error');

    // an unknown code keeps Meta's words
    const third = await send('Kode lain');
    await deliver(
      statusesDelivery(number, [
        cloudStatus(third.messageId!, 'failed', { errors: [{ code: 131999, title: 'Something new' }] }),
      ]),
    );
    docs = await messagesOf(chat!.id);
    expect(docs.find((m) => m._id === third._id)!.errorMessage).toBe(
      interpolate(M['send.failed'], { reason: 'Something new (131999)' }),
    );
  });

  it('stores a replayed message once and drops a number no tenant has', async () => {
    const waId = '6281300000008';
    const message = inboundMessage({ waId }, 'text', { body: 'Sekali saja' }, { timestamp: now() });
    const payload = messagesDelivery(number, { waId, name: 'Ulang' }, [message]);
    await deliver(payload);
    await deliver(payload);
    const docs = await messagesOf((await chatOf(waId))!.id);
    expect(docs.map((m) => m.text)).toEqual(['Sekali saja']);

    const stranger = addCloudNumber(fake);
    await deliver(
      messagesDelivery(stranger, { waId: '6281300000009' }, [
        inboundMessage({ waId: '6281300000009' }, 'text', { body: 'Ke nomor asing' }),
      ]),
    );
    const none = await t.ctx.db.select().from(chats).where(eq(chats.externalId, '6281300000009'));
    expect(none).toEqual([]);
  });

  it("never lands a webhook for one tenant's number in another tenant's inbox", async () => {
    const other = await verifiedOwner(t.app);
    const otherNumber = addCloudNumber(fake);
    const otherAccount = await linkCloud(t.app, other.token, otherNumber, 'Nomor B');
    const waId = '6281300000010';
    await deliver(
      messagesDelivery(otherNumber, { waId, name: 'Pelanggan B' }, [
        inboundMessage({ waId }, 'text', { body: 'Untuk B saja' }, { timestamp: now() }),
      ]),
    );
    const rows = await t.ctx.db.select().from(chats).where(eq(chats.externalId, waId));
    expect(rows.map((r) => r.accountId)).toEqual([otherAccount._id]);
    const mine = json<{ docs: { _id: string }[] }>(await get('/api/chat?limit=100', token));
    expect(mine.docs.map((c) => c._id)).not.toContain(rows[0]!.id);
    // B's statuses cannot move A's messages either: a wamid is looked up within the number's account
    const [aChat] = await t.ctx.db.select().from(chats).where(eq(chats.accountId, accountId)).limit(1);
    const aDocs = await messagesOf(aChat!.id);
    await deliver(statusesDelivery(otherNumber, [cloudStatus(aDocs[0]!.messageId!, 'failed')]));
    expect((await messagesOf(aChat!.id))[0]!.status).toBe(aDocs[0]!.status);
  });
});
