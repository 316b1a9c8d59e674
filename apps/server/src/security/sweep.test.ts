import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryId } from '@sapa/contracts';
import { drainJobs, json, newOwner, useTestApp, verifiedOwner } from '../../test/helpers';
import { fillPath, paramKey, paramsOf, routeTable, type RouteEntry } from '../../test/route-table';
import {
  adminSession,
  changedTables,
  seedTenant,
  tenantSnapshotter,
  type Tenant,
} from '../../test/tenant-fixture';
import { multipart } from '../../test/uploads';

/**
 * Issue 18 'Safe by default': the cross-tenant and cross-role sweep. Every route under /api, read
 * from the server's own route table (a new route cannot be missed), is called by a stranger
 * (anonymous), by tenant A's owner and agent, by the operator and by the holder of A's simulator
 * link, with tenant B's ids; then by B's owner and agent with A's ids. A call naming the other
 * tenant's thing in its path must be refused (401/403/404); no call may answer 500, show any of the
 * other tenant's ids or texts, or change any of its rows.
 *
 * A new route with a path parameter fails the first test until PARAM_KINDS says which kind of id it
 * holds; a route taking ids in its body or query deserves a plan in PLANS with a plausible body
 * (otherwise it gets a generic one).
 */

/** The kinds of id a tenant has. */
type Kind =
  | 'chat'
  | 'message'
  | 'label'
  | 'template'
  | 'agent'
  | 'group'
  | 'contact'
  | 'account'
  | 'media'
  | 'import'
  | 'status'
  | 'broadcast'
  | 'optOut'
  | 'transaction'
  | 'withdrawal'
  | 'owner'
  | 'article';

/**
 * Articles are the operators' own content, global, no tenant's: the tenants have none, so an article
 * parameter gets an id that no article has (the operator's calls answer 404, everyone else's 401/403).
 */
const NO_ARTICLE = 'artikel-yang-tidak-ada';

const idOf = (tenant: Tenant, kind: Kind): string =>
  ({
    chat: tenant.chatId,
    message: tenant.messageId,
    label: tenant.label.id,
    template: tenant.template.id,
    agent: tenant.agent.id,
    group: tenant.group.id,
    contact: tenant.contact.id,
    account: tenant.accountId,
    media: tenant.media.key,
    import: tenant.importId,
    status: tenant.statusPost.id,
    broadcast: tenant.broadcast.id,
    optOut: tenant.optOut.id,
    transaction: tenant.transactionId,
    withdrawal: tenant.withdrawalId,
    owner: tenant.owner.id,
    article: NO_ARTICLE,
  })[kind];

/**
 * Which kind of id each path parameter holds, by the path up to and including it (`:id` is a chat
 * under /chat, a group under /group). A route whose parameter is not here fails the sweep: add it.
 */
const PARAM_KINDS: Record<string, Kind> = {
  '/api/chat/:id': 'chat',
  '/api/chat/:id/message/:messageId': 'message',
  '/api/chat/label/:id': 'label',
  '/api/chat/template/:id': 'template',
  '/api/account/:id': 'account',
  '/api/account/whatsapp/:id': 'account',
  '/api/agent/:id': 'agent',
  '/api/group/:id': 'group',
  '/api/group/:id/contact/:contactId': 'contact',
  '/api/group/excel/contact/:id': 'import',
  '/api/media/:key': 'media',
  '/api/publication/status/:id': 'status',
  '/api/publication/broadcast/:id': 'broadcast',
  '/api/publication/opt-out/:id': 'optOut',
  '/api/report/broadcast/:id': 'broadcast',
  '/api/sandbox/account/:id': 'account',
  '/api/transaction/:id': 'transaction',
  '/api/admin/transaction/:id': 'transaction',
  '/api/admin/withdrawal/:id': 'withdrawal',
  '/api/admin/user/:id': 'owner',
  '/api/admin/affiliate/:id': 'owner',
  // an operator's id (issue 23): a tenant's owner id there names no operator (404 for the operator)
  '/api/admin/operator/:id': 'owner',
  '/api/admin/article/:id': 'article',
  '/api/article/:slug': 'article',
  // a tenant's chat file key on the article images route: never served there (404)
  '/api/article/cover/:key': 'media',
  // the public API (issue 26): a chat and a broadcast of the token's number, the owner's contacts and groups
  '/api/v1/chats/:id': 'chat',
  '/api/v1/contacts/:id': 'contact',
  '/api/v1/groups/:id': 'group',
  '/api/v1/groups/:id/contacts/:contactId': 'contact',
  '/api/v1/broadcasts/:id': 'broadcast',
  // a webhook delivery (issue 26): the tenants' fixtures have none, so a message id stands in for one
  // (it names no delivery: 404 for everyone, the owner too)
  '/api/account/whatsapp/:id/webhook/deliveries/:deliveryId': 'message',
};

/** Routes anyone may call without a session, and why. They are still swept for 500s, leaks and changes. */
const PUBLIC: Record<string, string> = {
  '/api/health': 'liveness probe for the supervisor and load balancer',
  '/api/ready': 'readiness probe for the supervisor and load balancer',
  '/api/config': "the web app's public settings, read before anyone signs in",
  '/api/openapi.json':
    'the OpenAPI document of this API (issue 19): routes and shapes generated from the contracts, never data',
  '/api/v1/openapi.json':
    "the public API's OpenAPI document (issue 26): the /api/v1 part of the one above, read by developers and /user/documentation before any token; shapes, never data",
  '/api/auth/register': 'signing up: the visitor has no session yet',
  '/api/auth/register/verify': 'finishing a sign-up with the mailed code: the visitor has no session yet',
  '/api/auth/login': 'signing in: the visitor has no session yet',
  '/api/auth/admin/login': 'the operator signing in',
  '/api/auth/reset-password/request': 'a forgotten password: the visitor cannot sign in',
  '/api/auth/reset-password': "setting a new password with the mailed link's token",
  '/api/midtrans/notification':
    "Midtrans' HTTP notifications: believed only when signed with the operator's server key, and then only the status Midtrans' own status API gives is applied",
  '/api/media/:key':
    "files are served to <img>/<audio src>, which cannot send the token header: the random key is the secret (a capability URL), so B's key opens B's file by design; a wrong key is 404",
  '/api/article':
    'the published articles for the public page /artikel (issue 23): operator content, no tenant data, drafts never listed',
  '/api/article/:slug':
    'one published article for /artikel/{slug}, read by visitors and crawlers without an account; a draft or another slug is 404',
  '/api/article/cover/:key':
    "article images for <img src> on the public pages: only 'cover-' keys of the media store, never a chat file or a transfer proof",
};

/** Operator tools that show every tenant's data to the operator (and only to them), and why. */
const OPERATOR_READS: Record<string, string> = {
  '/api/admin/mailbox':
    "the dev mailbox (no SMTP configured): the mail the server would have sent to every tenant, the operator's tool",
  '/api/admin/transaction': "every owner's purchases: the operator confirms transfers and answers questions",
  '/api/admin/transaction/:id': 'one purchase with its owner, for the operator',
  '/api/admin/transaction/:id/proof': "a transfer's proof, which the operator checks before confirming",
  '/api/admin/transaction/:id/midtrans': "Midtrans' own status of a purchase, for the operator",
  '/api/admin/transaction/:id/invoice': "any paid purchase's invoice, which the operator may resend",
  '/api/admin/withdrawal': "referrers' payout requests, which the operator pays",
  '/api/admin/user': "every owner with their state and counts: the admin area's users page (issue 23)",
  '/api/admin/user/:id':
    "one owner with their numbers, agents, purchases and subscription changes, for the operator's support",
  '/api/admin/affiliate': 'the referrers with what their links brought, for the operator who pays them',
  '/api/admin/affiliate/:id': 'the owners one referrer brought, with their commissions',
  '/api/admin/audit':
    "the operators' own writes, which name the owners, purchases and payouts they changed (issue 23)",
  '/api/admin/operator': 'the operators themselves (no tenant data)',
  '/api/admin/setting/site': "the whole site's beta pages and links (no tenant data)",
  '/api/admin/article': "the operators' articles, drafts included: global content, no tenant's",
  '/api/admin/article/:id': "one of the operators' articles, for the editor",
};

/**
 * Operator tools that change a tenant's rows on purpose (the admin area's payment desk), and why:
 * the operator's calls are not held to 'nothing of the victim changed'; everyone else's still are.
 */
const OPERATOR_WRITES: Record<string, string> = {
  '/api/admin/transaction/:id/confirm': "the money of a bank transfer arrived: the owner's purchase is paid",
  '/api/admin/transaction/:id/reject': 'no money arrived for a transfer: the purchase fails with a reason',
  '/api/admin/transaction/:id/cancel': 'the operator cancels a purchase waiting for payment',
  '/api/admin/withdrawal/:id/approve': "the operator approves a referrer's payout",
  '/api/admin/withdrawal/:id/paid': 'the operator paid a payout, with the transfer reference',
  '/api/admin/withdrawal/:id/reject': 'the operator refuses a payout, with a reason',
  '/api/admin/user/:id/subscription': "the operator extends or ends an owner's subscription, with a reason",
  '/api/admin/user/:id/disable':
    'the operator disables an owner (a spare one here, so B keeps its sessions): they and their agents are signed out',
  '/api/admin/user/:id/enable': 'the operator lets a disabled owner and their agents sign in again',
  '/api/admin/user/:id/beta': "the operator opens the beta pages for an owner (their row's flag)",
  '/api/admin/operator': 'the operator adds another operator (no tenant data)',
  '/api/admin/operator/:id/disable': 'the operator disables another operator (no tenant data)',
  '/api/admin/operator/:id/enable': 'the operator enables another operator (no tenant data)',
  '/api/admin/setting/site': "the operator sets the site's beta pages and links (no tenant data)",
  // the operator's article tools (issue 23), answered whatever the tenant under attack; articles
  // are no tenant's rows, so these change nothing of any tenant
  '/api/admin/article/:id/publish': 'the operator publishes an article on the public pages',
  '/api/admin/article/:id/unpublish': 'the operator takes an article off the public pages',
  '/api/admin/article/cover': "an image for an article, kept in the media store under no tenant's name",
};

/** Calls that end the session they are made with: made with a second session of the same person. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

/** One call of a route: which side each path parameter takes, and what goes in the query and body. */
interface Call {
  note?: string;
  /** 'own' fills that parameter with the caller's tenant's id (default: the other tenant's). */
  params?: Partial<Record<string, 'own'>>;
  /** Overrides the kind of id a parameter holds for this call. */
  kinds?: Record<string, Kind>;
  /** Literal values for parameters (not a tenant's id). */
  values?: Record<string, string>;
  /** The statuses this call must get (instead of the rules of the sweep). */
  expect?: number[];
  query?: Partial<Record<string, string | string[]>>;
  body?: unknown;
  upload?: { filename: string; type: string; data: string };
  /**
   * The call names the other tenant's thing in its query or body and means it (start a chat on B's
   * account): it must be refused, 400 included, not merely answered without B's data.
   */
  refused?: boolean;
}

/** How to call a route: v is the tenant under attack, own the caller's (A or B; for the others, A). */
type Plan = (v: Tenant, own: Tenant) => Call[];

const PLANS: Record<string, Plan> = {
  // ---- auth (public) ----
  'POST /api/auth/register': (v) => [
    { body: { name: 'Penyusup', email: v.owner.email, phone: v.owner.phone, password: 'rahasia123' } },
    { note: 'a fresh owner', body: newOwner() },
  ],
  'POST /api/auth/register/verify': (v) => [{ body: { email: v.owner.email, code: '000000' } }],
  'POST /api/auth/login': (v) => [{ body: { identifier: v.owner.email, password: 'salah-sekali' } }],
  'POST /api/auth/admin/login': () => [{ body: { username: 'operator', password: 'salah-sekali' } }],
  'POST /api/auth/reset-password/request': (v) => [{ body: { email: v.owner.email } }],
  'POST /api/auth/reset-password': () => [{ body: { token: 'bukan-token-sah', password: 'rahasia123' } }],
  'POST /api/auth/logout': () => [{}],

  // ---- the caller's own profile ----
  'PATCH /api/user': () => [{ body: { name: 'Nama Baru Sapu' } }],
  'POST /api/user/verify': () => [{ body: { code: '000000' } }],
  'PATCH /api/admin': () => [{ body: { name: 'Operator Sapu' } }],

  // ---- a number's webhook (issue 26): a public-looking URL (no DNS here: the owner's own call is 400) ----
  'PUT /api/account/whatsapp/:id/webhook': () => [{ body: { url: 'https://webhook.contoh.test/sapa' } }],

  // ---- the operator's payment desk (issue 22) ----
  'POST /api/admin/transaction/:id/reject': () => [{ body: { reason: 'Dana tidak masuk ke rekening' } }],
  'POST /api/admin/withdrawal/:id/paid': () => [{ body: { transferReference: 'TRF-0001' } }],
  'POST /api/admin/withdrawal/:id/reject': () => [{ body: { reason: 'Rekening tidak sesuai' } }],
  'POST /api/admin/article': () => [
    {
      body: {
        title: 'Artikel Sapu',
        slug: 'artikel-sapu',
        summary: 'Ringkasan',
        bodyHtml: '<p>Isi <script>alert(1)</script></p>',
      },
    },
  ],
  'PUT /api/admin/article/:id': () => [
    { body: { title: 'Artikel Sapu', slug: 'artikel-sapu-baru', summary: '', bodyHtml: '<p>Isi</p>' } },
  ],
  'POST /api/admin/article/cover': () => [
    { upload: { filename: 'sampul.gif', type: 'image/gif', data: 'GIF89a\x01\x00\x01\x00\x00\x00\x00;' } },
  ],
  'GET /api/article': () => [{ query: { page: '1', limit: '5' } }],
  'PUT /api/admin/user/:id/subscription': () => [
    { body: { expiresAt: '2027-01-31T10:00:00.000+07:00', reason: 'Kompensasi gangguan layanan' } },
  ],

  // ---- the admin area (issue 23) ----
  'GET /api/admin/user': (v) => [
    { query: { q: v.owner.name } },
    { note: 'by state', query: { state: 'trial' } },
  ],
  // a spare owner: disabling B would end B's sessions, which the sweeps after this one use
  'POST /api/admin/user/:id/disable': () => [
    { note: 'a spare owner', values: { id: spareOwnerId }, body: { reason: 'Uji sapu keamanan' } },
  ],
  'POST /api/admin/user/:id/enable': () => [{}, { note: 'a spare owner', values: { id: spareOwnerId } }],
  'PUT /api/admin/user/:id/beta': () => [{ body: { isBetaUser: true } }],
  'GET /api/admin/affiliate': (v) => [{ query: { q: v.owner.email } }],
  'GET /api/admin/audit': (v) => [{ query: { targetType: 'transaction', targetId: v.transactionId } }],
  'POST /api/admin/operator': () => [
    { body: { name: 'Operator Sapu', username: `sapu-${temporaryId()}`, password: 'rahasia-sapu-1' } },
  ],
  'POST /api/admin/operator/:id/disable': () => [
    {},
    { note: 'the operator themself', values: { id: operatorId } },
  ],
  'PUT /api/admin/setting/site': () => [
    {
      body: {
        betaPaths: ['/user/integration/instagram', '/user/integration/messenger'],
        links: {
          tutorial: 'https://contoh.test/tutorial',
          customerService: 'https://wa.me/6281100000000',
          article: '/artikel',
        },
      },
    },
  ],

  // ---- chats ----
  'GET /api/chat': (v) => [
    { query: { accountIds: v.accountId, labelIds: v.label.id, agentIds: v.agent.id } },
    { note: 'search', query: { search: v.customer.name } },
  ],
  'POST /api/chat/new': (v) => [
    {
      refused: true,
      body: { accountId: v.accountId, phoneNumber: v.customer.phone, text: 'Halo dari penyusup' },
    },
  ],
  'GET /api/chat/:id/message': () => [{ query: { page: '1', limit: '50' } }],
  'POST /api/chat/:id/message': (v) => [
    { body: { temporaryId: temporaryId(), text: 'Pesan penyusup' } },
    {
      note: 'own chat, quoting their message',
      params: { id: 'own' },
      body: { temporaryId: temporaryId(), text: 'Kutip', quotedMessageId: v.messageId },
    },
    {
      note: 'own chat, their photo',
      params: { id: 'own' },
      body: { temporaryId: temporaryId(), type: 'image', text: '', image: { url: v.media.url } },
    },
  ],
  'POST /api/chat/:id/message/read': () => [{ body: {} }],
  'POST /api/chat/:id/assign': (v, own) => [
    { body: { agentId: own.agent.id } },
    { note: 'their agent', body: { agentId: v.agent.id } },
    { note: 'own chat, their agent', params: { id: 'own' }, body: { agentId: v.agent.id } },
  ],
  'POST /api/chat/:id/unassign': () => [{ body: {} }],
  'PUT /api/chat/:id/state': () => [
    { body: { state: 'resolved' } },
    {
      note: 'snooze',
      body: { state: 'snoozed', snoozedUntil: new Date(Date.now() + 86_400_000).toISOString() },
    },
  ],
  'POST /api/chat/:id/note': (v) => [
    { body: { text: 'Catatan penyusup' } },
    {
      note: 'own chat, mentioning their agent',
      params: { id: 'own' },
      refused: true,
      body: { text: 'Catatan', mentions: [v.agent.id] },
    },
  ],
  'PUT /api/notification/read': () => [{ body: {} }],
  'PUT /api/agent/me/availability': () => [{ body: { available: false } }],
  'PUT /api/account/:id/round-robin': () => [{ body: { enabled: true } }],
  'PUT /api/account/:id/auto-reply': () => [
    {
      body: {
        hours: [{ day: 1, open: '08:00', close: '17:00' }],
        awayEnabled: true,
        awayText: 'Balasan penyusup',
        greetingEnabled: false,
        greetingText: '',
      },
    },
  ],
  'PUT /api/chat/:id/contact': (v, own) => [
    { body: { name: 'Diganti Penyusup', note: 'disusupi', labelIds: [own.label.id] } },
    { note: 'own chat, their label', params: { id: 'own' }, body: { labelIds: [v.label.id] } },
  ],

  // ---- labels and templates ----
  'GET /api/chat/label': (v) => [{ query: { search: v.label.name } }],
  'GET /api/chat/label/ids': (v) => [{ query: { ids: v.label.id } }],
  'POST /api/chat/label': () => [{ body: { name: `Label Penyusup ${temporaryId()}`, color: '#000000' } }],
  'PUT /api/chat/label/:id': () => [{ body: { name: 'Diubah Penyusup', color: '#000000' } }],
  'GET /api/chat/template': (v) => [{ query: { search: v.template.title } }],
  'POST /api/chat/template': () => [{ body: { title: `Template Penyusup ${temporaryId()}`, text: 'x' } }],
  'PUT /api/chat/template/:id': () => [{ body: { title: 'Diubah Penyusup', text: 'x' } }],

  // ---- media ----
  'GET /api/media/:key': () => [
    {},
    { note: 'a wrong key', values: { key: 'bukanKunciYangAdaSamaSekaliXXXXX.png' }, expect: [404] },
  ],
  'POST /api/chat/media': () => [
    { upload: { filename: 'catatan.txt', type: 'text/plain', data: 'catatan' } },
  ],

  // ---- agents ----
  'GET /api/agent': (v) => [{ query: { search: v.agent.name } }],
  'POST /api/agent': () => {
    const input = newOwner({ name: 'Agen Penyusup' });
    return [{ body: { name: input.name, email: input.email, phone: input.phone, password: input.password } }];
  },
  'PUT /api/agent/:id': () => [{ body: { name: 'Diubah Penyusup', email: newOwner().email } }],
  'PUT /api/agent/:id/verification': () => [{ body: { code: '123456' } }],

  // ---- accounts ----
  'POST /api/account/whatsapp': () => [{ body: { labelName: 'Nomor Penyusup', method: 'qr' } }],
  'POST /api/account/whatsapp/:id/link': () => [{ body: { method: 'qr' } }],
  'POST /api/account/whatsapp/:id/test': () => [{ body: { phoneNumber: '6281299990000', text: 'uji' } }],
  'POST /api/account/whatsapp-cloud': () => [
    {
      body: {
        labelName: 'Nomor Cloud Penyusup',
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        token: `EAAG${'x'.repeat(40)}`,
      },
    },
  ],
  'PUT /api/account/:id': () => [{ body: { labelName: 'Diubah Penyusup' } }],

  // ---- Meta integration (issue 25): linking is the owner's own; a state is bound to its session ----
  'POST /api/integration/meta/login': () => [
    { body: { kind: 'messenger' } },
    { body: { kind: 'instagram' } },
  ],
  'POST /api/integration/meta/callback': () => [
    { body: { kind: 'messenger', state: 'bukan-state-sah', code: 'kode-palsu' } },
    {
      note: 'refused in the dialog',
      body: { kind: 'instagram', state: 'bukan-state-sah', error: 'access_denied' },
    },
  ],

  // ---- contacts and groups ----
  'GET /api/contact/chat': (v) => [{ query: { search: v.customer.name } }],
  'POST /api/contact/chat/export': (v) => [{ query: { search: v.customer.name } }],
  'GET /api/group': (v) => [{ query: { search: v.group.name } }],
  'GET /api/group/contact': (v) => [{ query: { search: v.contact.name } }],
  'POST /api/group': () => [{ body: { name: `Grup Penyusup ${temporaryId()}` } }],
  'PUT /api/group/:id': () => [{ body: { name: 'Diubah Penyusup' } }],
  'POST /api/group/:id/contact': () => [
    { body: { contacts: [{ name: 'Penyusup', phoneNumber: '6281299990001' }] } },
  ],
  'PUT /api/group/:id/contact': (v) => [
    // the spec's form: the contact's id in the path
    {
      note: 'their contact in the path',
      kinds: { id: 'contact' },
      body: { name: 'Diubah', phoneNumber: '6281299990002' },
    },
    // the older form: the group's id in the path, the contact's in the body
    {
      note: 'their group, their contact in the body',
      body: { contactId: v.contact.id, name: 'Diubah', phoneNumber: '6281299990002' },
    },
    {
      note: 'own group, their contact in the body',
      params: { id: 'own' },
      body: { contactId: v.contact.id, name: 'Diubah', phoneNumber: '6281299990002' },
    },
  ],
  'PUT /api/group/:id/contact/:contactId': () => [
    { body: { name: 'Diubah', phoneNumber: '6281299990003' } },
    {
      note: 'own group, their contact',
      params: { id: 'own' },
      body: { name: 'Diubah', phoneNumber: '6281299990003' },
    },
    {
      note: 'their group, own contact',
      params: { contactId: 'own' },
      body: { name: 'Diubah', phoneNumber: '6281299990003' },
    },
  ],
  'DELETE /api/group/:id/contact': (v) => [
    { query: { contactIds: v.contact.id } },
    { note: 'own group, their contact', params: { id: 'own' }, query: { contactIds: v.contact.id } },
  ],
  'POST /api/group/:id/column': () => [{ body: { name: 'KolomPenyusup' } }],
  'PUT /api/group/:id/column': (v) => [{ body: { oldName: v.group.column, newName: 'KolomPenyusup' } }],
  'DELETE /api/group/:id/column': (v) => [{ query: { name: v.group.column } }],
  'POST /api/group/:id/export': () => [{ body: {} }],

  // ---- status posts (issue 20 part 5) ----
  'GET /api/publication/status': (v) => [{ query: { search: v.statusPost.text } }],
  'POST /api/publication/status': (v, own) => [
    { refused: true, body: { accountId: v.accountId, type: 'text', text: 'Status penyusup' } },
    {
      note: 'own number, their group',
      refused: true,
      body: {
        accountId: own.accountId,
        type: 'text',
        text: 'Status penyusup',
        audience: 'groups',
        groupIds: [v.group.id],
      },
    },
  ],

  // ---- broadcasts (issue 20) ----
  'GET /api/publication/broadcast': (v) => [{ query: { search: v.broadcast.name } }],
  'GET /api/publication/opt-out': (v) => [{ query: { search: v.optOut.phone } }],
  'POST /api/publication/broadcast': (v, own) => [
    {
      refused: true,
      body: {
        name: 'Penyusup',
        accountIds: [v.accountId],
        phoneNumbers: own.customer.phone,
        message: { type: 'text', text: 'x' },
      },
    },
    {
      note: 'own number, their group',
      refused: true,
      body: {
        name: 'Penyusup',
        accountIds: [own.accountId],
        groupIds: [v.group.id],
        message: { type: 'text', text: 'x' },
      },
    },
  ],
  'POST /api/publication/broadcast/preview': (v, own) => [
    { refused: true, body: { accountIds: [v.accountId], phoneNumbers: own.customer.phone } },
    { note: 'their group', refused: true, body: { accountIds: [own.accountId], groupIds: [v.group.id] } },
  ],

  // ---- reports (issue 24): the month the tenants' broadcasts and status posts were made in ----
  'GET /api/report/broadcast': () => [{ query: { year: '2026', month: '3' } }],
  'GET /api/report/status': () => [{ query: { year: '2026', month: '3' } }],
  'GET /api/report/broadcast/:id/recipient': () => [{}, { note: 'by state', query: { state: 'pending' } }],
  // the exports (part 4): the same month, every row as .xlsx (the sweep reads the cells back)
  'GET /api/report/broadcast/export': () => [{ query: { year: '2026', month: '3' } }],
  'GET /api/report/status/export': () => [{ query: { year: '2026', month: '3' } }],

  // ---- imports ----
  'POST /api/group/excel/contact': () => [
    { upload: { filename: 'impor.csv', type: 'text/csv', data: 'Nama,Nomor\nOrang,6281299990004\n' } },
  ],
  'POST /api/group/excel/contact/:id/start': (v, own) => [
    { body: { groupId: own.group.id, mapping: [{ target: 'name' }, { target: 'phoneNumber' }] } },
    {
      note: 'own import into their group',
      params: { id: 'own' },
      body: { groupId: v.group.id, mapping: [{ target: 'name' }, { target: 'phoneNumber' }] },
    },
  ],

  // ---- the customer simulator ----
  'GET /api/sandbox/link': (v) => [{ refused: true, query: { accountId: v.accountId } }],
  'GET /api/sandbox/conversation': (v) => [
    { refused: true, query: { accountId: v.accountId, phoneNumber: v.customer.phone } },
  ],
  'POST /api/sandbox/account': (v) => [
    { refused: true, body: { accountId: v.accountId, type: 'instagram' } },
  ],
  'POST /api/sandbox/media': (v) => [
    {
      refused: true,
      query: { accountId: v.accountId },
      upload: { filename: 'catatan.txt', type: 'text/plain', data: 'catatan penyusup' },
    },
  ],
  'POST /api/sandbox/inbound': (v) => [
    {
      refused: true,
      body: { accountId: v.accountId, phoneNumber: v.customer.phone, name: 'Penyusup', text: 'menyusup' },
    },
    {
      note: 'deleting their customer message',
      refused: true,
      body: {
        type: 'deleted',
        accountId: v.accountId,
        phoneNumber: v.customer.phone,
        messageId: v.messageId,
      },
    },
  ],
  'PUT /api/sandbox/account/:id/restricted': () => [{ body: { restricted: true } }],

  // ---- the public API (issue 26): a number's API token; sessions are 401 ----
  'POST /api/v1/messages': (v) => [
    { note: "a new customer, from the caller's own number", body: { to: '6281299990077', text: 'Dari API' } },
    {
      note: 'quoting their message',
      refused: true,
      body: { to: '6281299990077', text: 'Kutip', quotedMessageId: v.messageId },
    },
    {
      note: 'their photo',
      refused: true,
      body: { to: '6281299990077', type: 'image', text: '', image: { url: v.media.url } },
    },
  ],
  'GET /api/v1/chats': () => [{ query: { limit: '100' } }],
  'GET /api/v1/chats/:id/messages': () => [{}, { note: 'own chat', params: { id: 'own' } }],
  'POST /api/v1/numbers/check': (v) => [{ body: { phones: [v.customer.phone] } }],
  'GET /api/v1/contacts': (v) => [
    { query: { q: v.contact.name } },
    { note: 'their group', refused: true, query: { groupId: v.group.id } },
  ],
  'POST /api/v1/contacts': (v, own) => [
    { refused: true, body: { groupId: v.group.id, name: 'Penyusup', phoneNumber: '6281299990078' } },
    {
      note: 'own group',
      body: { groupId: own.group.id, name: 'Kontak API', phoneNumber: '6281299990079' },
    },
  ],
  'PATCH /api/v1/contacts/:id': () => [{ body: { name: 'Diubah Penyusup', values: {} } }],
  'GET /api/v1/groups': (v) => [{ query: { q: v.group.name } }],
  'POST /api/v1/groups': () => [{ body: { name: `Grup API ${temporaryId()}` } }],
  'POST /api/v1/groups/:id/contacts': () => [
    { body: { contacts: [{ name: 'Penyusup', phoneNumber: '6281299990080' }] } },
  ],
  'DELETE /api/v1/groups/:id/contacts/:contactId': () => [
    {},
    { note: 'own group, their contact', params: { id: 'own' } },
    { note: 'their group, own contact', params: { contactId: 'own' } },
  ],
  'GET /api/v1/broadcasts': (v) => [{ query: { q: v.broadcast.name } }],
  'POST /api/v1/broadcasts': (v, own) => [
    {
      note: 'their group',
      refused: true,
      body: { name: 'Penyusup', groupIds: [v.group.id], message: { type: 'text', text: 'x' } },
    },
    {
      note: 'their photo',
      refused: true,
      body: {
        name: 'Penyusup',
        phoneNumbers: [own.customer.phone],
        message: { type: 'image', text: '', image: { url: v.media.url } },
      },
    },
  ],
  'POST /api/v1/media': () => [{ upload: { filename: 'catatan.txt', type: 'text/plain', data: 'catatan' } }],
};

/** For a route without a plan: the other tenant's ids under the names routes use for them. */
const genericCall = (method: string, v: Tenant): Call => {
  const ids = {
    accountId: v.accountId,
    chatId: v.chatId,
    messageId: v.messageId,
    agentId: v.agent.id,
    groupId: v.group.id,
    contactId: v.contact.id,
    importId: v.importId,
    labelIds: v.label.id,
    templateId: v.template.id,
  };
  return method === 'GET' || method === 'HEAD' || method === 'DELETE'
    ? { note: 'generic', query: ids }
    : { note: 'generic', query: { accountId: v.accountId }, body: { ...ids, labelIds: [v.label.id] } };
};

const planFor = (route: RouteEntry, v: Tenant, own: Tenant): Call[] => {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  const plan = PLANS[`${method} ${route.url}`];
  // without a plan: once plain (every id of theirs counts as a secret) and once with their ids
  return plan ? plan(v, own) : [{}, genericCall(route.method, v)];
};

const { t } = useTestApp({ listen: true });

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** headers of a second session (for ENDS_SESSION calls) */
  spare?: Record<string, string>;
  kind: 'anonymous' | 'session' | 'operator' | 'link' | 'apiToken';
}

let routes: RouteEntry[];
let a: Tenant;
let b: Tenant;
let admin: { token: string; spareToken: string };
/** the API tokens of A's and B's sandbox numbers (issue 26's public API) */
let apiTokens: { a: string; b: string };
/** the operator's own id, and an owner of neither tenant whom the operator may disable */
let operatorId: string;
let spareOwnerId: string;
let snapshot: (ownerId: string) => Promise<Record<string, string>>;

beforeAll(async () => {
  routes = routeTable(t.app).filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
  a = await seedTenant(t, 'A', '62812555');
  b = await seedTenant(t, 'B', '62812666');
  admin = await adminSession(t);
  operatorId = json<{ _id: string }>(
    await t.app.inject({ method: 'GET', url: '/api/admin', headers: { token: admin.token } }),
  )._id;
  spareOwnerId = (await verifiedOwner(t.app)).ownerId;
  snapshot = await tenantSnapshotter(t);
  const apiToken = async (tenant: Tenant) =>
    json<{ token: string }>(
      await t.app.inject({
        method: 'PUT',
        url: `/api/account/whatsapp/${tenant.accountId}/reset-token`,
        headers: { token: tenant.owner.token },
      }),
    ).token;
  apiTokens = { a: await apiToken(a), b: await apiToken(b) };
  await drainJobs(t);
}, 60_000);

/** The kind of id each path parameter of a route holds; unknown ones are listed in `missing`. */
function kindsOf(url: string, missing: string[]): Record<string, Kind> {
  const kinds: Record<string, Kind> = {};
  for (const param of paramsOf(url)) {
    const key = paramKey(url, param);
    const kind = PARAM_KINDS[key];
    if (kind) kinds[param] = kind;
    else missing.push(key);
  }
  return kinds;
}

const queryString = (query: Partial<Record<string, string | string[]>> | undefined) => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value])
      search.append(key, one);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** What a response shows: its body, and the cells of a spreadsheet it sends. */
async function shown(res: LightMyRequestResponse): Promise<string> {
  const raw = res.rawPayload;
  if (raw.length > 4 && raw.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    try {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(raw as unknown as ArrayBuffer);
      const cells: string[] = [];
      for (const sheet of workbook.worksheets) sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
      return cells.join('\n');
    } catch {
      return raw.toString('latin1');
    }
  }
  return res.body;
}

/**
 * The id the next transaction that writes will get: it moves with every write, whoever makes it (a
 * transaction that only reads takes none).
 */
async function nextXid(): Promise<string> {
  const result = (await t.ctx.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
  )) as unknown as { rows: { x: string }[] };
  return result.rows[0]!.x;
}

/**
 * Calls every /api route as each caller against `victim`'s ids, and returns every problem found:
 * an unexpected status, a 500, any of the victim's secrets in an answer, or a change to its rows.
 */
async function sweep(callers: Caller[], victim: Tenant, own: Tenant): Promise<string[]> {
  const problems: string[] = [];
  let before = await snapshot(victim.owner.id);
  let writtenBefore = await nextXid();
  for (const route of routes) {
    const publicReason = PUBLIC[route.url];
    const missing: string[] = [];
    const baseKinds = kindsOf(route.url, missing);
    if (missing.length) {
      problems.push(
        `${route.method} ${route.url}: unknown path parameter ${missing.join(', ')} (add to PARAM_KINDS)`,
      );
      continue;
    }
    for (const call of planFor(route, victim, own)) {
      const kinds = { ...baseKinds, ...call.kinds };
      const values: Record<string, string> = {};
      let namesVictimInPath = false;
      for (const [param, kind] of Object.entries(kinds)) {
        const side = call.params?.[param] === 'own' ? own : victim;
        if (side === victim) namesVictimInPath = true;
        values[param] = idOf(side, kind);
      }
      Object.assign(values, call.values);
      const url = fillPath(route.url, values) + queryString(call.query);
      for (const caller of callers) {
        const label = `${caller.name}: ${route.method} ${url}${call.note ? ` (${call.note})` : ''}`;
        const headers = {
          ...(ENDS_SESSION.has(`${route.method} ${route.url}`) && caller.spare
            ? caller.spare
            : caller.headers),
        };
        let payload: string | Buffer | object | undefined;
        if (call.upload) {
          const form = multipart([{ name: 'file', ...call.upload }]);
          headers['content-type'] = form.contentType;
          payload = form.payload;
        } else if (call.body !== undefined) payload = call.body as object;
        const res = await t.app.inject({
          method: route.method,
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        const status = res.statusCode;

        // the operator's own tools over every tenant answer them whatever the tenant (never a 500)
        const operatorWrite = caller.kind === 'operator' && !!OPERATOR_WRITES[route.url];
        const operatorTool = caller.kind === 'operator' && (!!OPERATOR_READS[route.url] || operatorWrite);

        // the status
        let allowed: number[] | null = null;
        if (call.expect) allowed = call.expect;
        else if (publicReason || operatorTool) allowed = null;
        else if (caller.kind === 'anonymous') allowed = [401];
        else if (caller.kind === 'link' && !route.url.startsWith('/api/sandbox/')) allowed = [401];
        // a number's API token opens the public API (/api/v1) alone, never a session's routes
        else if (caller.kind === 'apiToken' && !route.url.startsWith('/api/v1/')) allowed = [401];
        else if (namesVictimInPath) allowed = [401, 403, 404];
        else if (call.refused) allowed = [400, 401, 403, 404];
        if (status >= 500) problems.push(`${label}: ${status} ${res.body.slice(0, 200)}`);
        else if (allowed && !allowed.includes(status))
          problems.push(`${label}: ${status}, expected ${allowed.join('/')} - ${res.body.slice(0, 160)}`);

        // nothing of the victim shown (but what the caller sent itself)
        const sent =
          url + (payload === undefined ? '' : Buffer.isBuffer(payload) ? '' : JSON.stringify(payload));

        if (!operatorTool) {
          const text = await shown(res);
          const leaked = victim.secrets.filter((secret) => !sent.includes(secret) && text.includes(secret));
          if (leaked.length)
            problems.push(`${label}: ${status} shows tenant ${victim.tag}'s ${leaked.join(', ')}`);
        }

        // nothing of the victim changed (jobs a call queued run first). A call after which no
        // transaction wrote anything (the next transaction id is where it was) changed nothing, so
        // the tenant is read again only after a write somewhere
        await drainJobs(t);
        const written = await nextXid();
        if (written === writtenBefore) continue;
        writtenBefore = written;
        const after = await snapshot(victim.owner.id);
        const changed = changedTables(before, after);
        if (changed.length) {
          if (!operatorWrite)
            problems.push(`${label}: ${status} changed tenant ${victim.tag}'s ${changed.join(', ')}`);
          before = after;
        }
      }
    }
  }
  return problems;
}

const sessionOf = (
  name: string,
  token: string,
  spareToken: string,
  kind: Caller['kind'] = 'session',
): Caller => ({
  name,
  kind,
  headers: { token },
  spare: { token: spareToken },
});
/** The holder of a number's API token (issue 26): as a bearer token, the way the public API is called. */
const apiTokenHolder = (tag: string, token: string): Caller => ({
  name: `API token ${tag}`,
  kind: 'apiToken',
  headers: { authorization: `Bearer ${token}` },
});
const linkHolder = (tenant: Tenant): Caller[] =>
  tenant.linkKey
    ? [{ name: `simulator link ${tenant.tag}`, kind: 'link', headers: { 'x-sandbox-key': tenant.linkKey } }]
    : [];

describe('cross-tenant and cross-role sweep of /api', () => {
  it('reads every /api route from the route table and knows what each path parameter holds', () => {
    const urls = new Set(routes.map((r) => r.url));
    // the table is read whole: a sample of routes from every module is there
    for (const url of [
      '/api/health',
      '/api/auth/login',
      '/api/chat/:id/message',
      '/api/group/:id/contact/:contactId',
      '/api/media/:key',
    ])
      expect(urls, url).toContain(url);
    const missing: string[] = [];
    for (const url of urls) kindsOf(url, missing);
    expect(
      [...new Set(missing)],
      'a route has a path parameter the sweep does not know: add it to PARAM_KINDS in apps/server/src/security/sweep.test.ts (which kind of tenant id it holds), and a plan with a plausible body to PLANS if the route takes ids in its body or query',
    ).toEqual([]);
    // every public route listed is a route (a renamed one must not stay public here by accident)
    expect(
      Object.keys(PUBLIC).filter((url) => !urls.has(url)),
      'PUBLIC lists routes that no longer exist',
    ).toEqual([]);
    const plans = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(
      Object.keys(PLANS).filter((key) => !plans.has(key)),
      'PLANS for routes that no longer exist',
    ).toEqual([]);
  });

  it("anonymous, owner A, agent A, the operator, A's simulator link and A's API token get nothing of tenant B", async () => {
    const callers: Caller[] = [
      { name: 'anonymous', kind: 'anonymous', headers: {} },
      sessionOf('owner A', a.owner.token, a.owner.spareToken),
      sessionOf('agent A', a.agent.token, a.agent.spareToken),
      sessionOf('admin', admin.token, admin.spareToken, 'operator'),
      ...linkHolder(a),
      apiTokenHolder('A', apiTokens.a),
    ];
    const problems = await sweep(callers, b, a);
    expect(problems, problems.join('\n')).toEqual([]);
    // the control: A's API token is let into the public API (so its refusals above are not a wrong token)
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chats',
      headers: { authorization: `Bearer ${apiTokens.a}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(a.chatId);
  }, 120_000);

  it('owner B and agent B get nothing of tenant A', async () => {
    const callers: Caller[] = [
      sessionOf('owner B', b.owner.token, b.owner.spareToken),
      sessionOf('agent B', b.agent.token, b.agent.spareToken),
      ...linkHolder(b),
      apiTokenHolder('B', apiTokens.b),
    ];
    const problems = await sweep(callers, a, b);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);
});

/** How a WebSocket connection ends up: refused at the upgrade, closed by the server, or left open. */
function socketOutcome(url: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    let opened = false;
    const done = (outcome: string) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => done(opened ? 'open' : 'no answer'), 1000);
    socket.on('unexpected-response', (_req, res) => done(`refused ${res.statusCode}`));
    socket.on('error', (error) => done(`refused (${error.message})`));
    socket.on('open', () => (opened = true));
    socket.on('close', (code) => done(`closed ${code}`));
  });
}

describe('the customer simulator socket (/ws/sandbox)', () => {
  it("refuses a stranger and another tenant's owner, and changes nothing of B", async () => {
    const conversation = (extra: Record<string, string>) =>
      `${t.base}/ws/sandbox${queryString({ accountId: b.accountId, phoneNumber: b.customer.phone, ...extra })}`;
    const before = await snapshot(b.owner.id);
    const outcomes = {
      anonymous: await socketOutcome(conversation({})),
      'owner A': await socketOutcome(conversation({ token: a.owner.token })),
      'agent A': await socketOutcome(conversation({ token: a.agent.token })),
      ...(a.linkKey ? { "A's simulator link": await socketOutcome(conversation({ key: a.linkKey })) } : {}),
    };
    await new Promise((r) => setTimeout(r, 200));
    await drainJobs(t);
    const changed = changedTables(before, await snapshot(b.owner.id));
    const open = Object.entries(outcomes).filter(
      ([, outcome]) => outcome === 'open' || outcome === 'no answer',
    );
    expect({ open, changed }, `strangers on B's simulator conversation: ${JSON.stringify(outcomes)}`).toEqual(
      { open: [], changed: [] },
    );
    // the control: B's own owner is let in (so the refusals above are not a wrong address)
    expect(await socketOutcome(conversation({ token: b.owner.token }))).toBe('open');
  });
});

describe('the sweep itself', () => {
  it("can fail: B's own owner on B's things is answered 2xx, shown B's data and changes B's rows", async () => {
    // the same sweep with B as both caller and target (destructive for B: the last test of the file)
    const problems = await sweep([sessionOf('owner B', b.owner.token, b.owner.spareToken)], b, b);
    const seen = (pattern: RegExp) => problems.filter((p) => pattern.test(p)).length;
    expect(seen(/: 2\d\d, expected 401\/403\/404/), problems.join('\n')).toBeGreaterThan(20);
    expect(seen(/shows tenant B's/), problems.join('\n')).toBeGreaterThan(10);
    expect(seen(/changed tenant B's/), problems.join('\n')).toBeGreaterThan(10);
  }, 120_000);
});
