import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { LIMITS } from '@sapa/contracts';
import { accounts, mediaFiles, messages } from '../../db/schema';
import { customerSays, drainJobs, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { mediaUrl } from '../media/lookup';

/**
 * Every message type through POST /chat/{id}/message and the sandbox, with the channel and file rules
 * of spec §5. Files are put in media_files directly here; the upload itself is tested in modules/media.
 */
const { t, get, post } = useTestApp();
let n = 0;
const tmp = () => `cnt${String(++n).padStart(17, '0')}`;

async function ownerOf(accountId: string): Promise<string> {
  const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row!.ownerId;
}

async function storedFile(ownerId: string, file: { mimetype: string; size?: number; name?: string }) {
  const key = `k${Math.random().toString(36).slice(2)}${'x'.repeat(20)}`.slice(0, 32);
  await t.ctx.db.insert(mediaFiles).values({
    ownerId,
    key,
    mimetype: file.mimetype,
    size: file.size ?? 2048,
    name: file.name ?? 'berkas',
    thumbnail: file.mimetype.startsWith('image/') ? 'data:image/jpeg;base64,AAAA' : null,
    duration: file.mimetype.startsWith('audio/') || file.mimetype.startsWith('video/') ? 75 : null,
  });
  return mediaUrl(key);
}

async function messageCount(chatId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(messages).where(eq(messages.chatId, chatId));
  return row?.n ?? 0;
}

async function sandboxChannel(token: string, accountId: string, type: 'instagram' | 'messenger') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/account',
    headers: { token },
    payload: { accountId, type },
  });
  expect(res.statusCode).toBe(200);
  return json(res, api.sandboxAccount);
}

describe('sending every type', () => {
  it('stores files with what the server knows of them, and locations and contacts as given', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ownerId = await ownerOf(accountId);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');

    const imageUrl = await storedFile(ownerId, { mimetype: 'image/png' });
    const image = await post(`/api/chat/${chatId}/message`, token, {
      temporaryId: tmp(),
      type: 'image',
      text: 'Ini fotonya',
      image: { url: imageUrl, mimetype: 'text/html', thumbnail: 'data:evil' },
    });
    expect(image.statusCode).toBe(200);
    expect(json(image, api.message)).toMatchObject({
      type: 'image',
      text: 'Ini fotonya',
      status: 'pending',
      image: { url: imageUrl, mimetype: 'image/png', thumbnail: 'data:image/jpeg;base64,AAAA' },
    });

    const docUrl = await storedFile(ownerId, {
      mimetype: 'application/pdf',
      size: 123_456,
      name: 'katalog.pdf',
    });
    const doc = json(
      await post(`/api/chat/${chatId}/message`, token, {
        temporaryId: tmp(),
        type: 'document',
        document: { url: docUrl },
      }),
      api.message,
    );
    expect(doc.document).toEqual({
      url: docUrl,
      name: 'katalog.pdf',
      size: 123,
      mimetype: 'application/pdf',
    });

    const audioUrl = await storedFile(ownerId, { mimetype: 'audio/ogg' });
    const audio = json(
      await post(`/api/chat/${chatId}/message`, token, {
        temporaryId: tmp(),
        type: 'audio',
        audio: { url: audioUrl },
      }),
      api.message,
    );
    expect(audio.audio).toEqual({ url: audioUrl, duration: 75, mimetype: 'audio/ogg' });

    const location = json(
      await post(`/api/chat/${chatId}/message`, token, {
        temporaryId: tmp(),
        type: 'location',
        location: {
          latitude: '-6.2',
          longitude: 106.8166,
          name: 'Toko Pusat',
          address: 'Jl. Sudirman 1, Jakarta',
        },
      }),
      api.message,
    );
    expect(location.location).toEqual({
      latitude: -6.2,
      longitude: 106.8166,
      name: 'Toko Pusat',
      address: 'Jl. Sudirman 1, Jakarta',
      thumbnail: null,
    });

    const contact = json(
      await post(`/api/chat/${chatId}/message`, token, {
        temporaryId: tmp(),
        type: 'contact',
        contact: { name: 'Admin Gudang', phoneNumber: '81234567890' },
      }),
      api.message,
    );
    expect(contact.contact).toEqual({ name: 'Admin Gudang', dial: '62', phoneNumber: '81234567890' });

    // the history and the list show the same
    const history = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs;
    expect(history.map((m) => m.type)).toEqual(['text', 'image', 'document', 'audio', 'location', 'contact']);
    expect(history[2]?.document?.name).toBe('katalog.pdf');
    const row = json(await get('/api/chat', token), api.chatPage).docs[0];
    expect(row?.lastMessage).toMatchObject({ type: 'contact', isFromMe: true });
  });

  it('refuses bad files, bad forms and what the channel cannot send, storing nothing', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ownerId = await ownerOf(accountId);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const before = await messageCount(chatId);
    const send = (body: object) =>
      post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(), ...body });
    const refused = async (body: object, message: string) => {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res, api.messageResponse).message).toBe(message);
    };

    const pdf = await storedFile(ownerId, { mimetype: 'application/pdf' });
    await refused(
      { type: 'image', image: { url: pdf } },
      'Jenis file application/pdf tidak didukung untuk gambar/video/audio',
    );
    await refused(
      { type: 'audio', audio: { url: pdf } },
      'Jenis file application/pdf tidak didukung untuk gambar/video/audio',
    );
    const huge = await storedFile(ownerId, {
      mimetype: 'application/zip',
      size: LIMITS.maxAttachmentBytes + 1,
    });
    await refused({ type: 'document', document: { url: huge } }, 'Maksimal ukuran file adalah 10MB');
    await refused(
      { type: 'image', image: { url: '/api/media/tidakadaberkasseperti-ini0000' } },
      'File tidak ditemukan. Unggah ulang file tersebut',
    );
    await refused(
      { type: 'image', image: { url: 'https://contoh.test/foto.png' } },
      'File tidak ditemukan. Unggah ulang file tersebut',
    );

    // another tenant's file is not found
    const other = await ownerWithSandbox(t.app);
    const theirs = await storedFile(await ownerOf(other.accountId), { mimetype: 'image/png' });
    await refused(
      { type: 'image', image: { url: theirs } },
      'File tidak ditemukan. Unggah ulang file tersebut',
    );

    await refused(
      { type: 'location', location: { latitude: 'utara', longitude: 106, name: 'A', address: 'B' } },
      'Latitude tidak valid',
    );
    await refused(
      { type: 'location', location: { latitude: 1, longitude: 200, name: 'A', address: 'B' } },
      'Longitude tidak valid',
    );
    await refused(
      { type: 'location', location: { latitude: 1, longitude: 2, name: ' ', address: 'B' } },
      'Nama Lokasi tidak valid',
    );
    await refused(
      { type: 'location', location: { latitude: 1, longitude: 2, name: 'A' } },
      'Alamat Lokasi tidak valid',
    );
    await refused(
      { type: 'contact', contact: { name: '', phoneNumber: '812345678' } },
      'Nama Kontak tidak valid',
    );
    await refused(
      { type: 'contact', contact: { name: 'Budi', phoneNumber: '08-12' } },
      'Nomor Telepon tidak valid',
    );
    expect(await messageCount(chatId)).toBe(before);

    // Instagram: no document, location or contact; Messenger: no location or contact
    const instagram = await sandboxChannel(token, accountId, 'instagram');
    const ig = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: { accountId: instagram._id, phoneNumber: '6281111111111', name: 'Pengikut', text: 'Halo kak' },
    });
    const igChat = json(ig, api.sandboxInboundResponse).chatId;
    const igSend = (body: object) =>
      post(`/api/chat/${igChat}/message`, token, { temporaryId: tmp(), ...body });
    for (const body of [
      { type: 'document', document: { url: pdf } },
      { type: 'location', location: { latitude: 1, longitude: 2, name: 'A', address: 'B' } },
      { type: 'contact', contact: { name: 'Budi', phoneNumber: '812345678' } },
    ]) {
      const res = await igSend(body);
      expect(res.statusCode).toBe(400);
      expect(json(res, api.messageResponse).message).toBe(
        'Instagram tidak bisa mengirimkan Dokumen, Lokasi atau Kontak',
      );
    }
    const png = await storedFile(ownerId, { mimetype: 'image/png' });
    expect((await igSend({ type: 'image', image: { url: png } })).statusCode).toBe(200);

    const messenger = await sandboxChannel(token, accountId, 'messenger');
    const fb = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: { accountId: messenger._id, phoneNumber: '6281111111112', name: 'Pelanggan FB', text: 'Halo' },
    });
    const fbChat = json(fb, api.sandboxInboundResponse).chatId;
    const fbSend = (body: object) =>
      post(`/api/chat/${fbChat}/message`, token, { temporaryId: tmp(), ...body });
    const fbLocation = await fbSend({
      type: 'location',
      location: { latitude: 1, longitude: 2, name: 'A', address: 'B' },
    });
    expect(json(fbLocation, api.messageResponse).message).toBe(
      'Messenger tidak bisa mengirimkan Lokasi atau Kontak',
    );
    expect((await fbSend({ type: 'document', document: { url: pdf } })).statusCode).toBe(200);
    expect(await messageCount(fbChat)).toBe(2);
  });
});

describe('quoted replies', () => {
  it('a reply carries the quoted message both ways on WhatsApp, and is refused elsewhere', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ownerId = await ownerOf(accountId);
    const photo = await storedFile(ownerId, { mimetype: 'image/jpeg' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: {
        accountId,
        phoneNumber: '6281222333444',
        name: 'Sari',
        type: 'image',
        text: 'Yang ini ada?',
        image: { url: photo },
      },
    });
    const { chatId, messageId } = json(first, api.sandboxInboundResponse);
    const reply = json(
      await post(`/api/chat/${chatId}/message`, token, {
        temporaryId: tmp(),
        text: 'Ada kak',
        quotedMessageId: messageId,
      }),
      api.message,
    );
    expect(reply.quoted).toMatchObject({
      messageId,
      isFromMe: false,
      senderName: 'Sari',
      type: 'image',
      text: 'Yang ini ada?',
      image: { url: photo, mimetype: 'image/jpeg' },
    });

    // the customer quotes the business's answer once it reached their phone
    await drainJobs(t);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: {
        accountId,
        phoneNumber: '6281222333444',
        name: 'Sari',
        text: 'Oke',
        quotedMessageId: reply._id,
      },
    });
    expect(back.statusCode).toBe(201);
    const history = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs;
    expect(history.at(-1)?.quoted).toMatchObject({ messageId: reply._id, isFromMe: true, text: 'Ada kak' });
    expect(history.at(-2)?.quoted?.messageId).toBe(messageId);

    // a message of another chat cannot be quoted
    const other = await customerSays(t.app, accountId, 'Chat lain', '6281999888777');
    const cross = await post(`/api/chat/${other.chatId}/message`, token, {
      temporaryId: tmp(),
      text: 'x',
      quotedMessageId: messageId,
    });
    expect(json(cross, api.messageResponse).message).toBe('Pesan yang dibalas tidak ditemukan');

    // not on Instagram
    const instagram = await sandboxChannel(token, accountId, 'instagram');
    const ig = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/inbound',
        headers: { token },
        payload: { accountId: instagram._id, phoneNumber: '6281111111119', name: 'Pengikut', text: 'Halo' },
      }),
      api.sandboxInboundResponse,
    );
    const igReply = await post(`/api/chat/${ig.chatId}/message`, token, {
      temporaryId: tmp(),
      text: 'Halo juga',
      quotedMessageId: ig.messageId,
    });
    expect(igReply.statusCode).toBe(400);
    expect(json(igReply, api.messageResponse).message).toBe('Balasan kutipan hanya tersedia di WhatsApp');
    const stored = await t.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.chatId, ig.chatId), eq(messages.isFromMe, true)));
    expect(stored[0]?.n).toBe(0);
  });

  it('the simulator sees every type and the quote', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Minta lokasi toko', '6281555666777', 'Tono');
    await post(`/api/chat/${chatId}/message`, token, {
      temporaryId: tmp(),
      type: 'location',
      location: { latitude: -7.25, longitude: 112.75, name: 'Toko Surabaya', address: 'Jl. Tunjungan 5' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/conversation?accountId=${accountId}&phoneNumber=6281555666777`,
      headers: { token },
    });
    const conversation = json(res, api.sandboxConversation);
    expect(conversation.messages.map((m) => m.type)).toEqual(['text', 'location']);
    expect(conversation.messages[1]?.location?.name).toBe('Toko Surabaya');
  });
});
