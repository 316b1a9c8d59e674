import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { identify } from '../media/inspect';
import { MEDIA_KEY_PATTERN, mediaKeyOf } from '../media/lookup';
import { contentDisposition, mediaStore, receiveUpload, sanitiseName } from '../media/service';
import { MediaNotFoundError } from '../media/store';
import { ARTICLE_MESSAGES as M } from './messages';
import { safeImageSrc } from './sanitize';

/** Where article images are served: GET /api/article/cover/{key}, public like /api/media/{key}. */
export const COVER_PATH = '/api/article/cover/';
/** Article images: at most this many bytes. */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

/** The raster types a browser shows inline; SVG (which can hold script) is not one of them. */
const COVER_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
const COVER_MIMETYPES = new Set(Object.values(COVER_TYPES));

/**
 * A cover's key: 'cover-', 32 random characters and the type's extension. The prefix keeps this
 * route to article images: a chat file's or a transfer proof's key is never served here.
 */
const COVER_KEY = /^cover-[A-Za-z0-9_-]{32}\.(jpg|png|webp|gif)$/;

/** Is this a cover key (served by GET /api/article/cover/{key})? */
export function isCoverKey(key: string): boolean {
  return COVER_KEY.test(key) && MEDIA_KEY_PATTERN.test(key);
}

/**
 * Whether an article may show this image as its cover: one of our article images, one of our
 * media files, or an http(s) address.
 */
export function isArticleCoverUrl(url: string): boolean {
  if (url.startsWith(COVER_PATH)) return isCoverKey(url.slice(COVER_PATH.length));
  if (url.startsWith('/')) return mediaKeyOf(url) !== null;
  return safeImageSrc(url) !== null;
}

const refusal = (message: string, unread = false) =>
  new AppError('VALIDATION', message, { file: message }, unread ? { connection: 'close' } : undefined);

/**
 * POST /admin/article/cover: an image for an article (its cover, or a picture in its body), at
 * most 5 MB, identified from its bytes. Articles are the operators', not a tenant's, so there is no
 * media_files row (that table belongs to owners): the file goes to the media store under a
 * 'cover-' key and is served publicly at /api/article/cover/{key}, the random key being the secret
 * until the article that shows it is published.
 */
export async function uploadCover(ctx: AppContext, request: FastifyRequest): Promise<{ url: string }> {
  const unread = () => request.raw.complete === false;
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_COVER_BYTES + FRAMING_BYTES) {
    throw refusal(M.coverTooLarge, unread());
  }
  const upload = await receiveUpload(ctx, request, {
    tooLarge: M.coverTooLarge,
    fileRequired: M.coverRequired,
    uploadFailed: M.coverUploadFailed,
  });
  const store = mediaStore(ctx);
  try {
    if (upload.size === 0) throw refusal(M.coverRequired);
    if (upload.size > MAX_COVER_BYTES) throw refusal(M.coverTooLarge);
    const name = sanitiseName(upload.filename);
    const identified = await identify(upload.file, name, upload.mimetype).catch(() => null);
    if (!identified || !COVER_MIMETYPES.has(identified.mimetype)) throw refusal(M.coverType);
    const ext = Object.keys(COVER_TYPES).find((e) => COVER_TYPES[e] === identified.mimetype)!;
    const key = `cover-${randomBytes(24).toString('base64url')}.${ext}`;
    await store.put(key, upload.file, identified.mimetype);
    return { url: `${COVER_PATH}${key}` };
  } finally {
    // gone already when the store moved it
    await fs.promises.rm(upload.file, { force: true });
  }
}

export interface ServedCover {
  headers: Record<string, string>;
  /** null for HEAD */
  stream: Readable | null;
}

/**
 * GET /api/article/cover/{key}: the image, public and immutable (a key is never reused), never
 * rendered as a page of our origin (nosniff, a sandboxing CSP). 404 for anything but a cover key.
 */
export async function serveCover(ctx: AppContext, key: string, method: string): Promise<ServedCover> {
  if (!isCoverKey(key)) throw new AppError('NOT_FOUND', M.coverMissing);
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const headers = {
    'content-type': COVER_TYPES[ext]!,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': contentDisposition('inline', key),
    'cache-control': 'public, max-age=31536000, immutable',
    etag: `"${key}"`,
  };
  try {
    const stream = await mediaStore(ctx).get(key);
    if (method === 'HEAD') {
      stream.destroy();
      return { headers, stream: null };
    }
    return { headers, stream };
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw new AppError('NOT_FOUND', M.coverMissing);
    throw error;
  }
}
