import { INTEGRATION_MESSAGES as M, interpolate } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { graph, GraphError, GraphUnreachable } from '../../channels/meta/graph';
import { metaRedirectUri, REQUIRED_PERMISSIONS } from './meta-login';

/**
 * What the person allowed in Facebook's dialog, read from the Graph API (channels reference §2.1):
 * the code for a long-lived token, the permissions granted, the Pages picked with their tokens and
 * Instagram professional accounts. Nothing is written here.
 */

export type Kind = 'messenger' | 'instagram';

/** /me/accounts is read 100 Pages at a time, up to this many pages of results. */
const PAGE_LIMIT = 100;
const MAX_PAGE_READS = 10;

interface GraphPage {
  id: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

/** One Page or Instagram account the person picked in the dialog, ready to be linked. */
export interface Candidate {
  kind: Kind;
  externalId: string;
  /** the Page the Send API goes through */
  pageId: string;
  name: string;
  handle: string;
  token: string;
  pictureUrl: string | null;
  picture: string | null;
}

/** A Graph failure while linking, in the callback page's words. */
export function linkError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GraphUnreachable) return new AppError('UNAVAILABLE', M.metaUnreachable);
  if (error instanceof GraphError) {
    // the code was used, expired or is not ours: start again
    if (error.tokenInvalid || (error.code === 100 && [36007, 36008, 36009].includes(error.subcode ?? 0)))
      return new AppError('VALIDATION', M.loginExpired);
    const reason = `kode ${error.code}${error.subcode ? `/${error.subcode}` : ''}`;
    return new AppError('VALIDATION', interpolate(M.linkFailed, { reason }));
  }
  return new AppError('INTERNAL');
}

/**
 * The code of the dialog for a long-lived user token (reference §2.1 steps 2-3): Page tokens read
 * with it do not expire. The redirect_uri is the login's, character for character.
 */
async function userToken(ctx: AppContext, kind: Kind, code: string): Promise<string> {
  const { meta } = ctx.config;
  const short = await graph<{ access_token?: string }>(meta, {
    path: '/oauth/access_token',
    query: {
      client_id: meta.appId,
      client_secret: meta.appSecret,
      redirect_uri: metaRedirectUri(ctx, kind),
      code,
    },
  });
  if (!short.access_token) throw new AppError('VALIDATION', M.loginExpired);
  const long = await graph<{ access_token?: string }>(meta, {
    path: '/oauth/access_token',
    query: {
      grant_type: 'fb_exchange_token',
      client_id: meta.appId,
      client_secret: meta.appSecret,
      fb_exchange_token: short.access_token,
    },
  });
  if (!long.access_token) throw new AppError('VALIDATION', M.loginExpired);
  return long.access_token;
}

/** The permissions the person granted (not those declined in the dialog). */
async function grantedPermissions(ctx: AppContext, token: string): Promise<Set<string>> {
  const answer = await graph<{ data?: { permission?: string; status?: string }[] }>(ctx.config.meta, {
    path: '/me/permissions',
    token,
  });
  return new Set(
    (answer.data ?? []).filter((p) => p.status === 'granted' && p.permission).map((p) => p.permission!),
  );
}

/** The Pages the person picked, with their tokens and Instagram accounts, every page of results. */
async function pagesOf(ctx: AppContext, token: string): Promise<GraphPage[]> {
  const pages: GraphPage[] = [];
  let after: string | undefined;
  for (let read = 0; read < MAX_PAGE_READS; read++) {
    const answer = await graph<{
      data?: GraphPage[];
      paging?: { cursors?: { after?: string }; next?: string };
    }>(ctx.config.meta, {
      path: '/me/accounts',
      query: {
        fields:
          'id,name,access_token,tasks,picture{url},instagram_business_account{id,username,name,profile_picture_url}',
        limit: PAGE_LIMIT,
        after,
      },
      token,
    });
    pages.push(...(answer.data ?? []).filter((p) => p && typeof p.id === 'string'));
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return pages;
}

/** What the person picked, as accounts of `kind`: Pages, or the Instagram accounts of those Pages. */
function candidatesOf(kind: Kind, pages: GraphPage[]): Candidate[] {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const page of pages) {
    if (!page.access_token) continue;
    const ig = page.instagram_business_account;
    if (kind === 'instagram' && !ig?.id) continue;
    const candidate: Candidate =
      kind === 'messenger'
        ? {
            kind,
            externalId: page.id,
            pageId: page.id,
            name: page.name?.trim() || page.id,
            handle: page.name?.trim() || page.id,
            token: page.access_token,
            pictureUrl: page.picture?.data?.url ?? null,
            picture: null,
          }
        : {
            kind,
            externalId: ig!.id,
            pageId: page.id,
            name: ig!.username ? `@${ig!.username}` : ig!.name?.trim() || ig!.id,
            handle: ig!.username ? `@${ig!.username}` : ig!.id,
            token: page.access_token,
            pictureUrl: ig!.profile_picture_url ?? null,
            picture: null,
          };
    if (seen.has(candidate.externalId)) continue;
    seen.add(candidate.externalId);
    candidates.push(candidate);
  }
  return candidates;
}

/**
 * The Pages (Messenger) or Instagram accounts (Instagram) the person picked, and whether the app
 * holds the Human Agent permission. Refused in the callback page's words: a permission missing
 * (named), no Page picked, no Instagram account on the Pages picked, the code used or expired.
 */
export async function readPicks(
  ctx: AppContext,
  kind: Kind,
  code: string,
): Promise<{ candidates: Candidate[]; humanAgent: boolean }> {
  try {
    const token = await userToken(ctx, kind, code);
    const granted = await grantedPermissions(ctx, token);
    const missing = REQUIRED_PERMISSIONS[kind].filter((p) => !granted.has(p));
    if (missing.length)
      throw new AppError('VALIDATION', interpolate(M.permissionMissing, { permissions: missing.join(', ') }));
    const pages = await pagesOf(ctx, token);
    if (!pages.length) throw new AppError('VALIDATION', M.noPage);
    const candidates = candidatesOf(kind, pages);
    if (!candidates.length) throw new AppError('VALIDATION', kind === 'instagram' ? M.noInstagram : M.noPage);
    return { candidates, humanAgent: granted.has('human_agent') };
  } catch (error) {
    throw linkError(error);
  }
}
