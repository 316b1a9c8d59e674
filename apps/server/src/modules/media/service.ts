import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_MESSAGES, LIMITS, type UploadedMedia } from '@sapa/contracts';
import { encodeExtended, format as formatContentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { AppContext } from '../../context';
import { mediaFiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { describe, identify } from './inspect';
import { MEDIA_KEY_PATTERN, mediaUrl, type MediaFileRow } from './lookup';
import { MediaNotFoundError, createMediaStore, type ByteRange, type MediaStore } from './store';
import { assertRoom, recordWithinQuota } from './quota';

/**
 * A multipart body is the file plus its boundaries and part headers (busboy allows 16 KiB of headers per
 * part): a Content-Length past the cap by more than this cannot hold an acceptable file.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Temporary files older than this are left over from a crash. */
const STALE_TEMP_MS = 60 * 60 * 1000;

const stores = new WeakMap<AppContext, MediaStore>();

/** The media store of this server (one per context, made on first use). */
export function mediaStore(ctx: AppContext): MediaStore {
  let store = stores.get(ctx);
  if (!store) {
    store = createMediaStore(ctx.config);
    stores.set(ctx, store);
    void sweepTemp(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'media temp sweep failed'));
  }
  return store;
}

/** Closes the store's connections (S3); the next use opens a new one. */
export async function closeMediaStore(ctx: AppContext): Promise<void> {
  const store = stores.get(ctx);
  stores.delete(ctx);
  await store?.close();
}

/** Uploads are written here first, on the data folder's file system so the disk store can rename them. */
function tempDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'media', '.tmp');
}

async function sweepTemp(ctx: AppContext): Promise<void> {
  const dir = tempDir(ctx);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - STALE_TEMP_MS;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}

class TooLargeError extends Error {}

/**
 * A 400 with the catalogue text. While the client is still sending, the connection is closed so that the
 * rest of its upload is not read (and discarded) first.
 */
function refusal(message: string, closeConnection = false): AppError {
  return new AppError(
    'VALIDATION',
    message,
    undefined,
    closeConnection ? { connection: 'close' } : undefined,
  );
}

const tooLarge = (closeConnection = false) => refusal(ATTACHMENT_MESSAGES.tooLarge, closeConnection);

/**
 * Streams `source` into a new temporary file, failing with TooLargeError as soon as it passes the cap:
 * the bytes are never held in memory and the rest of an oversized stream is never read.
 */
async function writeTemp(
  ctx: AppContext,
  source: Readable | AsyncIterable<Uint8Array>,
  onOverflow: () => void = () => {},
): Promise<{ file: string; size: number }> {
  const dir = tempDir(ctx);
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.part`);
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > LIMITS.maxAttachmentBytes) {
        onOverflow();
        done(new TooLargeError());
      } else done(null, chunk);
    },
  });
  try {
    await pipeline(source, cap, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  return { file, size };
}

/** The uploader's name, safe for a row, a Content-Disposition header and a download. */
export function sanitiseName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    // control characters, characters Windows refuses, and bidi overrides that disguise extensions
    .replace(/[\p{Cc}"*:<>?|\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const chars = [...name]; // code points, so an emoji is never cut in half
  if (chars.length > 150) {
    const ext = path.extname(name).slice(0, 16);
    const kept = chars
      .slice(0, 150 - ext.length)
      .join('')
      .trim();
    name = `${kept}${ext}`;
  }
  return name || 'file';
}

/** 32 random base64url characters (192 bits) plus the extension of the detected type. */
function newKey(ext: string): string {
  return `${randomBytes(24).toString('base64url')}${ext ? `.${ext}` : ''}`;
}

/**
 * Identifies a complete temporary file, stores it and records its row within the owner's storage quota
 * (STORAGE_FULL past it); refusals leave nothing behind.
 */
async function keep(
  ctx: AppContext,
  ownerId: string,
  temp: { file: string; size: number },
  rawName: string,
  declaredMimetype: string,
): Promise<UploadedMedia> {
  try {
    if (temp.size === 0) throw refusal(ATTACHMENT_MESSAGES.fileEmpty);
    const name = sanitiseName(rawName);
    const identified = await identify(temp.file, name, declaredMimetype);
    const { thumbnail, duration } = await describe(temp.file, identified);
    const key = newKey(identified.ext);
    const store = mediaStore(ctx);
    await store.put(key, temp.file, identified.mimetype);
    try {
      // the owner's storage quota is checked with the row's insert, atomically (quota.ts)
      await recordWithinQuota(ctx, ownerId, temp.size, (tx) =>
        tx.insert(mediaFiles).values({
          ownerId,
          key,
          mimetype: identified.mimetype,
          size: temp.size,
          name,
          thumbnail,
          duration,
        }),
      );
    } catch (error) {
      await store.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'media cleanup failed'));
      throw error;
    }
    return { url: mediaUrl(key), name, mimetype: identified.mimetype, size: temp.size, thumbnail, duration };
  } finally {
    // gone already when the store moved it
    await fs.promises.rm(temp.file, { force: true });
  }
}

/** Errors of the upload stream itself (multipart parsing, a client that went away) versus our own disk. */
function isClientStreamError(error: unknown): boolean {
  return error instanceof Error && !('syscall' in error);
}

/** The refusals of receiveUpload, in the words of the caller's screen. */
export interface UploadMessages {
  /** over the 10 MiB cap */
  tooLarge: string;
  /** not multipart, or no `file` field */
  fileRequired: string;
  /** the client's stream broke off */
  uploadFailed: string;
}

const ATTACHMENT_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: ATTACHMENT_MESSAGES.tooLarge,
  fileRequired: ATTACHMENT_MESSAGES.fileRequired,
  uploadFailed: ATTACHMENT_MESSAGES.uploadFailed,
};

/** A complete upload in a temporary file of the data folder; the caller moves or removes it. */
export interface ReceivedUpload {
  /** path of the temporary file */
  file: string;
  /** bytes */
  size: number;
  /** the sender's file name, as sent (not sanitised) */
  filename: string;
  /** the type the browser declared */
  mimetype: string;
}

/**
 * The `file` field of a multipart request, streamed to a temporary file under the 10 MiB cap (a
 * Content-Length that cannot fit is refused before reading); nothing is kept on a refusal. With the
 * owner, a body that cannot fit in the owner's storage quota is refused before reading too (the
 * caller still records the file within the quota: this early answer is not a guarantee). The
 * route's plugin must register acceptUploads (media/routes.ts) for multipart bodies.
 */
export async function receiveUpload(
  ctx: AppContext,
  request: FastifyRequest,
  messages: UploadMessages = ATTACHMENT_UPLOAD_MESSAGES,
  ownerId?: string,
): Promise<ReceivedUpload> {
  // true while the client is still sending: a refusal then closes the connection rather than drain it
  const unread = () => request.raw.complete === false;
  const tooBig = () => refusal(messages.tooLarge, unread());
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > LIMITS.maxAttachmentBytes + MULTIPART_OVERHEAD_BYTES) {
    throw tooBig();
  }
  if (ownerId) {
    // the owner's storage is full already, or cannot hold the file the body must carry: refused unread
    const least = Number.isFinite(length) ? Math.max(0, length - MULTIPART_OVERHEAD_BYTES) : 0;
    try {
      await assertRoom(ctx, ownerId, least);
    } catch (error) {
      if (error instanceof AppError && unread()) {
        throw new AppError(error.code, error.message, undefined, { connection: 'close' });
      }
      throw error;
    }
  }
  if (typeof request.isMultipart !== 'function') {
    throw new Error('receiveUpload needs acceptUploads (media/routes.ts) registered in the calling plugin');
  }
  if (!request.isMultipart()) throw refusal(messages.fileRequired);

  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      // Above the cap so that our own count refuses first, while busboy is still held back by our
      // reads: past its own limit busboy would skip (read and discard) the rest of the part at full speed.
      limits: {
        fileSize: LIMITS.maxAttachmentBytes + MULTIPART_OVERHEAD_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
      },
    });
  } catch {
    throw refusal(messages.fileRequired, unread());
  }
  if (!part || part.fieldname !== 'file') throw refusal(messages.fileRequired, unread());

  let temp;
  try {
    // At the cap the request itself stops flowing: busboy would otherwise go on reading the body into
    // the abandoned file stream until the client finished sending it.
    temp = await writeTemp(ctx, part.file, () => {
      request.raw.unpipe();
      request.raw.pause();
    });
  } catch (error) {
    if (error instanceof TooLargeError) throw tooBig();
    if (isClientStreamError(error)) throw refusal(messages.uploadFailed, unread());
    throw error;
  }
  if (part.file.truncated) {
    await fs.promises.rm(temp.file, { force: true });
    throw tooBig();
  }
  return { file: temp.file, size: temp.size, filename: part.filename, mimetype: part.mimetype };
}

/**
 * POST /api/chat/media: the `file` field of a multipart request, streamed to disk under the 10 MiB cap
 * (receiveUpload), identified from its bytes and stored within the owner's storage quota.
 * The route's plugin must register acceptUploads (media/routes.ts) for multipart bodies.
 */
export async function storeUpload(
  ctx: AppContext,
  ownerId: string,
  request: FastifyRequest,
): Promise<UploadedMedia> {
  const upload = await receiveUpload(ctx, request, ATTACHMENT_UPLOAD_MESSAGES, ownerId);
  return keep(ctx, ownerId, upload, upload.filename, upload.mimetype);
}

export type StoreFileInput = {
  /** the sender's file name ('' when the channel gives none) */
  name: string;
  /** the type the channel declared; the bytes decide, this is checked against them */
  declaredMimetype: string;
} & (
  { stream: Readable | AsyncIterable<Uint8Array>; buffer?: never } | { buffer: Uint8Array; stream?: never }
);

/**
 * Stores a file that did not come through a browser upload (a channel connector downloading inbound
 * media): the same cap, identification, thumbnail, row and storage quota as storeUpload. Refusals are
 * AppErrors.
 */
export async function storeFile(
  ctx: AppContext,
  ownerId: string,
  input: StoreFileInput,
): Promise<UploadedMedia> {
  if (input.buffer && input.buffer.length > LIMITS.maxAttachmentBytes) throw tooLarge();
  const source = input.buffer ? Readable.from([Buffer.from(input.buffer)]) : input.stream;
  let temp;
  try {
    temp = await writeTemp(ctx, source);
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge();
    throw error;
  }
  return keep(ctx, ownerId, temp, input.name, input.declaredMimetype);
}

async function rowByKey(ctx: AppContext, key: string): Promise<MediaFileRow | null> {
  const [row] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  return row ?? null;
}

function fileMissing(): AppError {
  return new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.fileMissing);
}

export interface OpenedMedia {
  stream: Readable;
  mimetype: string;
  /** bytes */
  size: number;
  name: string;
}

/**
 * The bytes of a stored file, for connectors that send them to a channel. The key is the secret, as in
 * GET /api/media/{key}; resolve a message's url with findMediaByUrl first to keep to one tenant.
 * NOT_FOUND (fileMissing) when the file is unknown or its bytes are gone.
 */
export async function openMedia(ctx: AppContext, key: string): Promise<OpenedMedia> {
  const row = await rowByKey(ctx, key);
  if (!row) throw fileMissing();
  try {
    const stream = await mediaStore(ctx).get(key);
    return { stream, mimetype: row.mimetype, size: row.size, name: row.name };
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw fileMissing();
    throw error;
  }
}

/** Types a browser may show in our origin: raster images, video and audio. Everything else downloads. */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export function servedInline(mimetype: string): boolean {
  return INLINE_IMAGES.has(mimetype) || mimetype.startsWith('video/') || mimetype.startsWith('audio/');
}

/** Markup and script types go out as plain bytes even as attachments. */
function isActiveContent(mimetype: string): boolean {
  return /^(text\/(html|xml|javascript|ecmascript|css)|application\/(xml|xhtml\+xml|javascript|ecmascript|x-shockwave-flash)|[a-z]+\/[a-z0-9.+-]*\+xml)$/.test(
    mimetype,
  );
}

/**
 * RFC 6266, written by the content-disposition package: an ASCII fallback (other characters as '_')
 * plus the exact UTF-8 name in filename* (RFC 8187), sent for every name as before.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return formatContentDisposition({
    type,
    parameters: { filename: fallback, 'filename*': encodeExtended(name) },
  });
}

/** A single byte-range-spec (RFC 9110 §14.1.1), for the -1 answers of range-parser. */
const BYTE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/;

/**
 * One `bytes=` range of a file of `size` bytes, by range-parser: null to send it whole (no header,
 * several ranges, another unit or a malformed or invalid one, which RFC 9110 lets a server ignore),
 * 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header || header.includes(',')) return null;
  const ranges = rangeParser(size, header.trim());
  if (ranges === -2) return null;
  if (ranges !== -1) return ranges.type === 'bytes' ? ranges[0]! : null;
  // range-parser 1.x answers -1 for more than unsatisfiable ranges
  const match = BYTE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  // last before first: an invalid range, ignored as before
  if (first && last && Number(last) < Number(first)) return null;
  // a suffix longer than the file asks for all of it (RFC 9110 §14.1.2)
  if (!first && Number(last) > 0 && size > 0) return { start: 0, end: size - 1 };
  return 'unsatisfiable';
}

export interface ServedMedia {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** null for 304, 416 and HEAD */
  stream: Readable | null;
}

/**
 * GET /api/media/{key}: public, the key is the secret. Never rendered as a page of our origin: nosniff,
 * a sandboxing CSP, and inline only for raster images, video and audio. Immutable, with Range support.
 */
export async function serveMedia(
  ctx: AppContext,
  key: string,
  request: { method: string; range?: string; ifRange?: string; ifNoneMatch?: string },
): Promise<ServedMedia> {
  if (!MEDIA_KEY_PATTERN.test(key)) throw fileMissing();
  const row = await rowByKey(ctx, key);
  if (!row) throw fileMissing();
  const etag = `"${key}"`;
  const inline = servedInline(row.mimetype);
  const headers: Record<string, string> = {
    'content-type': isActiveContent(row.mimetype) ? 'application/octet-stream' : row.mimetype,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.name),
    // a key is never reused for other bytes
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'accept-ranges': 'bytes',
  };
  if (request.ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return { status: 304, headers, stream: null };
  }
  // If-Range naming another version asks for the whole file
  const range = request.ifRange && request.ifRange !== etag ? null : parseRange(request.range, row.size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${row.size}` }, stream: null };
  }
  const status = range ? 206 : 200;
  headers['content-length'] = String(range ? range.end - range.start + 1 : row.size);
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${row.size}`;
  if (request.method === 'HEAD') return { status, headers, stream: null };
  try {
    return { status, headers, stream: await mediaStore(ctx).get(key, range ?? undefined) };
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw fileMissing();
    throw error;
  }
}
