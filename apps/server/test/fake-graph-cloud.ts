import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { graphError, type FakeGraph, type GraphRequest } from './fake-graph';

/**
 * The WhatsApp Cloud API on the fake Graph server (issue 25 part 6): numbers and their WABAs,
 * subscribed_apps, message templates, POST /{pnid}/messages (every body kept), media uploads
 * (multipart) and received media behind urls that expire after 5 minutes, plus builders of the
 * webhook payloads Meta sends for messages, statuses and coexistence echoes.
 * Paths: GET /:id answers a number or a media id; the media bytes are at /cloud-media/:id.
 */

export interface CloudNumber {
  phoneNumberId: string;
  wabaId: string;
  token: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
}

/** A template as Meta lists it. */
export interface FakeTemplate {
  name: string;
  language: string;
  status?: string;
  category?: string;
  components: { type: string; format?: string; text?: string }[];
}

/** A file uploaded to a number (POST /{pnid}/media). */
export interface CloudUpload {
  id: string;
  phoneNumberId: string;
  type: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/** A file a customer sent, waiting at Meta (GET /{media-id}). */
interface ReceivedMedia {
  phoneNumberId: string;
  bytes: Buffer;
  mimetype: string;
}

interface CloudState {
  numbers: Map<string, CloudNumber>;
  templates: Map<string, FakeTemplate[]>;
  subscribed: Set<string>;
  /** bodies POSTed to /{pnid}/messages, oldest first (read receipts included) */
  sent: { phoneNumberId: string; body: Record<string, unknown> }[];
  uploads: Map<string, CloudUpload>;
  media: Map<string, ReceivedMedia>;
  /** Embedded Signup codes -> the business token they give */
  codes: Map<string, string>;
  /** how long a media url works */
  urlLifetimeMs: number;
}

const STATE = 'cloud';

/** The Cloud API's state on a fake (installCloud first). */
export function cloudState(fake: FakeGraph): CloudState {
  const state = fake.state.get(STATE) as CloudState | undefined;
  if (!state) throw new Error('installCloud(fake) first');
  return state;
}

const digits = (n: number) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));
export const wamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

/** 190 as Meta answers a token it refuses. */
const badToken = () =>
  graphError(190, 'Invalid OAuth access token - Cannot parse access token', undefined, 401);

function parts(req: GraphRequest): { name: string; filename?: string; type?: string; data: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return [];
  const found: { name: string; filename?: string; type?: string; data: Buffer }[] = [];
  const delimiter = Buffer.from(`--${mark}`);
  let at = req.raw.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = req.raw.indexOf(delimiter, start);
    if (next === -1) break;
    const part = req.raw.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
      found.push({ name, filename, type, data: part.subarray(split + 4) });
    }
    at = next;
  }
  return found;
}

/**
 * Installs the Cloud API routes on a fake. `signup` also answers GET /oauth/access_token for
 * Embedded Signup codes (addSignupCode) - off by default, as the Pages routes answer it too.
 */
export function installCloud(fake: FakeGraph, options: { signup?: boolean } = {}): CloudState {
  const state: CloudState = {
    numbers: new Map(),
    templates: new Map(),
    subscribed: new Set(),
    sent: [],
    uploads: new Map(),
    media: new Map(),
    codes: new Map(),
    urlLifetimeMs: 5 * 60_000,
  };
  fake.state.set(STATE, state);
  const wabaToken = (wabaId: string, token: string) =>
    [...state.numbers.values()].some((n) => n.wabaId === wabaId && n.token === token);

  if (options.signup) {
    fake.route('GET', '/oauth/access_token', (req) => {
      if (req.query.get('client_id') !== fake.appId || req.query.get('client_secret') !== fake.appSecret)
        return graphError(101, 'Error validating application. Invalid application ID.');
      const token = state.codes.get(req.query.get('code') ?? '');
      // not a signup code: the Pages fake's login codes (when both are installed) come next
      if (!token)
        return fake.requestsTo(/^\/dialog\/oauth/).length
          ? null
          : graphError(100, 'Invalid verification code format.', 36007);
      state.codes.delete(req.query.get('code') ?? '');
      return { json: { access_token: token, token_type: 'bearer' } };
    });
  }

  // a number (GET /{pnid}?fields=...) or a received file (GET /{media-id})
  fake.route('GET', '/:id', (req, { id }) => {
    const number = state.numbers.get(id!);
    if (number) {
      if (req.token !== number.token) return badToken();
      return {
        json: {
          id: number.phoneNumberId,
          display_phone_number: number.displayPhoneNumber,
          verified_name: number.verifiedName,
          quality_rating: number.qualityRating,
        },
      };
    }
    const media = state.media.get(id!);
    if (media) {
      if (req.token !== state.numbers.get(media.phoneNumberId)?.token) return badToken();
      const expires = Date.now() + state.urlLifetimeMs;
      return {
        json: {
          messaging_product: 'whatsapp',
          url: `${fake.url}/cloud-media/${id}?expires=${expires}&sig=${randomBytes(6).toString('hex')}`,
          mime_type: media.mimetype,
          sha256: createHash('sha256').update(media.bytes).digest('hex'),
          file_size: media.bytes.length,
          id,
        },
      };
    }
    // not a number or file of ours: a Page or a person of the Pages fake, when it is installed too
    return null;
  });

  fake.route('GET', '/cloud-media/:id', (req, { id }) => {
    const media = state.media.get(id!);
    if (!media || Number(req.query.get('expires')) < Date.now()) return { status: 404, json: {} };
    if (req.token !== state.numbers.get(media.phoneNumberId)?.token) return { status: 401, json: {} };
    return { raw: { body: media.bytes, type: media.mimetype } };
  });

  fake.route('POST', '/:wabaId/subscribed_apps', (req, { wabaId }) => {
    if (![...state.numbers.values()].some((n) => n.wabaId === wabaId)) return null;
    if (!wabaToken(wabaId!, req.token)) return badToken();
    state.subscribed.add(wabaId!);
    return { json: { success: true } };
  });

  fake.route('GET', '/:wabaId/message_templates', (req, { wabaId }) => {
    if (!wabaToken(wabaId!, req.token)) return badToken();
    const all = state.templates.get(wabaId!) ?? [];
    const limit = Number(req.query.get('limit') ?? 25);
    const from = Number(req.query.get('after') ?? 0);
    const page = all.slice(from, from + limit);
    const after = from + page.length;
    return {
      json: {
        data: page.map((t) => ({ id: digits(15), status: 'APPROVED', category: 'MARKETING', ...t })),
        paging: {
          cursors: { before: String(from), after: String(after) },
          ...(after < all.length ? { next: `${fake.url}/${wabaId}/message_templates?after=${after}` } : {}),
        },
      },
    };
  });

  fake.route('POST', '/:pnid/messages', (req, { pnid }) => {
    const number = state.numbers.get(pnid!);
    // not a number of ours: a Page's Send API, when the Pages fake is installed too
    if (!number) return null;
    if (req.token !== number.token) return badToken();
    const body = req.body ?? {};
    state.sent.push({ phoneNumberId: pnid!, body });
    if (body.status === 'read') return { json: { success: true } };
    const to = typeof body.to === 'string' ? body.to : undefined;
    return {
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to ?? body.recipient, ...(to ? { wa_id: to } : {}) }],
        messages: [{ id: wamid() }],
      },
    };
  });

  fake.route('POST', '/:pnid/media', (req, { pnid }) => {
    const number = state.numbers.get(pnid!);
    if (!number)
      return graphError(100, `Unsupported post request. Object with ID '${pnid}' does not exist`, 33);
    if (req.token !== number.token) return badToken();
    const fields = parts(req);
    const file = fields.find((p) => p.name === 'file');
    const product = fields.find((p) => p.name === 'messaging_product')?.data.toString();
    if (!file || product !== 'whatsapp') return graphError(100, 'Param file is required');
    const id = digits(16);
    state.uploads.set(id, {
      id,
      phoneNumberId: pnid!,
      type: fields.find((p) => p.name === 'type')?.data.toString() ?? '',
      filename: file.filename ?? '',
      mimetype: file.type ?? '',
      bytes: Buffer.from(file.data),
    });
    return { json: { id } };
  });
  return state;
}

/** Adds a number (with its WABA and token) the fake knows. */
export function addCloudNumber(fake: FakeGraph, input: Partial<CloudNumber> = {}): CloudNumber {
  const number: CloudNumber = {
    phoneNumberId: input.phoneNumberId ?? digits(15),
    wabaId: input.wabaId ?? digits(15),
    token: input.token ?? `EAAG${randomBytes(24).toString('base64url')}`,
    displayPhoneNumber: input.displayPhoneNumber ?? `+62 811-${digits(4)}-${digits(4)}`,
    verifiedName: input.verifiedName ?? 'Toko Uji',
    qualityRating: input.qualityRating ?? 'GREEN',
  };
  cloudState(fake).numbers.set(number.phoneNumberId, number);
  return number;
}

/** Sets the approved (or other) templates of a WABA. */
export function setTemplates(fake: FakeGraph, wabaId: string, templates: FakeTemplate[]): void {
  cloudState(fake).templates.set(wabaId, templates);
}

/** An Embedded Signup code that gives `token` (installCloud with signup). */
export function addSignupCode(fake: FakeGraph, token: string): string {
  const code = `code-${randomBytes(8).toString('hex')}`;
  cloudState(fake).codes.set(code, token);
  return code;
}

/** A file a customer sends: its media id for a webhook payload. */
export function addReceivedMedia(
  fake: FakeGraph,
  number: CloudNumber,
  bytes: Buffer,
  mimetype: string,
): string {
  const id = digits(16);
  cloudState(fake).media.set(id, { phoneNumberId: number.phoneNumberId, bytes, mimetype });
  return id;
}

/** Message sends of a number (read receipts left out), oldest first. */
export function cloudSends(fake: FakeGraph, number?: CloudNumber): Record<string, unknown>[] {
  return cloudState(fake)
    .sent.filter((s) => !number || s.phoneNumberId === number.phoneNumberId)
    .filter((s) => s.body.status !== 'read')
    .map((s) => s.body);
}

// ---- webhook payloads (channels reference §3.2) ----

/** Who writes: a phone number (wa_id), a business-scoped user id, or both. */
export interface CloudSender {
  waId?: string;
  userId?: string;
  name?: string;
  username?: string;
}

const seconds = (at: Date = new Date()) => String(Math.floor(at.getTime() / 1000));

function delivery(number: CloudNumber, field: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field,
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: number.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function contactOf(sender: CloudSender) {
  return {
    profile: {
      ...(sender.name ? { name: sender.name } : {}),
      ...(sender.username ? { username: sender.username } : {}),
    },
    ...(sender.waId ? { wa_id: sender.waId } : {}),
    ...(sender.userId ? { user_id: sender.userId } : {}),
  };
}

/**
 * A customer's message of `type` with its content (`{body}` for text, `{id, mime_type, caption}` for
 * media...); `extra` adds context, errors or overrides the id and timestamp.
 */
export function inboundMessage(
  sender: CloudSender,
  type: string,
  content?: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...(sender.waId ? { from: sender.waId } : {}),
    ...(sender.userId ? { from_user_id: sender.userId } : {}),
    id: wamid(),
    timestamp: seconds(),
    type,
    ...(content === undefined ? {} : { [type]: content }),
    ...extra,
  };
}

/** A 'messages' notification with customers' messages (one sender's contact entry). */
export function messagesDelivery(number: CloudNumber, sender: CloudSender, messages: unknown[]) {
  return delivery(number, 'messages', { contacts: [contactOf(sender)], messages });
}

/** A status of one of the number's messages, with its pricing category or errors when given. */
export function cloudStatus(
  id: string,
  status: 'sent' | 'delivered' | 'read' | 'played' | 'failed',
  options: { recipient?: string; category?: string; errors?: unknown[]; at?: Date } = {},
): Record<string, unknown> {
  return {
    id,
    status,
    timestamp: seconds(options.at),
    recipient_id: options.recipient ?? '6281200000000',
    ...(options.category
      ? {
          conversation: { id: randomBytes(8).toString('hex'), origin: { type: options.category } },
          pricing: { billable: true, pricing_model: 'PMP', category: options.category, type: 'regular' },
        }
      : {}),
    ...(options.errors ? { errors: options.errors } : {}),
  };
}

/** A 'messages' notification with statuses only. */
export function statusesDelivery(number: CloudNumber, statuses: unknown[]) {
  return delivery(number, 'messages', { statuses });
}

/** An 'smb_message_echoes' notification: what the business typed in the WhatsApp Business app. */
export function echoesDelivery(number: CloudNumber, to: CloudSender, echoes: Record<string, unknown>[]) {
  return delivery(number, 'smb_message_echoes', {
    message_echoes: echoes.map((echo) => ({
      from: number.displayPhoneNumber.replace(/\D/g, ''),
      ...(to.waId ? { to: to.waId } : {}),
      ...(to.userId ? { to_user_id: to.userId } : {}),
      id: wamid(),
      timestamp: seconds(),
      ...echo,
    })),
  });
}

/**
 * POSTs a delivery to the app's /webhooks/meta as Meta does (raw JSON text, X-Hub-Signature-256 with
 * the fake's app secret) through inject; the caller drains the jobs to process it.
 */
export async function deliverToApp(app: FastifyInstance, fake: FakeGraph, payload: unknown) {
  const raw = JSON.stringify(payload);
  const res = await app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(raw) },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
}

// ---- the app's side ----

/** The Meta app settings of a test app talking to this fake. */
export function metaEnv(fake: FakeGraph): Record<string, string> {
  return {
    META_APP_ID: fake.appId,
    META_APP_SECRET: fake.appSecret,
    META_VERIFY_TOKEN: 'token-verifikasi-uji',
    META_GRAPH_URL: fake.url,
    META_DIALOG_URL: fake.url,
  };
}

/** Links a fake number to the owner behind `token` through the connect form; answers the account. */
export async function linkCloud(
  app: FastifyInstance,
  token: string,
  number: CloudNumber,
  labelName = 'Nomor Cloud',
): Promise<{ _id: string; channel: { needsRelink: boolean } | null } & Record<string, unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/whatsapp-cloud',
    headers: { token },
    payload: {
      labelName,
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: number.token,
    },
  });
  if (res.statusCode !== 201) throw new Error(`cloud link failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
