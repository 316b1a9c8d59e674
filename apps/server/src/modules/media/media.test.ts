import * as api from '@sapa/contracts';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ATTACHMENT_MESSAGES, LIMITS, apiErrorBody, interpolate } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { mediaFiles } from '../../db/schema';
import {
  agentFor,
  createTestApp,
  json,
  registerOwner,
  type TestApp,
  useTestApp,
  verifiedOwner,
} from '../../../test/helpers';
import { filesUnder, multipart as form, partHead, type Part } from '../../../test/uploads';
import { findMediaByUrl, mediaKeyOf } from './lookup';
import { mediaStore, openMedia, storeFile } from './service';

const MiB = 1024 * 1024;
const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** A valid PCM WAV of `seconds` of silence, built by hand (8 kHz, mono, 16 bit). */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const data = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe('media on disk', () => {
  const { t } = useTestApp({ dataDir: 'sapa-media-' });
  let token: string;
  let ownerId: string;

  beforeAll(async () => {
    ({ token, ownerId } = await verifiedOwner(t.app));
  });

  const upload = (parts: Part[], as = token) => {
    const body = form(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token: as, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploadFile = (filename: string, type: string, data: Buffer | string, as = token) =>
    upload([{ name: 'file', filename, type, data }], as);
  const download = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** What a refusal must leave unchanged: this owner's rows and the files of the data folder. */
  const stored = async () => ({
    rows: (await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId))).length,
    files: filesUnder(path.join(t.dataDir, 'media')),
  });
  const expectRefused = async (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(apiErrorBody.parse(res.json())).toMatchObject({ code: 'VALIDATION', message });
  };

  it('stores an image and serves it back with safe, cacheable headers', async () => {
    const bytes = await png(200, 100);
    const res = await uploadFile('Foto Produk.png', 'image/png', bytes);
    expect(res.statusCode).toBe(200);
    const media = json(res, api.uploadedMedia);
    expect(media).toMatchObject({
      name: 'Foto Produk.png',
      mimetype: 'image/png',
      size: bytes.length,
      duration: null,
    });
    expect(media.url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{32}\.png$/);

    // the thumbnail is a small JPEG, at most 72 px on the long side, keeping the aspect ratio
    expect(media.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    const thumb = await sharp(Buffer.from(media.thumbnail!.split(',')[1]!, 'base64')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 72, 36]);

    const got = await download(media.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `inline; filename="Foto Produk.png"; filename*=UTF-8''Foto%20Produk.png`,
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });

    // a revalidation costs nothing; HEAD tells the size without the bytes
    const etag = String(got.headers.etag);
    expect((await download(media.url, { 'if-none-match': etag })).statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: media.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);

    // the bytes are in the data folder under the random key
    const key = mediaKeyOf(media.url)!;
    expect(filesUnder(path.join(t.dataDir, 'media'))).toContain(path.join(key.slice(0, 2), key));
  });

  it('answers Range requests with 206 so audio and video can seek', async () => {
    const bytes = fixture('audio.ogg');
    const media = json(await uploadFile('lagu.ogg', 'audio/ogg', bytes), api.uploadedMedia);
    expect(media).toMatchObject({ mimetype: 'audio/ogg', duration: 3, thumbnail: null });

    const first = await download(media.url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    expect(first.headers['content-disposition']).toMatch(/^inline;/);

    const tail = await download(media.url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const open = await download(media.url, { range: `bytes=${bytes.length - 5}-` });
    expect(open.headers['content-range']).toBe(
      `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);

    const beyond = await download(media.url, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect((await download(media.url, { range: 'bytes=-0' })).statusCode).toBe(416);

    // a suffix longer than the file is all of it
    const all = await download(media.url, { range: `bytes=-${bytes.length + 100}` });
    expect(all.statusCode).toBe(206);
    expect(all.headers['content-range']).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(all.rawPayload.equals(bytes)).toBe(true);

    // several ranges, another unit and malformed or invalid ranges get the whole file
    for (const range of [
      'bytes=0-9,20-29',
      'bytes=0-9,999999999-',
      'items=0-9',
      'bytes=abc',
      'bytes=-',
      'bytes=9-0',
    ]) {
      const whole = await download(media.url, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers['content-range'], range).toBeUndefined();
      expect(whole.rawPayload.length, range).toBe(bytes.length);
    }

    // an If-Range for other bytes gets the whole file
    const stale = await download(media.url, { range: 'bytes=0-9', 'if-range': '"lain"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
  });

  it('finds the duration of audio and video, and a video thumbnail when ffmpeg is installed', async () => {
    const voice = json(await uploadFile('rekaman.wav', 'audio/wav', wav(1.6)), api.uploadedMedia);
    expect(voice).toMatchObject({ mimetype: 'audio/wav', duration: 2, thumbnail: null });

    const video = json(await uploadFile('klip.mp4', 'video/mp4', fixture('video.mp4')), api.uploadedMedia);
    expect(video).toMatchObject({ mimetype: 'video/mp4', duration: 2 });
    expect(video.url).toMatch(/\.mp4$/);
    if (hasFfmpeg) expect(video.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    else expect(video.thumbnail).toBeNull();
    expect((await download(video.url)).headers['content-disposition']).toMatch(/^inline;/);

    // Chromium records voice notes as audio/webm, which the bytes call video/webm: kept as audio
    const note = json(await uploadFile('voice.webm', 'audio/webm', fixture('voice.webm')), api.uploadedMedia);
    expect(note).toMatchObject({ mimetype: 'audio/webm', duration: 2 });
  });

  it('accepts a file of exactly 10 MiB and refuses one byte more, leaving nothing behind', async () => {
    const exact = randomBytes(LIMITS.maxAttachmentBytes);
    const ok = await uploadFile('arsip.bin', 'application/octet-stream', exact);
    expect(ok.statusCode).toBe(200);
    expect(json(ok, api.uploadedMedia)).toMatchObject({
      size: 10 * MiB,
      mimetype: 'application/octet-stream',
    });

    const before = await stored();
    const over = await uploadFile(
      'arsip.bin',
      'application/octet-stream',
      Buffer.concat([exact, Buffer.alloc(1)]),
    );
    await expectRefused(over, ATTACHMENT_MESSAGES.tooLarge);
    expect(await stored()).toEqual(before);
  });

  it('stops reading an oversized upload at the cap instead of taking it all', async () => {
    const before = await stored();
    const boundary = 'sapabatas';
    const head = Buffer.from(
      partHead(boundary, { name: 'file', filename: 'besar.bin', type: 'application/zip' }),
    );
    // 200 MiB on offer, pulled by the server on demand; the stream never ends, so a server that waited
    // for the whole body would never answer
    let offered = 0;
    const chunk = randomBytes(64 * 1024);
    const body = new Readable({
      read() {
        if (offered === 0) this.push(head);
        if (offered < 200 * MiB) {
          offered += chunk.length;
          this.push(chunk);
        }
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.destroy();
    await expectRefused(res, ATTACHMENT_MESSAGES.tooLarge);
    expect(offered).toBeLessThan(LIMITS.maxAttachmentBytes + 2 * MiB);
    expect(await stored()).toEqual(before);
  });

  it('over real HTTP, refuses too-big uploads early and closes the connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'sapabatas';
    const head = partHead(boundary, { name: 'file', filename: 'besar.bin', type: 'application/zip' });
    /** Sends the part's head then at most `limit` bytes, respecting backpressure, until the answer comes. */
    const send = (headers: Record<string, string>, limit: number) =>
      new Promise<{ status: number; body: string; connection: string | undefined; sent: number }>(
        (resolve, reject) => {
          let sent = 0;
          let answered = false;
          const req = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/chat/media',
            headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
          });
          req.on('response', (res) => {
            answered = true;
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sent });
            });
          });
          req.on('error', (error) => (answered ? undefined : reject(error)));
          req.write(head);
          const chunk = randomBytes(64 * 1024);
          const pump = () => {
            while (!answered && sent < limit) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
          };
          pump();
        },
      );

    // a Content-Length that cannot fit: refused after the first kilobyte, the promised 50 MiB never sent
    const declared = await send({ 'content-length': String(50 * MiB) }, 1024);
    expect(declared.status).toBe(400);
    expect(JSON.parse(declared.body)).toMatchObject({ message: ATTACHMENT_MESSAGES.tooLarge });
    expect(declared.connection).toBe('close');

    // chunked, no length: refused once the stream passes the cap, long before the 200 MiB on offer
    const streamed = await send({ 'transfer-encoding': 'chunked' }, 200 * MiB);
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.body)).toMatchObject({ message: ATTACHMENT_MESSAGES.tooLarge });
    expect(streamed.connection).toBe('close');
    // what the socket buffers on both sides holds, not the whole offer
    expect(streamed.sent).toBeLessThan(LIMITS.maxAttachmentBytes + 32 * MiB);
  });

  it('refuses bytes that are not the media their type or name claims', async () => {
    const before = await stored();
    const expectMismatch = async (filename: string, type: string, data: Buffer | string, claimed: string) =>
      expectRefused(
        await uploadFile(filename, type, data),
        interpolate(ATTACHMENT_MESSAGES.fileMismatch, { type: claimed }),
      );
    // HTML renamed .png, declared image/png, or only named .png
    await expectMismatch('foto.png', 'image/png', HTML, 'image/png');
    await expectMismatch('foto.png', 'application/octet-stream', HTML, 'application/octet-stream');
    // a real image declared as a video, a PNG declared as audio, text declared as a video
    await expectMismatch('klip.mp4', 'video/mp4', await png(10, 10), 'video/mp4');
    await expectMismatch('suara.mp3', 'audio/mpeg', await png(10, 10), 'audio/mpeg');
    await expectMismatch('klip.mov', 'video/quicktime', 'bukan video', 'video/quicktime');
    expect(await stored()).toEqual(before);
  });

  it('keeps HTML and SVG as documents that are only ever downloaded', async () => {
    const page = json(await uploadFile('halaman.html', 'text/html', HTML), api.uploadedMedia);
    expect(page).toMatchObject({ name: 'halaman.html', mimetype: 'text/html', thumbnail: null });
    const svg = json(await uploadFile('logo.svg', 'image/svg+xml', SVG), api.uploadedMedia);
    expect(svg.mimetype).not.toMatch(/^image\//);

    for (const [media, name] of [
      [page, 'halaman.html'],
      [svg, 'logo.svg'],
    ] as const) {
      const got = await download(media.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // a name that is a token goes unquoted
        'content-disposition': `attachment; filename=${name}; filename*=UTF-8''${name}`,
      });
    }
    // a plain text document keeps its type, still as an attachment
    const notes = json(
      await uploadFile('catatan.csv', 'text/csv', 'nama,harga\nkaos,50000\n'),
      api.uploadedMedia,
    );
    const got = await download(notes.url);
    expect(got.headers['content-type']).toMatch(/^text\/csv/);
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('sanitises document names and sends them with an RFC 5987 filename*', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const media = json(
      await uploadFile('..\\laporan\u202e Q1 ✓:*?.pdf', 'application/pdf', pdf),
      api.uploadedMedia,
    );
    expect(media).toMatchObject({ name: 'laporan Q1 ✓.pdf', mimetype: 'application/pdf' });
    expect(media.url).toMatch(/\.pdf$/);
    const got = await download(media.url);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="laporan Q1 _.pdf"; filename*=UTF-8''laporan%20Q1%20%E2%9C%93.pdf`,
    );
  });

  it('refuses empty files, a missing file field and non-multipart bodies', async () => {
    const before = await stored();
    await expectRefused(await uploadFile('kosong.txt', 'text/plain', ''), ATTACHMENT_MESSAGES.fileEmpty);
    await expectRefused(await upload([{ name: 'caption', data: 'halo' }]), ATTACHMENT_MESSAGES.fileRequired);
    await expectRefused(
      await upload([{ name: 'dokumen', filename: 'a.txt', type: 'text/plain', data: 'isi' }]),
      ATTACHMENT_MESSAGES.fileRequired,
    );
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token },
      payload: {},
    });
    await expectRefused(asJson, ATTACHMENT_MESSAGES.fileRequired);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('bytes'),
    });
    await expectRefused(raw, ATTACHMENT_MESSAGES.fileRequired);
    expect(await stored()).toEqual(before);
  });

  it('needs a session, lets agents upload, and keeps each tenant to its own files', async () => {
    const before = await stored();
    const body = form([{ name: 'file', filename: 'a.png', type: 'image/png', data: await png(4, 4) }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);

    const agent = await agentFor(t, token, 'Agen Media');
    const byAgent = json(
      await uploadFile('agen.png', 'image/png', await png(4, 4), agent.token),
      api.uploadedMedia,
    );
    expect(await findMediaByUrl(t.ctx.db, ownerId, byAgent.url)).toMatchObject({ ownerId, name: 'agen.png' });

    const other = await registerOwner(t.app, undefined, { verify: true });
    const otherId = json(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: other.token } }),
      api.userProfile,
    )._id;
    const theirs = json(
      await uploadFile('milik-b.png', 'image/png', await png(4, 4), other.token),
      api.uploadedMedia,
    );
    expect(await findMediaByUrl(t.ctx.db, otherId, theirs.url)).not.toBeNull();
    expect(await findMediaByUrl(t.ctx.db, otherId, `https://sapa.example${theirs.url}`)).not.toBeNull();
    expect(await findMediaByUrl(t.ctx.db, ownerId, theirs.url)).toBeNull();
    expect(await findMediaByUrl(t.ctx.db, ownerId, `https://sapa.example${theirs.url}`)).toBeNull();
  });

  it('answers 404 for unknown and malformed keys', async () => {
    for (const url of [
      '/api/media/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
      '/api/media/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await download(url);
      expect(res.statusCode).toBe(404);
      expect(json(res, api.apiErrorBody)).toMatchObject({ message: ATTACHMENT_MESSAGES.fileMissing });
    }
  });

  it('stores files for connectors from a buffer or a stream and opens them again', async () => {
    const fromBuffer = await storeFile(t.ctx, ownerId, {
      buffer: await png(30, 60),
      name: 'masuk.png',
      declaredMimetype: 'image/png',
    });
    expect(fromBuffer).toMatchObject({ mimetype: 'image/png', name: 'masuk.png' });
    expect(fromBuffer.thumbnail).toMatch(/^data:image\/jpeg/);

    const bytes = fixture('audio.ogg');
    const fromStream = await storeFile(t.ctx, ownerId, {
      stream: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      name: '',
      declaredMimetype: 'audio/ogg; codecs=vorbis',
    });
    expect(fromStream).toMatchObject({
      mimetype: 'audio/ogg',
      duration: 3,
      name: 'file',
      size: bytes.length,
    });

    const opened = await openMedia(t.ctx, mediaKeyOf(fromStream.url)!);
    expect(opened).toMatchObject({ mimetype: 'audio/ogg', size: bytes.length });
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    const before = await stored();
    const endless = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(64 * 1024);
      })(),
    );
    await expect(
      storeFile(t.ctx, ownerId, { stream: endless, name: 'x', declaredMimetype: '' }),
    ).rejects.toThrow(ATTACHMENT_MESSAGES.tooLarge);
    await expect(
      storeFile(t.ctx, ownerId, { buffer: Buffer.from(HTML), name: 'x.png', declaredMimetype: 'image/png' }),
    ).rejects.toThrow(interpolate(ATTACHMENT_MESSAGES.fileMismatch, { type: 'image/png' }));
    expect(await stored()).toEqual(before);

    // bytes lost from the store: a 404, not a crash
    await mediaStore(t.ctx).delete(mediaKeyOf(fromBuffer.url)!);
    await expect(openMedia(t.ctx, mediaKeyOf(fromBuffer.url)!)).rejects.toThrow(
      ATTACHMENT_MESSAGES.fileMissing,
    );
    expect((await download(fromBuffer.url)).statusCode).toBe(404);
  });
});

describe('media on S3 (s3rver on 127.0.0.1)', () => {
  let t: TestApp;
  let token: string;
  let server: S3rver;
  let s3Dir: string;
  let dataDir: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-s3-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-media-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'sapa-media', configs: [] }],
    });
    const { port } = await server.run();
    t = await createTestApp({
      env: {
        SAPA_DATA_DIR: dataDir,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'sapa-media',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_REGION: 'us-east-1',
      },
    });
    token = (await registerOwner(t.app, undefined, { verify: true })).token;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads into the bucket, serves ranges from it, and keeps nothing in the data folder', async () => {
    expect(mediaStore(t.ctx).kind).toBe('s3');
    // 9 MiB: lib-storage sends it as a multipart upload of 5 MiB parts
    const bytes = randomBytes(9 * MiB);
    const body = form([
      { name: 'file', filename: 'besar.bin', type: 'application/octet-stream', data: bytes },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const media = json(res, api.uploadedMedia);
    expect(media.size).toBe(9 * MiB);

    const whole = await t.app.inject({ method: 'GET', url: media.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['content-disposition']).toMatch(/^attachment;/);

    const part = await t.app.inject({
      method: 'GET',
      url: media.url,
      headers: { range: 'bytes=5242870-5242889' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(5242870, 5242890))).toBe(true);

    // the temporary file is gone and no media file was written to disk
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);

    const key = mediaKeyOf(media.url)!;
    await mediaStore(t.ctx).delete(key);
    expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
  });
});

describe('media store settings', () => {
  it('keeps media on disk unless S3 is configured, and lists what S3 is missing', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '0',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    try {
      loadConfig({ S3_BUCKET: 'media' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]);
    }
  });
});
