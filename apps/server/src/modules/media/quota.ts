import { randomBytes } from 'node:crypto';
import { t } from '@sapa/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contactImports, mediaFiles } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The storage quota of a tenant (SAPA_STORAGE_QUOTA_MB): what one owner's files may take in the media
 * store. Two kinds of files live there: media (a media_files row each, with its size) and contact
 * import files waiting to be imported (a contact_imports row each, no size column: the size is written
 * into the file's key, see sizedKey). The check and the row that adds the bytes run in one transaction
 * holding a lock of the owner's, so that uploads at the same moment cannot each see room for
 * themselves and pass the quota together.
 */

/** Advisory locks of this kind: (STORAGE_LOCK, hashtext(owner id)). */
const STORAGE_LOCK = 0x5a9a_0001;

/** Random characters that start a sized key (192 bits, base64url). */
const RANDOM_CHARS = 32;

/**
 * A store key that carries the file's size: 32 random characters, the size in digits, the extension.
 * For files without a media_files row (import files), so their bytes count without another table.
 */
export function sizedKey(ext: string, size: number): string {
  return `${randomBytes(24).toString('base64url')}${Math.max(0, Math.floor(size))}.${ext}`;
}

/** The size sizedKey wrote into an import's file key; 0 for keys made before (random characters only). */
const importFileBytes = sql<string>`coalesce(sum(substring(${contactImports.fileKey} from ${`^[A-Za-z0-9_-]{${RANDOM_CHARS}}([0-9]+)\\.`})::bigint), 0)`;

/** Bytes the owner keeps in the store now: every media file, and import files not yet removed. */
export async function storedBytes(db: Db | Tx, ownerId: string): Promise<number> {
  const [media] = await db
    .select({ bytes: sql<string>`coalesce(sum(${mediaFiles.size}), 0)` })
    .from(mediaFiles)
    .where(eq(mediaFiles.ownerId, ownerId));
  const [imports] = await db
    .select({ bytes: importFileBytes })
    .from(contactImports)
    .where(and(eq(contactImports.ownerId, ownerId), isNotNull(contactImports.fileKey)));
  return Number(media?.bytes ?? 0) + Number(imports?.bytes ?? 0);
}

function storageFull(quotaBytes: number): AppError {
  return new AppError('STORAGE_FULL', t('common.storageFull', { max: Math.round(quotaBytes / 1024 / 1024) }));
}

/**
 * Refuses (STORAGE_FULL, 413) when `size` more bytes would not fit: a cheap early answer before an
 * upload is read or inspected. Not a guarantee; recordWithinQuota is.
 */
export async function assertRoom(ctx: AppContext, ownerId: string, size: number): Promise<void> {
  const quota = ctx.config.storageQuotaBytes;
  if (!quota) return;
  if (size > quota || (await storedBytes(ctx.db, ownerId)) + size > quota) throw storageFull(quota);
}

/**
 * Runs `record` (the insert of the row that adds `size` bytes for the owner) in a transaction that
 * first takes the owner's storage lock and checks the quota; STORAGE_FULL (413) when the bytes do not
 * fit, and then nothing is recorded. Uploads of one owner wait for each other here, for the length of
 * a sum and an insert; other owners do not.
 */
export async function recordWithinQuota<T>(
  ctx: AppContext,
  ownerId: string,
  size: number,
  record: (tx: Tx) => Promise<T>,
): Promise<T> {
  const quota = ctx.config.storageQuotaBytes;
  return ctx.db.transaction(async (tx) => {
    if (quota) {
      if (size > quota) throw storageFull(quota);
      await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LOCK}::int, hashtext(${ownerId}))`);
      if ((await storedBytes(tx, ownerId)) + size > quota) throw storageFull(quota);
    }
    return record(tx);
  });
}
