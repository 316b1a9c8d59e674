import { ATTACHMENT_MESSAGES, LIMITS, type UploadedMedia } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { findMediaByUrl } from '../../modules/media/lookup';
import { openMedia, storeFile } from '../../modules/media/service';
import { PermanentSendError } from '../connector';
import { AppError } from '../../lib/errors';
import { GraphError, graph, graphDownload } from '../meta/graph';

/** GET /{media-id}: where a received file is, for 5 minutes (channels reference §3.4). */
interface MediaInfo {
  url?: string;
  mime_type?: string;
  file_size?: number | string;
}

/** Attempts at one received file, each with a fresh url: a url expires, a download may drop. */
const DOWNLOAD_ATTEMPTS = 2;

/**
 * Downloads a file a customer sent, on arrival (media ids expire after 7 days, their urls after 5
 * minutes), into media storage under the storage cap and the owner's quota. Null when it cannot be
 * kept (too large, refused, gone, Meta unreachable twice): the message is stored all the same, as a
 * text saying so, rather than lost or held back (inbound.ts).
 */
export async function downloadInboundMedia(
  ctx: AppContext,
  input: { ownerId: string; accountId: string; token: string; mediaId: string; filename?: string | null },
): Promise<UploadedMedia | null> {
  const maxBytes = LIMITS.maxAttachmentBytes;
  for (let attempt = 1; attempt <= DOWNLOAD_ATTEMPTS; attempt++) {
    try {
      const info = await graph<MediaInfo>(ctx.config.meta, {
        path: `/${encodeURIComponent(input.mediaId)}`,
        token: input.token,
      });
      if (!info.url) return null;
      if (Number(info.file_size ?? 0) > maxBytes) {
        ctx.log.info({ accountId: input.accountId, mediaId: input.mediaId }, 'cloud media over the cap');
        return null;
      }
      const { bytes, contentType } = await graphDownload(info.url, { token: input.token, maxBytes });
      return await storeFile(ctx, input.ownerId, {
        name: input.filename ?? '',
        declaredMimetype: (info.mime_type ?? contentType).split(';')[0]!.trim(),
        buffer: bytes,
      });
    } catch (err) {
      ctx.log.warn(
        { err: errorSummary(err), accountId: input.accountId, mediaId: input.mediaId, attempt },
        'cloud media not downloaded',
      );
      if (!retryable(err)) return null;
    }
  }
  return null;
}

/** A refusal by size, type, quota or Meta will be the same next time; a dropped connection may not. */
function retryable(err: unknown): boolean {
  if (err instanceof AppError) return false;
  if (err instanceof GraphError) return err.status >= 500 || err.rateLimited;
  return true;
}

/** What a log may hold of a download error: its kind and message, never a url with its signature. */
function errorSummary(err: unknown): { type: string; message: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, 200) };
  return { type: err.constructor.name, message: err.message.replace(/https?:\/\/\S+/g, '<url>') };
}

/** A stored file of the message's owner as bytes, or a PermanentSendError when it is gone. */
async function storedFile(ctx: AppContext, ownerId: string, url: string) {
  const row = await findMediaByUrl(ctx.db, ownerId, url);
  if (!row) throw new PermanentSendError(ATTACHMENT_MESSAGES.fileMissing);
  const opened = await openMedia(ctx, row.key).catch(() => {
    throw new PermanentSendError(ATTACHMENT_MESSAGES.fileMissing);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), mimetype: opened.mimetype, name: opened.name };
}

/**
 * Uploads a stored file to the number (POST /{phone-number-id}/media, multipart; kept by Meta for 30
 * days) and answers its media id and the file's name. Graph errors are the caller's to map.
 */
export async function uploadMedia(
  ctx: AppContext,
  input: { ownerId: string; phoneNumberId: string; token: string; url: string },
): Promise<{ id: string; name: string }> {
  const file = await storedFile(ctx, input.ownerId, input.url);
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.mimetype);
  form.append('file', new Blob([file.bytes], { type: file.mimetype }), file.name || 'file');
  const answer = await graph<{ id?: string }>(ctx.config.meta, {
    method: 'POST',
    path: `/${encodeURIComponent(input.phoneNumberId)}/media`,
    body: form,
    token: input.token,
    timeoutMs: 60_000,
  });
  if (!answer.id) throw new Error('media upload answered without an id');
  return { id: answer.id, name: file.name };
}
