import * as api from '@sapa/contracts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChatTemplate } from '@sapa/contracts';
import { chatTemplates, mediaFiles } from '../../db/schema';
import { agentFor, createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const post = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/chat/template', headers: { token }, payload });
const put = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/chat/template/${id}`, headers: { token }, payload });
const del = (id: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/chat/template/${id}`, headers: { token } });
const list = async (token: string, query = '') =>
  json(await get(`/api/chat/template${query}`, token), api.templatePage);

/** A signed-in owner and their tenant id. */
async function owner() {
  const { token } = await registerOwner(t.app);
  const me = json(await get('/api/user', token), api.userProfile);
  return { token, ownerId: me._id };
}

/** A file as POST /chat/media would have stored it for this tenant (that endpoint is tested on its own). */
async function storedFile(
  ownerId: string,
  file: {
    mimetype: string;
    name: string;
    thumbnail?: string | null;
    duration?: number | null;
    size?: number;
  },
) {
  const ext = file.name.split('.').pop();
  const key = `${randomBytes(16).toString('hex')}.${ext}`;
  await t.ctx.db.insert(mediaFiles).values({
    ownerId,
    key,
    mimetype: file.mimetype,
    size: file.size ?? 12_345,
    name: file.name,
    thumbnail: file.thumbnail ?? null,
    duration: file.duration ?? null,
  });
  return { key, url: `/api/media/${key}` };
}

async function expectRefused(res: Awaited<ReturnType<typeof post>>, message: string, field?: string) {
  expect(res.statusCode).toBe(400);
  const body = json(res, api.apiErrorBody);
  expect(body.code).toBe('VALIDATION');
  expect(body.message).toContain(message);
  if (field) expect(body.fields?.[field]).toBe(message);
}

describe('templates', () => {
  it('creates, lists, replaces and deletes a template', async () => {
    const { token } = await owner();
    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    // a body without a type is a text template
    const created = await post(token, { title: '  Salam  ', text: 'Halo kak, ada yang bisa kami bantu?' });
    expect(created.statusCode).toBe(201);
    const template = json(created, api.chatTemplate);
    expect(template).toEqual({
      _id: expect.any(String),
      title: 'Salam',
      text: 'Halo kak, ada yang bisa kami bantu?',
      type: 'text',
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    expect(await list(token)).toEqual({ docs: [template], hasNextPage: false });

    t.clock.advance(60_000);
    const replaced = await put(template._id, token, {
      title: 'Lokasi toko',
      type: 'location',
      text: 'Mampir ya',
      location: {
        latitude: '-6.2',
        longitude: 106.8166,
        name: 'Toko Sapa',
        address: 'Jl. Sudirman 1, Jakarta',
      },
    });
    expect(replaced.statusCode).toBe(200);
    const updated = json(replaced, api.chatTemplate);
    expect(updated).toEqual({
      _id: template._id,
      title: 'Lokasi toko',
      text: 'Mampir ya',
      type: 'location',
      location: {
        latitude: -6.2,
        longitude: 106.8166,
        name: 'Toko Sapa',
        address: 'Jl. Sudirman 1, Jakarta',
        thumbnail: null,
      },
      createdAt: template.createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    expect((await list(token)).docs).toEqual([updated]);

    // back to text: the location is gone
    const back = json(await put(template._id, token, { title: 'Salam', text: 'Halo' }), api.chatTemplate);
    expect(back).toMatchObject({ type: 'text', text: 'Halo' });
    expect(back).not.toHaveProperty('location');
    const [row] = await t.ctx.db.select().from(chatTemplates).where(eq(chatTemplates.id, template._id));
    expect(row!.media).toBeNull();

    const removed = await del(template._id, token);
    expect(removed.statusCode).toBe(200);
    expect(json(removed, api.messageResponse)).toEqual({ message: 'Berhasil' });
    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    for (const res of [
      await del(template._id, token),
      await put(template._id, token, { title: 'X', text: 'y' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res, api.apiErrorBody)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Template tidak ditemukan',
      });
    }
    expect((await put('tidak-ada', token, { title: 'X', text: 'y' })).statusCode).toBe(404);
  });

  it('stores a contact card with the default dial code', async () => {
    const { token } = await owner();
    const res = await post(token, {
      title: 'Kontak CS',
      type: 'contact',
      contact: { name: 'CS Sapa', phoneNumber: '81234567890' },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res, api.chatTemplate)).toMatchObject({
      type: 'contact',
      text: '',
      contact: { name: 'CS Sapa', dial: '62', phoneNumber: '81234567890' },
    });
  });

  it('searches title and text case-insensitively, with % and _ taken literally, in title order', async () => {
    const { token } = await owner();
    for (const [title, text] of [
      ['promo', 'Diskon 50% hari ini'],
      ['Ongkir', 'Gratis ongkir ke seluruh Indonesia'],
      ['alamat', 'Kirim ke alamat_lengkap ya'],
      ['Bank', 'Transfer ke BCA'],
    ]) {
      expect((await post(token, { title, text })).statusCode).toBe(201);
    }
    const titles = (page: { docs: ChatTemplate[] }) => page.docs.map((d) => d.title);
    expect(titles(await list(token))).toEqual(['alamat', 'Bank', 'Ongkir', 'promo']);
    expect(titles(await list(token, '?search=ONGKIR'))).toEqual(['Ongkir']);
    expect(titles(await list(token, '?search=bca'))).toEqual(['Bank']);
    expect(titles(await list(token, '?search=a'))).toEqual(['alamat', 'Bank', 'Ongkir', 'promo']);
    expect(titles(await list(token, `?search=${encodeURIComponent('50%')}`))).toEqual(['promo']);
    expect(titles(await list(token, `?search=${encodeURIComponent('%')}`))).toEqual(['promo']);
    expect(titles(await list(token, '?search=_'))).toEqual(['alamat']);
    expect(titles(await list(token, '?search=a_a'))).toEqual([]);
    expect(titles(await list(token, '?search=%20%20'))).toEqual(['alamat', 'Bank', 'Ongkir', 'promo']);
    expect(await list(token, '?search=tidakada')).toEqual({ docs: [], hasNextPage: false });
  });

  it('pages 50 at a time by default', async () => {
    const { token, ownerId } = await owner();
    await t.ctx.db.insert(chatTemplates).values(
      Array.from({ length: 55 }, (_, i) => ({
        ownerId,
        title: `Template ${String(i + 1).padStart(2, '0')}`,
        text: `Isi ${i + 1}`,
      })),
    );
    const first = await list(token);
    expect(first.docs).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    expect(first.docs[0]!.title).toBe('Template 01');
    expect(first.docs[49]!.title).toBe('Template 50');
    const second = await list(token, '?page=2');
    expect(second.docs.map((d) => d.title)).toEqual([
      'Template 51',
      'Template 52',
      'Template 53',
      'Template 54',
      'Template 55',
    ]);
    expect(second.hasNextPage).toBe(false);
    expect(await list(token, '?page=3')).toEqual({ docs: [], hasNextPage: false });

    const small = await list(token, '?limit=20&page=3');
    expect(small.docs.map((d) => d.title)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Template ${String(i + 41).padStart(2, '0')}`),
    );
    expect(small.hasNextPage).toBe(false);
    expect((await list(token, '?limit=50&page=1')).hasNextPage).toBe(true);
    expect((await list(token, '?limit=55')).hasNextPage).toBe(false);
    expect((await list(token, '?search=template%205&limit=5')).docs).toHaveLength(5);

    for (const query of ['?limit=0', '?limit=201', '?page=0', '?page=abc']) {
      expect((await get(`/api/chat/template${query}`, token)).statusCode).toBe(400);
    }
  });

  it('refuses bad input in Indonesian and stores nothing', async () => {
    const { token } = await owner();
    const location = { latitude: -6.2, longitude: 106.8, name: 'Toko', address: 'Jl. Merdeka 1' };
    const contact = { name: 'CS', phoneNumber: '81234567890' };

    await expectRefused(await post(token, { text: 'tanpa judul' }), 'Judul template tidak valid', 'title');
    await expectRefused(
      await post(token, { title: '   ', text: 'x' }),
      'Judul template tidak valid',
      'title',
    );
    await expectRefused(await post(token, { title: 5, text: 'x' }), 'Judul template tidak valid', 'title');
    await expectRefused(
      await post(token, { title: 'x'.repeat(101), text: 'x' }),
      'The maximum length allowed is 100',
    );
    await expectRefused(await post(token, { title: 'Kosong', text: '   ' }), 'Teks tidak valid', 'text');
    await expectRefused(await post(token, { title: 'Kosong', type: 'text' }), 'Teks tidak valid', 'text');
    await expectRefused(
      await post(token, { title: 'Lokasi', type: 'location', location: { ...location, latitude: 91 } }),
      'Latitude tidak valid',
      'location.latitude',
    );
    await expectRefused(
      await post(token, { title: 'Lokasi', type: 'location', location: { ...location, latitude: 'utara' } }),
      'Latitude tidak valid',
      'location.latitude',
    );
    await expectRefused(
      await post(token, { title: 'Lokasi', type: 'location', location: { ...location, longitude: -181 } }),
      'Longitude tidak valid',
      'location.longitude',
    );
    await expectRefused(
      await post(token, { title: 'Lokasi', type: 'location', location: { ...location, name: ' ' } }),
      'Nama Lokasi tidak valid',
      'location.name',
    );
    await expectRefused(
      await post(token, { title: 'Lokasi', type: 'location', location: { ...location, address: '' } }),
      'Alamat Lokasi tidak valid',
      'location.address',
    );
    await expectRefused(
      await post(token, { title: 'Kontak', type: 'contact', contact: { ...contact, phoneNumber: '08-12' } }),
      'Nomor Telepon tidak valid',
      'contact.phoneNumber',
    );
    await expectRefused(
      await post(token, { title: 'Kontak', type: 'contact', contact: { ...contact, name: '' } }),
      'Nama Kontak tidak valid',
      'contact.name',
    );
    // stickers are messages only; unknown types and a missing media object are refused
    expect(
      (await post(token, { title: 'Stiker', type: 'sticker', sticker: { url: '/api/media/x' } })).statusCode,
    ).toBe(400);
    expect((await post(token, { title: 'Aneh', type: 'poll', text: 'x' })).statusCode).toBe(400);
    expect((await post(token, { title: 'Gambar', type: 'image' })).statusCode).toBe(400);
    expect((await post(token, { title: 'Lokasi', type: 'location' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/chat/template', headers: { token } })).statusCode,
    ).toBe(400);

    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    // a refused replacement leaves the template as it was
    const kept = json(await post(token, { title: 'Salam', text: 'Halo' }), api.chatTemplate);
    await expectRefused(
      await put(kept._id, token, {
        title: 'Lokasi',
        type: 'location',
        location: { ...location, latitude: 200 },
      }),
      'Latitude tidak valid',
    );
    await expectRefused(await put(kept._id, token, { text: 'tanpa judul' }), 'Judul template tidak valid');
    expect((await list(token)).docs).toEqual([kept]);
  });

  it('keeps the media object of an uploaded file, checked against the tenant and the type', async () => {
    const a = await owner();
    const b = await owner();
    const thumbnail = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    const photo = await storedFile(a.ownerId, { mimetype: 'image/jpeg', name: 'katalog.jpg', thumbnail });

    const created = await post(a.token, {
      title: 'Katalog',
      type: 'image',
      text: 'Katalog terbaru',
      image: photo,
    });
    expect(created.statusCode).toBe(201);
    const image = json(created, api.chatTemplate);
    expect(image).toMatchObject({
      title: 'Katalog',
      type: 'image',
      text: 'Katalog terbaru',
      image: { url: photo.url, thumbnail, mimetype: 'image/jpeg' },
    });
    expect((await list(a.token)).docs).toEqual([image]);

    // an absolute url of our media path is the same file; the template keeps the server's url
    const absolute = await post(a.token, {
      title: 'Katalog 2',
      type: 'image',
      image: { url: `https://sapa.example${photo.url}` },
    });
    expect(absolute.statusCode).toBe(201);
    expect(json(absolute, api.chatTemplate)).toMatchObject({ text: '', image: { url: photo.url } });

    const pdf = await storedFile(a.ownerId, { mimetype: 'application/pdf', name: 'harga.pdf', size: 45_678 });
    const document = await post(a.token, {
      title: 'Daftar harga',
      type: 'document',
      document: { url: pdf.url },
    });
    expect(document.statusCode).toBe(201);
    expect(json(document, api.chatTemplate)).toMatchObject({
      type: 'document',
      document: { url: pdf.url, name: 'harga.pdf', size: 46, mimetype: 'application/pdf' },
    });
    const clip = await storedFile(a.ownerId, {
      mimetype: 'video/mp4',
      name: 'demo.mp4',
      thumbnail,
      duration: 12,
    });
    expect(
      json(await post(a.token, { title: 'Demo', type: 'video', video: { url: clip.url } }), api.chatTemplate),
    ).toMatchObject({
      video: { url: clip.url, thumbnail, duration: 12, mimetype: 'video/mp4' },
    });

    const missing = 'File tidak ditemukan. Unggah ulang file tersebut';
    const theirs = await storedFile(b.ownerId, { mimetype: 'image/png', name: 'milik-b.png' });
    await expectRefused(await post(a.token, { title: 'Curian', type: 'image', image: theirs }), missing);
    await expectRefused(
      await post(a.token, {
        title: 'Hilang',
        type: 'image',
        image: { url: `/api/media/${'x'.repeat(32)}.jpg` },
      }),
      missing,
    );
    await expectRefused(
      await post(a.token, { title: 'Luar', type: 'image', image: { url: 'https://contoh.test/foto.jpg' } }),
      missing,
    );
    await expectRefused(
      await post(a.token, { title: 'Bukan gambar', type: 'image', image: { url: pdf.url } }),
      'Jenis file application/pdf tidak didukung untuk gambar/video/audio',
    );
    await expectRefused(
      await put(image._id, a.token, { title: 'Bukan gambar', type: 'image', image: { url: pdf.url } }),
      'Jenis file application/pdf tidak didukung untuk gambar/video/audio',
    );
    const big = await storedFile(a.ownerId, {
      mimetype: 'image/png',
      name: 'besar.png',
      size: 11 * 1024 * 1024,
    });
    await expectRefused(
      await post(a.token, { title: 'Besar', type: 'image', image: big }),
      'Maksimal ukuran file adalah 10MB',
    );
    expect((await list(a.token)).docs.map((d) => d.title)).toEqual([
      'Daftar harga',
      'Demo',
      'Katalog',
      'Katalog 2',
    ]);
    expect((await list(a.token, '?search=katalog&limit=1')).docs).toEqual([image]);

    // replacing the file
    const other = await storedFile(a.ownerId, { mimetype: 'image/webp', name: 'baru.webp' });
    const replaced = json(
      await put(image._id, a.token, { title: 'Katalog', type: 'image', image: other }),
      api.chatTemplate,
    );
    expect(replaced.image).toEqual({ url: other.url, thumbnail: null, mimetype: 'image/webp' });
  });

  it('keeps each tenant to its own templates', async () => {
    const a = await owner();
    const b = await owner();
    const mine = json(await post(a.token, { title: 'Rahasia A', text: 'hanya untuk A' }), api.chatTemplate);
    await post(b.token, { title: 'Milik B', text: 'hanya untuk B' });

    expect((await list(b.token)).docs.map((d) => d.title)).toEqual(['Milik B']);
    expect((await list(b.token, '?search=rahasia')).docs).toEqual([]);
    for (const res of [
      await put(mine._id, b.token, { title: 'Dibajak', text: 'x' }),
      await del(mine._id, b.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res, api.apiErrorBody).message).toBe('Template tidak ditemukan');
    }
    expect((await list(a.token)).docs).toEqual([mine]);
  });

  it('lets agents use the owner’s templates but only the owner manage them', async () => {
    const { token } = await owner();
    const template = json(await post(token, { title: 'Salam', text: 'Halo' }), api.chatTemplate);
    const agent = await agentFor(t, token, 'Agen Template');

    expect(await list(agent.token)).toEqual({ docs: [template], hasNextPage: false });
    for (const res of [
      await post(agent.token, { title: 'Baru', text: 'x' }),
      await put(template._id, agent.token, { title: 'Ubah', text: 'x' }),
      await del(template._id, agent.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res, api.apiErrorBody)).toMatchObject({
        code: 'OWNER_ONLY',
        message: 'Hanya pemilik akun yang dapat melakukan tindakan ini',
      });
    }
    expect((await list(token)).docs).toEqual([template]);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/chat/template' });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/template', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
