import { INTEGRATION_MESSAGES as M } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { storeFile } from '../../modules/media/service';
import { graph, graphDownload, GraphError } from './graph';
import { markTokenInvalid } from './link-store';

/** A person as the inbox shows them: a name and a picture in our own media storage. */
export interface ContactProfile {
  name: string;
  /** our media url of the copied picture, or null */
  picture: string | null;
}

/** Profiles are read once a day per person: names change rarely and every call counts against limits. */
const KNOWN_MS = 24 * 60 * 60 * 1000;
/** A refused or failed lookup is not asked again for a while (a burst from one person is one call). */
const FAILED_MS = 10 * 60 * 1000;
const MAX_KNOWN = 10_000;
/** Profile pictures are small; anything larger is not a picture worth keeping. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const caches = new WeakMap<AppContext, Map<string, { profile: ContactProfile; until: number }>>();

function cacheOf(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/**
 * Copies a picture Meta points at (a Page's, an Instagram account's, a person's profile_pic) into
 * media storage: Meta's urls expire within days (channels reference §2.5) and the page's CSP serves
 * images from our origin only. Null when it cannot be fetched or kept; never throws.
 */
export async function copyPicture(ctx: AppContext, ownerId: string, url: string | null | undefined) {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    const { bytes, contentType } = await graphDownload(url, {
      maxBytes: MAX_PICTURE_BYTES,
      timeoutMs: 10_000,
    });
    const stored = await storeFile(ctx, ownerId, {
      name: 'profil',
      declaredMimetype: contentType.split(';')[0]!.trim(),
      buffer: bytes,
    });
    return stored.mimetype.startsWith('image/') ? stored.url : null;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'meta picture not copied');
    return null;
  }
}

/** The name shown while Meta will not say who someone is (no consent yet, blocked, a failed call). */
export function fallbackName(type: string): string {
  return type === 'instagram' ? M['contact.instagram'] : M['contact.messenger'];
}

interface GraphProfile {
  name?: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  profile_pic?: string;
}

/**
 * Who a PSID or IGSID is (channels reference §2.5), with the Page token, cached per account and
 * person. A failing call never loses the message: the person gets the channel's fallback name
 * ('Pengguna Instagram') and no picture. A refused token marks the account for relinking.
 */
export async function contactProfile(
  ctx: AppContext,
  account: { id: string; ownerId: string; type: string },
  token: string | null,
  personId: string,
): Promise<ContactProfile> {
  const cache = cacheOf(ctx);
  const key = `${account.id}:${personId}`;
  const now = Date.now();
  const known = cache.get(key);
  if (known && known.until > now) return known.profile;
  let profile: ContactProfile = { name: fallbackName(account.type), picture: null };
  let until = now + FAILED_MS;
  if (token) {
    try {
      const fields =
        account.type === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,name,profile_pic';
      const found = await graph<GraphProfile>(ctx.config.meta, {
        path: `/${encodeURIComponent(personId)}`,
        query: { fields },
        token,
        timeoutMs: 5_000,
      });
      const name =
        found.name?.trim() ||
        [found.first_name, found.last_name].filter(Boolean).join(' ').trim() ||
        found.username?.trim() ||
        profile.name;
      profile = { name, picture: await copyPicture(ctx, account.ownerId, found.profile_pic) };
      until = now + KNOWN_MS;
    } catch (err) {
      if (err instanceof GraphError && err.tokenInvalid) await markTokenInvalid(ctx, account.id);
      ctx.log.info(
        { accountId: account.id, code: err instanceof GraphError ? err.code : null },
        'meta profile not read; the fallback name is used',
      );
    }
  }
  if (cache.size >= MAX_KNOWN) cache.delete(cache.keys().next().value!);
  cache.set(key, { profile, until });
  return profile;
}
