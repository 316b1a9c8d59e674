import { randomBytes } from 'node:crypto';
import { graphError, type FakeGraph, type GraphAnswer, type GraphRequest } from './fake-graph';

/**
 * The fake Graph API's Facebook Login, Pages, Instagram accounts and Send API (issue 25 part 6),
 * installed onto a FakeGraph: the login dialog (a small HTML page listing the Pages, 'Lanjutkan' and
 * 'Batal'), /oauth/access_token (code, then fb_exchange_token), /me/permissions, /me/accounts (paged,
 * with each Page's token, picture and Instagram account), subscribed_apps, profiles, the Send API and
 * attachment uploads. Tokens can be revoked (then every call with them answers 190). Pictures and
 * attachments are served from /fake-files/{name}.
 */

export interface FakeInstagram {
  id: string;
  username: string;
  name: string;
  picture: string | null;
}

export interface FakePage {
  id: string;
  name: string;
  /** the Page token /me/accounts hands out */
  token: string;
  picture: string | null;
  instagram: FakeInstagram | null;
  /** the fields the app is subscribed to on this Page, or null (not subscribed) */
  subscribedFields: string[] | null;
}

/** A person who wrote to a Page (a PSID) or to an Instagram account (an IGSID). */
export interface FakePerson {
  id: string;
  /** the Page id or Instagram account id the id is scoped to */
  of: string;
  name: string;
  firstName: string;
  lastName: string;
  username: string;
  picture: string | null;
}

interface Grant {
  pageIds: string[];
  redirectUri: string;
  permissions: { permission: string; status: 'granted' | 'declined' }[];
}

/** A Send API call the fake answered (messages and sender actions). */
export interface SentMessage {
  pageId: string;
  token: string;
  body: Record<string, unknown>;
  messageId: string | null;
}

/** An attachment uploaded to /{page-id}/message_attachments. */
export interface Upload {
  pageId: string;
  attachmentId: string;
  message: Record<string, unknown>;
  platform: string | null;
  name: string;
  mimetype: string;
  size: number;
}

export interface PagesState {
  pages: Map<string, FakePage>;
  people: Map<string, FakePerson>;
  /** what the next login grants: every permission asked, unless declined here */
  declined: Set<string>;
  /** extra permissions the next login grants (e.g. human_agent) */
  extraGranted: Set<string>;
  codes: Map<string, Grant>;
  userTokens: Map<string, Grant>;
  pageTokens: Map<string, string>;
  revoked: Set<string>;
  sent: SentMessage[];
  uploads: Upload[];
  files: Map<string, { bytes: Buffer; type: string }>;
  /** /me/accounts answers at most this many Pages at once, whatever the caller asks (paging tests) */
  maxPageSize: number;
  /**
   * Called after a Send API message is accepted and before it is answered, with its message id: a
   * test delivers the echo webhook here, as Meta may, before the sender hears back.
   */
  beforeAnswer: ((sent: SentMessage) => Promise<void>) | null;
}

/** A 1x1 PNG: the bytes of every fake picture (media storage checks a file's bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;
const nextId = (prefix: string) => `${prefix}${Date.now() % 1_000_000}${String(++counter).padStart(4, '0')}`;
const token = (kind: string) => `EAA${kind}${randomBytes(18).toString('base64url')}`;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The state the pages routes keep on a fake (installPages first). */
export function pagesOf(fake: FakeGraph): PagesState {
  const state = fake.state.get('pages') as PagesState | undefined;
  if (!state) throw new Error('installPages(fake) first');
  return state;
}

/** Serves bytes at {fake.url}/fake-files/{name}; returns that url. */
export function fakeFile(fake: FakeGraph, name: string, bytes: Buffer, type: string): string {
  pagesOf(fake).files.set(name, { bytes, type });
  return `${fake.url}/fake-files/${encodeURIComponent(name)}`;
}

/** A Page the person can pick in the dialog, optionally with its Instagram professional account. */
export function addPage(
  fake: FakeGraph,
  input: {
    id?: string;
    name: string;
    picture?: boolean;
    instagram?: { id?: string; username: string; name?: string; picture?: boolean } | null;
  },
): FakePage {
  const state = pagesOf(fake);
  const id = input.id ?? nextId('10');
  const page: FakePage = {
    id,
    name: input.name,
    token: token('page'),
    picture: input.picture === false ? null : fakeFile(fake, `page-${id}.png`, TINY_PNG, 'image/png'),
    instagram: null,
    subscribedFields: null,
  };
  if (input.instagram) {
    const igId = input.instagram.id ?? nextId('1784');
    page.instagram = {
      id: igId,
      username: input.instagram.username,
      name: input.instagram.name ?? input.instagram.username,
      picture:
        input.instagram.picture === false ? null : fakeFile(fake, `ig-${igId}.png`, TINY_PNG, 'image/png'),
    };
  }
  state.pages.set(id, page);
  state.pageTokens.set(page.token, id);
  return page;
}

/** A person who can write to a Page or Instagram account (their scoped id), with a profile. */
export function addPerson(
  fake: FakeGraph,
  input: { of: string; name: string; id?: string; username?: string; picture?: boolean },
): FakePerson {
  const id = input.id ?? nextId('25');
  const [firstName = input.name, ...rest] = input.name.split(' ');
  const person: FakePerson = {
    id,
    of: input.of,
    name: input.name,
    firstName,
    lastName: rest.join(' '),
    username: input.username ?? input.name.toLowerCase().replace(/\s+/g, '.'),
    picture: input.picture === false ? null : fakeFile(fake, `person-${id}.png`, TINY_PNG, 'image/png'),
  };
  pagesOf(fake).people.set(id, person);
  return person;
}

/** Every token of a Page (and the user tokens that listed it) stops working: 190 from then on. */
export function revokePage(fake: FakeGraph, pageId: string): void {
  const state = pagesOf(fake);
  for (const [pageToken, id] of state.pageTokens) if (id === pageId) state.revoked.add(pageToken);
}

/** A fresh token for a Page (after a revoke, the next login hands this one out). */
export function renewPageToken(fake: FakeGraph, pageId: string): string {
  const state = pagesOf(fake);
  const page = state.pages.get(pageId)!;
  page.token = token('page');
  state.pageTokens.set(page.token, pageId);
  return page.token;
}

/** The Send API calls made to a Page (messages, sender actions), oldest first. */
export function sentTo(fake: FakeGraph, pageId?: string): SentMessage[] {
  return pagesOf(fake).sent.filter((s) => pageId === undefined || s.pageId === pageId);
}

type Principal =
  | { kind: 'user'; grant: Grant }
  | { kind: 'page'; page: FakePage }
  | { kind: 'refused'; answer: GraphAnswer };

function principalOf(state: PagesState, req: GraphRequest): Principal {
  if (!req.token)
    return { kind: 'refused', answer: graphError(104, 'An access token is required', undefined, 400) };
  if (state.revoked.has(req.token))
    return {
      kind: 'refused',
      answer: graphError(190, 'Error validating access token: The session has been invalidated.', 460, 400),
    };
  const grant = state.userTokens.get(req.token);
  if (grant) return { kind: 'user', grant };
  const pageId = state.pageTokens.get(req.token);
  const page = pageId ? state.pages.get(pageId) : undefined;
  if (page) return { kind: 'page', page };
  return {
    kind: 'refused',
    answer: graphError(190, 'Invalid OAuth access token - Cannot parse access token', undefined, 400),
  };
}

/** The Page behind a page token, when it is `pageId`'s; else the refusal. */
function pageCall(state: PagesState, req: GraphRequest, pageId: string): FakePage | GraphAnswer {
  const principal = principalOf(state, req);
  if (principal.kind === 'refused') return principal.answer;
  if (principal.kind !== 'page' || principal.page.id !== pageId)
    return graphError(200, '(#200) The page token does not belong to this Page', undefined, 403);
  return principal.page;
}

const isAnswer = (value: FakePage | GraphAnswer): value is GraphAnswer => !('token' in value);

function pageView(fake: FakeGraph, page: FakePage) {
  return {
    id: page.id,
    name: page.name,
    access_token: page.token,
    tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
    category: 'Toko',
    ...(page.picture ? { picture: { data: { url: page.picture, is_silhouette: false } } } : {}),
    ...(page.instagram
      ? {
          instagram_business_account: {
            id: page.instagram.id,
            username: page.instagram.username,
            name: page.instagram.name,
            ...(page.instagram.picture ? { profile_picture_url: page.instagram.picture } : {}),
          },
        }
      : {}),
  };
}

/** Installs the routes (once per fake) and answers their state. */
export function installPages(fake: FakeGraph): PagesState {
  const existing = fake.state.get('pages') as PagesState | undefined;
  if (existing) return existing;
  const state: PagesState = {
    pages: new Map(),
    people: new Map(),
    declined: new Set(),
    extraGranted: new Set(),
    codes: new Map(),
    userTokens: new Map(),
    pageTokens: new Map(),
    revoked: new Set(),
    sent: [],
    uploads: [],
    files: new Map(),
    maxPageSize: 100,
    beforeAnswer: null,
  };
  fake.state.set('pages', state);

  fake.route('GET', '/fake-files/:name', (_req, { name }) => {
    const file = state.files.get(name!);
    return file
      ? { raw: { body: file.bytes, type: file.type } }
      : { status: 404, raw: { body: 'not found', type: 'text/plain' } };
  });

  // the login dialog: the Pages with checkboxes, 'Lanjutkan' and 'Batal'
  fake.route('GET', '/dialog/oauth', (req) => {
    const q = req.query;
    if (q.get('client_id') !== fake.appId || !q.get('redirect_uri') || !q.get('state'))
      return {
        status: 400,
        raw: { body: '<p>Permintaan login tidak valid</p>', type: 'text/html; charset=utf-8' },
      };
    const pages = [...state.pages.values()]
      .map(
        (p) =>
          `<label><input type="checkbox" name="page" value="${escape(p.id)}" checked> ${escape(p.name)}` +
          (p.instagram ? ` (Instagram @${escape(p.instagram.username)})` : '') +
          '</label><br>',
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Masuk dengan Facebook</title></head>
<body>
<h1>Hubungkan ke ${escape(fake.appId)}</h1>
<p>Pilih Halaman yang boleh diakses (izin: ${escape(q.get('scope') ?? q.get('config_id') ?? '')})</p>
<form method="get" action="/dialog/oauth/confirm">
<input type="hidden" name="state" value="${escape(q.get('state')!)}">
<input type="hidden" name="redirect_uri" value="${escape(q.get('redirect_uri')!)}">
${pages}
<button type="submit" name="decision" value="allow">Lanjutkan</button>
<button type="submit" name="decision" value="cancel">Batal</button>
</form>
</body></html>`;
    return { raw: { body: html, type: 'text/html; charset=utf-8' } };
  });

  // the dialog's answer: back to redirect_uri with a code, or with Facebook's refusal
  fake.route('GET', '/dialog/oauth/confirm', (req) => {
    const q = req.query;
    const redirect = new URL(q.get('redirect_uri') ?? '');
    redirect.searchParams.set('state', q.get('state') ?? '');
    if (q.get('decision') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set('error_code', '200');
      redirect.searchParams.set('error_description', 'Permissions error');
      redirect.searchParams.set('error_reason', 'user_denied');
      return { redirect: `${redirect.toString()}#_=_` };
    }
    const asked = [
      'pages_show_list',
      'pages_messaging',
      'pages_manage_metadata',
      'pages_read_engagement',
      'instagram_basic',
      'instagram_manage_messages',
      'business_management',
      ...state.extraGranted,
    ];
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    state.codes.set(code, {
      pageIds: q.getAll('page'),
      redirectUri: q.get('redirect_uri') ?? '',
      permissions: [...new Set([...asked, ...state.declined])].map((permission) => ({
        permission,
        status: state.declined.has(permission) ? 'declined' : 'granted',
      })),
    });
    redirect.searchParams.set('code', code);
    return { redirect: `${redirect.toString()}#_=_` };
  });

  fake.route('GET', '/oauth/access_token', (req) => {
    const q = req.query;
    if (q.get('client_id') !== fake.appId || q.get('client_secret') !== fake.appSecret)
      return graphError(1, 'Error validating client secret.', undefined, 400);
    if (q.get('grant_type') === 'fb_exchange_token') {
      const grant = state.userTokens.get(q.get('fb_exchange_token') ?? '');
      if (!grant || state.revoked.has(q.get('fb_exchange_token') ?? ''))
        return graphError(190, 'Invalid OAuth access token', undefined, 400);
      const long = token('long');
      state.userTokens.set(long, grant);
      return { json: { access_token: long, token_type: 'bearer', expires_in: 5_183_999 } };
    }
    const code = q.get('code') ?? '';
    const grant = state.codes.get(code);
    if (!grant) return graphError(100, 'This authorization code has been used.', 36009, 400);
    if (grant.redirectUri !== q.get('redirect_uri'))
      return graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical',
        36008,
        400,
      );
    state.codes.delete(code);
    const short = token('short');
    state.userTokens.set(short, grant);
    return { json: { access_token: short, token_type: 'bearer', expires_in: 3600 } };
  });

  fake.route('GET', '/me/permissions', (req) => {
    const principal = principalOf(state, req);
    if (principal.kind === 'refused') return principal.answer;
    if (principal.kind !== 'user') return graphError(100, 'Unsupported get request', 33, 400);
    return { json: { data: principal.grant.permissions } };
  });

  fake.route('GET', '/me/accounts', (req) => {
    const principal = principalOf(state, req);
    if (principal.kind === 'refused') return principal.answer;
    if (principal.kind !== 'user') return graphError(100, 'Unsupported get request', 33, 400);
    const pages = principal.grant.pageIds
      .map((id) => state.pages.get(id))
      .filter((p): p is FakePage => !!p)
      .map((p) => pageView(fake, p));
    const limit = Math.min(state.maxPageSize, Math.max(1, Number(req.query.get('limit') ?? 25)));
    const start = Number(Buffer.from(req.query.get('after') ?? '', 'base64url').toString() || 0);
    const slice = pages.slice(start, start + limit);
    const after = Buffer.from(String(start + slice.length)).toString('base64url');
    const more = start + slice.length < pages.length;
    return {
      json: {
        data: slice,
        paging: {
          cursors: { before: Buffer.from(String(start)).toString('base64url'), after },
          ...(more ? { next: `${fake.url}/v25.0/me/accounts?limit=${limit}&after=${after}` } : {}),
        },
      },
    };
  });

  fake.route('POST', '/:pageId/subscribed_apps', (req, { pageId }) => {
    const page = pageCall(state, req, pageId!);
    if (isAnswer(page)) return page;
    const fields = req.query.get('subscribed_fields') ?? String(req.body?.subscribed_fields ?? '');
    if (!fields) return graphError(100, 'The parameter subscribed_fields is required', undefined, 400);
    page.subscribedFields = fields.split(',');
    return { json: { success: true } };
  });

  fake.route('DELETE', '/:pageId/subscribed_apps', (req, { pageId }) => {
    const page = pageCall(state, req, pageId!);
    if (isAnswer(page)) return page;
    page.subscribedFields = null;
    return { json: { success: true } };
  });

  fake.route('GET', '/:pageId/subscribed_apps', (req, { pageId }) => {
    const page = pageCall(state, req, pageId!);
    if (isAnswer(page)) return page;
    return {
      json: {
        data: page.subscribedFields ? [{ id: fake.appId, subscribed_fields: page.subscribedFields }] : [],
      },
    };
  });

  // a profile (PSID or IGSID) with the token of its Page, or a Page itself
  fake.route('GET', '/:id', (req, { id }) => {
    const principal = principalOf(state, req);
    if (principal.kind === 'refused') return principal.answer;
    const person = state.people.get(id!);
    if (person) {
      const page = principal.kind === 'page' ? principal.page : null;
      if (!page || (person.of !== page.id && person.of !== page.instagram?.id))
        return graphError(
          100,
          'Unsupported get request. Object does not exist or lacks permissions',
          33,
          400,
        );
      if (person.of === page.instagram?.id)
        return {
          json: {
            id: person.id,
            name: person.name,
            username: person.username,
            ...(person.picture ? { profile_pic: person.picture } : {}),
            is_verified_user: false,
          },
        };
      return {
        json: {
          id: person.id,
          first_name: person.firstName,
          last_name: person.lastName,
          name: person.name,
          ...(person.picture ? { profile_pic: person.picture } : {}),
        },
      };
    }
    const page = state.pages.get(id!);
    if (page) return { json: pageView(fake, page) };
    return graphError(100, 'Unsupported get request. Object does not exist', 33, 400);
  });

  // the Send API (Messenger and Instagram through the Page)
  fake.route('POST', '/:pageId/messages', async (req, { pageId }) => {
    const page = pageCall(state, req, pageId!);
    if (isAnswer(page)) return page;
    const body = req.body ?? {};
    const recipient = (body.recipient as { id?: string } | undefined)?.id ?? '';
    const person = state.people.get(recipient);
    if (!person || (person.of !== page.id && person.of !== page.instagram?.id))
      return graphError(100, 'No matching user found', 2018001, 400);
    if (body.sender_action) {
      state.sent.push({ pageId: page.id, token: req.token, body, messageId: null });
      return { json: { recipient_id: recipient } };
    }
    const messageId = `m_${randomBytes(16).toString('base64url')}`;
    const sent = { pageId: page.id, token: req.token, body, messageId };
    state.sent.push(sent);
    await state.beforeAnswer?.(sent);
    return { json: { recipient_id: recipient, message_id: messageId } };
  });

  fake.route('POST', '/:pageId/message_attachments', async (req, { pageId }) => {
    const page = pageCall(state, req, pageId!);
    if (isAnswer(page)) return page;
    const form = await new Response(new Uint8Array(req.raw), {
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
    }).formData();
    const file = form.get('filedata');
    const message = JSON.parse(String(form.get('message') ?? '{}')) as Record<string, unknown>;
    if (!(file instanceof Blob)) return graphError(100, 'filedata is required', undefined, 400);
    const attachmentId = nextId('7');
    state.uploads.push({
      pageId: page.id,
      attachmentId,
      message,
      platform: form.get('platform') === null ? null : String(form.get('platform')),
      name: file instanceof File ? file.name : '',
      mimetype: file.type,
      size: file.size,
    });
    return { json: { attachment_id: attachmentId } };
  });

  return state;
}
