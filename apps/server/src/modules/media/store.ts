import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config';
import { MEDIA_KEY_PATTERN } from './lookup';

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The store has no object under this key (deleted, or lost with the data folder). */
export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`media ${key} not found`);
  }
}

/** Where the bytes of media files live; the rows in media_files say what they are. */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Moves a complete temporary file (under the data folder) into the store; the temporary file is gone after. */
  put(key: string, fromTempFile: string, mimetype: string): Promise<void>;
  /** The bytes of `key`, or of `range` of them; rejects with MediaNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes `key`; an absent key is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys are [A-Za-z0-9_-]{32}.ext (see service.ts); anything else never reaches a path or an object name. */
function assertKey(key: string): void {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`invalid media key ${key}`);
}

/** Files under `root`, spread over folders named by the key's first two characters. */
export function diskStore(root: string): MediaStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put(key, fromTempFile) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // the temporary folder is on the same file system (both under the data folder): an atomic rename
      await fs.promises.rename(fromTempFile, target);
    },
    async get(key, range) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(key);
        throw error;
      }
      // the stream closes the handle when it ends or is destroyed
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}

/** The AWS SDK, loaded on first use: most installations keep files on disk and never pay its start-up. */
function loadSdk() {
  return Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, storage]) => ({
      ...s3,
      Upload: storage.Upload,
    }),
  );
}

/** Objects in an S3-compatible bucket, uploaded and read as streams. */
export function s3Store(config: S3Config): MediaStore {
  let ready: Promise<{ sdk: Awaited<ReturnType<typeof loadSdk>>; client: S3Client }> | null = null;
  const connect = () =>
    (ready ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      }),
    })));
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, fromTempFile, mimetype) {
      assertKey(key);
      const { sdk, client } = await connect();
      // lib-storage sends parts of 5 MiB, at most 2 at a time: memory stays bounded whatever the size
      const upload = new sdk.Upload({
        client,
        queueSize: 2,
        params: { Bucket, Key: key, Body: fs.createReadStream(fromTempFile), ContentType: mimetype },
      });
      await upload.done();
      await fs.promises.rm(fromTempFile, { force: true });
    },
    async get(key, range) {
      assertKey(key);
      const { sdk, client } = await connect();
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('S3 answered without a stream body');
        return result.Body;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NotFound') {
          throw new MediaNotFoundError(key);
        }
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      if (ready) (await ready).client.destroy();
    },
  };
}

/** The store the configuration asks for: S3 when S3_* is set, else the data folder. */
export function createMediaStore(config: Config): MediaStore {
  return config.s3 ? s3Store(config.s3) : diskStore(path.join(config.dataDir, 'media'));
}
