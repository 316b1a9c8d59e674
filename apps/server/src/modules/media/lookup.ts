import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mediaFiles } from '../../db/schema';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

/** Where a stored file is served: GET /api/media/{key}. */
export const MEDIA_PATH = '/api/media/';

/** A media key: random base64url characters and an optional lower-case extension. */
export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{1,8})?$/;

export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}${key}`;
}

/** The key of one of our media urls (relative, or absolute on any host), else null. */
export function mediaKeyOf(url: string): string | null {
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  if (!pathname.startsWith(MEDIA_PATH)) return null;
  const key = pathname.slice(MEDIA_PATH.length);
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

/** A file of this tenant by its url; null when the url is not ours or the file is another tenant's. */
export async function findMediaByUrl(
  db: Db | Tx,
  ownerId: string,
  url: string,
): Promise<MediaFileRow | null> {
  const key = mediaKeyOf(url);
  if (!key) return null;
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.key, key), eq(mediaFiles.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}
