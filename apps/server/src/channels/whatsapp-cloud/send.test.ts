import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_MESSAGES as M,
  PUBLICATION_MESSAGES,
  interpolate,
  message as messageSchema,
  messagePage,
  temporaryId,
  uploadedMedia,
  type Message,
} from '@sapa/contracts';
import { chats, messages } from '../../db/schema';
import { graphError, startFakeGraph, type FakeGraph } from '../../../test/fake-graph';
import {
  addCloudNumber,
  cloudSends,
  cloudState,
  deliverToApp,
  inboundMessage,
  installCloud,
  linkCloud,
  messagesDelivery,
  metaEnv,
  setTemplates,
  type CloudNumber,
} from '../../../test/fake-graph-cloud';
import { drainJobs, json, useTestApp, verifiedOwner } from '../../../test/helpers';
import { multipart } from '../../../test/uploads';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const env: Record<string, string> = {};
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  installCloud(fake);
  Object.assign(env, metaEnv(fake));
});
afterAll(() => fake.close());

describe('sending through the WhatsApp Cloud API', () => {
  const { t, get, post } = useTestApp({ env, dataDir: 'sapa-cloud-send-' });
  let token: string;
  let number: CloudNumber;
  let accountId: string;

  beforeAll(async () => {
    ({ token } = await verifiedOwner(t.app));
    number = addCloudNumber(fake);
    accountId = (await linkCloud(t.app, token, number))._id;
    setTemplates(fake, number.wabaId, [
      {
        name: 'pengingat_bayar',
        language: 'id',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Halo {{1}}, tagihan {{2}} jatuh tempo besok.' }],
      },
      {
        name: 'sapaan',
        language: 'id',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Halo {{nama}}, ada promo untuk {{nama}}!' }],
      },
      { name: 'tanpa_isian', language: 'en_US', components: [{ type: 'BODY', text: 'Hello there' }] },
    ]);
  });

  const now = () => String(Math.floor(t.clock.now().getTime() / 1000));

  /** The customer writes (the window opens); answers the chat id and the message's wamid. */
  async function customerWrites(waId: string, text = 'Halo') {
    const message = inboundMessage({ waId }, 'text', { body: text }, { timestamp: now() });
    await deliverToApp(t.app, fake, messagesDelivery(number, { waId, name: 'Pelanggan' }, [message]));
    await drainJobs(t);
    const [chat] = await t.ctx.db
      .select()
      .from(chats)
      .where(and(eq(chats.accountId, accountId), eq(chats.externalId, waId)));
    return { chatId: chat!.id, wamid: message.id as string };
  }

  async function upload(filename: string, type: string, data: Buffer) {
    const body = multipart([{ name: 'file', filename, type, data }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return json(res, uploadedMedia);
  }

  async function send(chatId: string, body: Record<string, unknown>) {
    const res = await post(`/api/chat/${chatId}/message`, token, { temporaryId: temporaryId(), ...body });
    return res;
  }

  async function messagesOf(chatId: string): Promise<Message[]> {
    return json(await get(`/api/chat/${chatId}/message?limit=100`, token), messagePage).docs;
  }

  it('sends every type with the body the Cloud API expects, files uploaded first', async () => {
    const waId = '6281400000001';
    const { chatId, wamid } = await customerWrites(waId);
    const [quoted] = await messagesOf(chatId);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0c0' } })
      .webp()
      .toBuffer();
    const image = await upload('foto.jpg', 'image/jpeg', jpeg);
    const sticker = await upload('stiker.webp', 'image/webp', webp);
    const video = await upload('video.mp4', 'video/mp4', fs.readFileSync(path.join(fixtures, 'video.mp4')));
    const audio = await upload('suara.ogg', 'audio/ogg', fs.readFileSync(path.join(fixtures, 'audio.ogg')));
    const pdf = await upload('Katalog 2026.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const before = cloudSends(fake, number).length;
    const uploadsBefore = cloudState(fake).uploads.size;
    const bodies = [
      { text: 'Balasan untuk Anda', quotedMessageId: quoted!._id },
      { type: 'image', text: 'Ini fotonya', image: { url: image.url } },
      { type: 'video', text: '', video: { url: video.url } },
      { type: 'audio', text: '', audio: { url: audio.url } },
      { type: 'document', text: 'Katalog terbaru', document: { url: pdf.url, name: 'Katalog 2026.pdf' } },
      { type: 'sticker', text: '', sticker: { url: sticker.url } },
      {
        type: 'location',
        text: '',
        location: { latitude: -6.2, longitude: 106.8, name: 'Toko Pusat', address: 'Jl. Merdeka 1' },
      },
      { type: 'contact', text: '', contact: { name: 'Admin Toko', dial: '62', phoneNumber: '81299990000' } },
    ];
    // one at a time: jobs due at the same moment may run in any order
    for (const body of bodies) {
      expect((await send(chatId, body)).statusCode).toBe(200);
      await drainJobs(t);
    }

    const sent = cloudSends(fake, number).slice(before);
    expect(sent).toHaveLength(8);
    for (const body of sent) {
      expect(body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', to: waId });
    }
    const uploads = [...cloudState(fake).uploads.values()].slice(uploadsBefore);
    expect(uploads.map((u) => u.mimetype)).toEqual([
      'image/jpeg',
      'video/mp4',
      expect.stringMatching(/^audio\//),
      'application/pdf',
      'image/webp',
    ]);
    expect(Buffer.compare(uploads[0]!.bytes, jpeg)).toBe(0);
    const idOf = (n: number) => uploads[n]!.id;
    expect(sent[0]).toMatchObject({
      type: 'text',
      text: { body: 'Balasan untuk Anda', preview_url: false },
      context: { message_id: wamid },
    });
    expect(sent[1]).toMatchObject({ type: 'image', image: { id: idOf(0), caption: 'Ini fotonya' } });
    expect(sent[2]).toEqual(expect.objectContaining({ type: 'video', video: { id: idOf(1) } }));
    expect(sent[3]).toEqual(expect.objectContaining({ type: 'audio', audio: { id: idOf(2) } }));
    expect(sent[4]).toMatchObject({
      type: 'document',
      document: { id: idOf(3), caption: 'Katalog terbaru', filename: 'Katalog 2026.pdf' },
    });
    expect(sent[5]).toEqual(expect.objectContaining({ type: 'sticker', sticker: { id: idOf(4) } }));
    expect(sent[6]).toMatchObject({
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8, name: 'Toko Pusat', address: 'Jl. Merdeka 1' },
    });
    expect(sent[7]).toMatchObject({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Admin Toko' },
          phones: [{ phone: '+6281299990000', wa_id: '6281299990000' }],
        },
      ],
    });
    // every message is 'sent' with its wamid
    const docs = (await messagesOf(chatId)).filter((m) => m.isFromMe);
    expect(docs).toHaveLength(8);
    expect(docs.every((m) => m.status === 'sent' && m.messageId?.startsWith('wamid.'))).toBe(true);

    // a message that already has its wamid is not sent again (the connector is idempotent)
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, docs[0]!._id));
    const [chatRow] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    const connector = t.ctx.connectors.get('whatsapp-cloud')!;
    const count = cloudSends(fake, number).length;
    const again = await connector.send({ id: accountId } as never, chatRow!, row!);
    expect(again.externalId).toBe(row!.externalId);
    expect(cloudSends(fake, number).length).toBe(count);
  });

  it('outside the 24-hour window refuses a text and sends an approved template with its values', async () => {
    const waId = '6281400000002';
    const { chatId } = await customerWrites(waId);
    t.clock.advance(25 * 3_600_000);

    const text = await send(chatId, { text: 'Masih ada?' });
    expect(text.statusCode).toBe(403);
    expect(text.json().message).toBe(M.templateRequired);

    const wrongCount = await send(chatId, {
      text: 'x',
      template: { name: 'pengingat_bayar', language: 'id', parameters: ['Sari'] },
    });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().message).toBe(interpolate(M.templateParameters, { count: 2 }));

    const unknown = await send(chatId, {
      text: 'x',
      template: { name: 'tidak_ada', language: 'id', parameters: [] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.templateNotFound);

    const before = cloudSends(fake, number).length;
    const ok = await send(chatId, {
      text: 'pratinjau dari komposer',
      template: { name: 'pengingat_bayar', language: 'id', parameters: ['Sari', 'INV-042'] },
    });
    expect(ok.statusCode).toBe(200);
    const stored = json(ok, messageSchema);
    expect(stored).toMatchObject({
      type: 'text',
      text: 'Halo Sari, tagihan INV-042 jatuh tempo besok.',
      status: 'pending',
    });
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, stored._id));
    expect(row!.channelExtra).toEqual({
      template: { name: 'pengingat_bayar', language: 'id', parameters: ['Sari', 'INV-042'] },
    });
    await drainJobs(t);
    const sent = cloudSends(fake, number).slice(before);
    expect(sent).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: waId,
        type: 'template',
        template: {
          name: 'pengingat_bayar',
          language: { code: 'id' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Sari' },
                { type: 'text', text: 'INV-042' },
              ],
            },
          ],
        },
      },
    ]);
    expect((await messagesOf(chatId)).at(-1)!.status).toBe('sent');

    // a named template and one without values
    await send(chatId, { text: 'x', template: { name: 'sapaan', language: 'id', parameters: ['Budi'] } });
    await drainJobs(t);
    await send(chatId, { text: 'x', template: { name: 'tanpa_isian', language: 'en_US' } });
    await drainJobs(t);
    const [named, bare] = cloudSends(fake, number).slice(-2);
    expect(named!.template).toEqual({
      name: 'sapaan',
      language: { code: 'id' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Budi', parameter_name: 'nama' }] }],
    });
    expect(bare!.template).toEqual({ name: 'tanpa_isian', language: { code: 'en_US' } });
    const texts = (await messagesOf(chatId)).slice(-2).map((m) => m.text);
    expect(texts).toEqual(['Halo Budi, ada promo untuk Budi!', 'Hello there']);
    // the list was read from Meta once in the minute, not once per send, and once more for the
    // unknown name (it might have just been approved)
    expect(fake.requestsTo(new RegExp(`^/${number.wabaId}/message_templates$`))).toHaveLength(2);
  });

  it('starts a conversation with an approved template only; a refused start leaves no chat behind', async () => {
    const waId = '6281400000077';
    const chatsOf = () =>
      t.ctx.db
        .select()
        .from(chats)
        .where(and(eq(chats.accountId, accountId), eq(chats.externalId, waId)));
    // the start-chat dialog lists the number's approved templates
    const list = await get(`/api/account/${accountId}/template-cloud`, token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().docs.map((d: { name: string }) => d.name)).toContain('pengingat_bayar');

    // plain text cannot open a Cloud API conversation: refused, and no empty chat is left
    const plain = await post('/api/chat/new', token, { accountId, phoneNumber: waId, text: 'Halo kak' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe(M.templateRequired);
    expect(await chatsOf()).toHaveLength(0);
    // nor does a template with the wrong number of values
    const short = await post('/api/chat/new', token, {
      accountId,
      phoneNumber: waId,
      text: 'x',
      template: { name: 'pengingat_bayar', language: 'id', parameters: ['Sari'] },
    });
    expect(short.statusCode).toBe(400);
    expect(await chatsOf()).toHaveLength(0);

    const before = cloudSends(fake, number).length;
    const started = await post('/api/chat/new', token, {
      accountId,
      phoneNumber: waId,
      text: 'x',
      template: { name: 'pengingat_bayar', language: 'id', parameters: ['Sari', 'INV-077'] },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().lastMessage.text).toBe('Halo Sari, tagihan INV-077 jatuh tempo besok.');
    await drainJobs(t);
    expect(cloudSends(fake, number).slice(before)).toMatchObject([
      { to: waId, type: 'template', template: { name: 'pengingat_bayar' } },
    ]);
    expect(await chatsOf()).toHaveLength(1);

    // another tenant's account, or an account not on the Cloud API, has no template list here
    const sandbox = (await get('/api/account', token))
      .json()
      .docs.find((a: { provider: string }) => a.provider === 'sandbox')._id as string;
    expect((await get(`/api/account/${sandbox}/template-cloud`, token)).statusCode).toBe(400);
    const stranger = await verifiedOwner(t.app);
    expect((await get(`/api/account/${accountId}/template-cloud`, stranger.token)).statusCode).toBe(404);
  });

  it('is not a broadcast sender nor a Status poster, with the reason on the field', async () => {
    const broadcast = await post('/api/publication/broadcast', token, {
      name: 'Promo Cloud',
      accountIds: [accountId],
      phoneNumbers: '081333330001',
      message: { type: 'text', text: 'Halo' },
    });
    expect(broadcast.statusCode).toBe(400);
    expect(broadcast.json().fields).toEqual({ accountIds: PUBLICATION_MESSAGES.senderCloud });
    const status = await post('/api/publication/status', token, { accountId, type: 'text', text: 'Halo' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields).toEqual({ accountId: PUBLICATION_MESSAGES.statusCloud });
  });

  it("maps Meta's refusals: 131047 for good, a rate limit retried, a refused token marks the link", async () => {
    const waId = '6281400000003';
    const { chatId } = await customerWrites(waId);
    const messagesPath = new RegExp(`^/${number.phoneNumberId}/messages$`);

    fake.failNext(messagesPath, graphError(131047, 'Re-engagement message', undefined, 400));
    await send(chatId, { text: 'Satu' });
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({
      status: 'error',
      errorMessage: M['send.cloudWindow'],
    });

    fake.failNext(messagesPath, graphError(131026, 'Message undeliverable', undefined, 400));
    await send(chatId, { text: 'Dua' });
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({
      status: 'error',
      errorMessage: M['send.cloudUndeliverable'],
    });

    // the number's pace: tried again later, then sent
    fake.failNext(messagesPath, graphError(130429, 'Rate limit hit', undefined, 400));
    await send(chatId, { text: 'Tiga' });
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)!.status).toBe('pending');
    t.clock.advance(2 * 60_000);
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({ text: 'Tiga', status: 'sent' });

    fake.failNext(
      messagesPath,
      graphError(190, 'Error validating access token: Session has expired', 463, 401),
    );
    await send(chatId, { text: 'Empat' });
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({
      status: 'error',
      errorMessage: M['send.tokenInvalid'],
    });
    const accounts = json<{ docs: { _id: string; channel: { needsRelink: boolean } | null }[] }>(
      await get('/api/account?types=whatsapp', token),
    );
    expect(accounts.docs.find((a) => a._id === accountId)?.channel?.needsRelink).toBe(true);
    // until linked again, nothing more is tried with that token
    const count = cloudSends(fake, number).length;
    await send(chatId, { text: 'Lima' });
    await drainJobs(t);
    expect(cloudSends(fake, number).length).toBe(count);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({
      status: 'error',
      errorMessage: M['send.tokenInvalid'],
    });
    await linkCloud(t.app, token, number);
    await send(chatId, { text: 'Enam' });
    await drainJobs(t);
    expect((await messagesOf(chatId)).at(-1)).toMatchObject({ text: 'Enam', status: 'sent' });
  });

  it('tells Meta the newest message was read when the chat is opened', async () => {
    const waId = '6281400000004';
    await customerWrites(waId, 'Pertama');
    const { chatId, wamid } = await customerWrites(waId, 'Kedua');
    const res = await post(`/api/chat/${chatId}/message/read`, token);
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() =>
        cloudState(fake)
          .sent.filter((s) => s.body.status === 'read')
          .map((s) => s.body),
      )
      .toContainEqual({ messaging_product: 'whatsapp', status: 'read', message_id: wamid });
  });
});
