import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { UploadedMedia } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { storeFile, type ReceivedUpload } from '../media/service';
import type { ApiCaller } from './auth';

/*
 * POST /api/v1/media: the file is received by the media module's own upload (receiveUpload: the
 * 10 MiB cap, the owner's storage quota checked before reading) and stored by its storeFile (the
 * same identification by content, thumbnail, row and quota as the app's upload), as the owner's.
 */

/**
 * What an upload's Idempotency-Key compares, its body not being JSON: the file's bytes, its name and
 * its declared type.
 */
export async function uploadDigest(upload: ReceivedUpload): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(upload.file)) hash.update(chunk as Buffer);
  hash.update(`\0${upload.filename}\0${upload.mimetype}`);
  return hash.digest('hex');
}

/** Stores a received upload as the caller's owner's file; its `url` is what messages send. */
export async function storeApiUpload(
  ctx: AppContext,
  caller: ApiCaller,
  upload: ReceivedUpload,
): Promise<UploadedMedia> {
  return storeFile(ctx, caller.actor.ownerId, {
    stream: fs.createReadStream(upload.file),
    name: upload.filename,
    declaredMimetype: upload.mimetype,
  });
}

/** The received upload's temporary file removed (whatever became of the request). */
export async function discardUpload(upload: ReceivedUpload): Promise<void> {
  await fs.promises.rm(upload.file, { force: true });
}
