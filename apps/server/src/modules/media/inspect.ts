import { spawn } from 'node:child_process';
import path from 'node:path';
import { ATTACHMENT_MESSAGES, interpolate } from '@sapa/contracts';
import { AppError } from '../../lib/errors';

// Each image is thumbnailed once: libvips' operation cache would only hold memory.
/** Loaded on the first upload, not at boot: sharp, file-type and music-metadata are slow to import. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}
const loadSharp = once(async () => {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  return sharp;
});
const loadFileType = once(() => import('file-type'));
const loadMetadata = once(() => import('music-metadata'));

export type MediaKind = 'image' | 'video' | 'audio';

/** Thumbnails: at most this many pixels on the long side. */
export const THUMBNAIL_PX = 72;
/** Larger images get no thumbnail rather than a long, memory-hungry decode (about 8000 x 6000). */
const MAX_THUMBNAIL_INPUT_PIXELS = 50_000_000;
/** Thumbnails made at once (sharp or ffmpeg): each holds a decoded picture, and the machine has few cores. */
const THUMBNAILS_AT_ONCE = 2;
const FFMPEG_TIMEOUT_MS = 15_000;
const FFMPEG_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

const EXTENSION_KINDS: Record<string, MediaKind> = {};
for (const ext of [
  'png',
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'gif',
  'webp',
  'bmp',
  'heic',
  'heif',
  'avif',
  'tif',
  'tiff',
])
  EXTENSION_KINDS[ext] = 'image';
for (const ext of [
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  '3gp',
  '3g2',
  'mpeg',
  'mpg',
  'wmv',
  'flv',
  'ogv',
])
  EXTENSION_KINDS[ext] = 'video';
for (const ext of ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'weba', 'flac', 'amr', 'wma'])
  EXTENSION_KINDS[ext] = 'audio';

/**
 * Containers that carry sound as well as pictures: the bytes say "video/webm" for a voice note recorded
 * by Chromium (audio/webm), so an audio claim on one of these is honoured with the audio type.
 */
const AUDIO_IN_CONTAINER: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/mp4': 'audio/mp4',
  'video/ogg': 'audio/ogg',
  'video/x-matroska': 'audio/x-matroska',
  'video/3gpp': 'audio/3gpp',
  'video/3gpp2': 'audio/3gpp2',
};

/** ffmpeg's demuxer for each detected video type, forced so that playlists and the like are never followed. */
const FFMPEG_DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
  'video/ogg': 'ogg',
  'video/vnd.avi': 'avi',
  'video/x-msvideo': 'avi',
  'video/mpeg': 'mpeg',
  'video/mp2t': 'mpegts',
  'video/x-flv': 'flv',
  'video/x-ms-asf': 'asf',
  'video/x-ms-wmv': 'asf',
};

/** The kind a mime type names; SVG is active content, a document rather than an image. */
export function kindOfMime(mimetype: string): MediaKind | null {
  const type = mimetype.toLowerCase();
  if (type === 'image/svg+xml') return null;
  const top = type.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : null;
}

function extensionOf(name: string): string {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

/** `type/subtype` in lower case without parameters, or '' when the text is not a mime type. */
export function cleanMime(raw: string): string {
  const type = raw.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) && type.length <= 100
    ? type
    : '';
}

export interface Identified {
  mimetype: string;
  /** the key's extension, '' for none */
  ext: string;
  kind: MediaKind | null;
}

/**
 * Decides the type from the file's bytes. When the declared type or the file name claims image, video
 * or audio, the bytes must be that kind of media, else the upload is refused (fileMismatch). Bytes that
 * say nothing (text, csv, html) keep a declared non-media type and are documents.
 */
export async function identify(file: string, name: string, declaredMimetype: string): Promise<Identified> {
  const declared = cleanMime(declaredMimetype);
  const nameExt = extensionOf(name);
  // A media type declared by the browser names the kind; a generic one (octet-stream) leaves it to the
  // name, so that an HTML page renamed .png is still held to being an image.
  const claimed = kindOfMime(declared) ?? EXTENSION_KINDS[nameExt] ?? null;

  const detected = await (await loadFileType()).fileTypeFromFile(file);
  const detectedKind = detected ? kindOfMime(detected.mime) : null;

  if (claimed) {
    if (detected && detectedKind === claimed) {
      return { mimetype: detected.mime, ext: detected.ext, kind: detectedKind };
    }
    const audioType = detected && claimed === 'audio' ? AUDIO_IN_CONTAINER[detected.mime] : undefined;
    if (detected && audioType) return { mimetype: audioType, ext: detected.ext, kind: 'audio' };
    throw new AppError(
      'VALIDATION',
      interpolate(ATTACHMENT_MESSAGES.fileMismatch, { type: declared || nameExt || 'tidak dikenal' }),
    );
  }
  if (detected) return { mimetype: detected.mime, ext: detected.ext, kind: detectedKind };
  // The bytes say nothing: a text-like document. Its declared type cannot be media (checked above).
  const mimetype = declared && !declared.startsWith('image/') ? declared : 'application/octet-stream';
  return { mimetype, ext: nameExt, kind: null };
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once fewer than THUMBNAILS_AT_ONCE others are running. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= THUMBNAILS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function jpegDataUrl(input: string | Buffer): Promise<string | null> {
  try {
    const sharp = await loadSharp();
    const jpeg = await sharp(input, { limitInputPixels: MAX_THUMBNAIL_INPUT_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      // stickers and PNGs are often transparent: on white, not on JPEG's black
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

/** One frame from the start of a video through ffmpeg, when it is on PATH; null otherwise or on failure. */
function videoFrame(file: string, mimetype: string): Promise<Buffer | null> {
  const demuxer = FFMPEG_DEMUXERS[mimetype];
  if (!demuxer) return Promise.resolve(null);
  return new Promise((resolve) => {
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file'],
      ...['-f', demuxer, '-i', file, '-frames:v', '1', '-an'],
      ...['-vf', `scale=${THUMBNAIL_PX * 2}:${THUMBNAIL_PX * 2}:force_original_aspect_ratio=decrease`],
      ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    ];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > FFMPEG_MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    // ENOENT when ffmpeg is not installed: the UI shows a placeholder instead
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && bytes > 0 && bytes <= FFMPEG_MAX_OUTPUT_BYTES ? Buffer.concat(chunks) : null);
    });
  });
}

/** Rounded seconds of audio or video, when the container says (the parser is chosen from the bytes). */
async function durationOf(file: string): Promise<number | null> {
  try {
    const { format } = await (await loadMetadata()).parseFile(file, { duration: true, skipCovers: true });
    return format.duration !== undefined && Number.isFinite(format.duration)
      ? Math.round(format.duration)
      : null;
  } catch {
    return null;
  }
}

/** The small JPEG data: URL and the duration the UI shows for a stored file. */
export async function describe(
  file: string,
  identified: Identified,
): Promise<{ thumbnail: string | null; duration: number | null }> {
  switch (identified.kind) {
    case 'image':
      return { thumbnail: await limited(() => jpegDataUrl(file)), duration: null };
    case 'video': {
      const [thumbnail, duration] = await Promise.all([
        limited(async () => {
          const frame = await videoFrame(file, identified.mimetype);
          return frame ? jpegDataUrl(frame) : null;
        }),
        durationOf(file),
      ]);
      return { thumbnail, duration };
    }
    case 'audio':
      return { thumbnail: null, duration: await durationOf(file) };
    default:
      return { thumbnail: null, duration: null };
  }
}
