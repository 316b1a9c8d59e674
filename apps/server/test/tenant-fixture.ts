import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { temporaryId } from '@sapa/contracts';
import { admins, affiliateCommissions } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { agentFor, drainJobs, enableBankTransfer, json, ownerWithSandbox, type TestApp } from './helpers';
import { multipart } from './uploads';

/** One tenant of a sweep, fully seeded, with every id of it and the words only it holds. */
export interface Tenant {
  tag: string;
  owner: { id: string; token: string; spareToken: string; email: string; name: string; phone: string };
  agent: { id: string; token: string; spareToken: string; email: string; name: string };
  accountId: string;
  customer: { phone: string; name: string };
  chatId: string;
  /** The customer's message and the business's reply. */
  messageId: string;
  replyId: string;
  label: { id: string; name: string };
  template: { id: string; title: string };
  group: { id: string; name: string; column: string };
  contact: { id: string; name: string; phone: string };
  media: { key: string; url: string };
  importId: string;
  /** A daily WhatsApp Status post to the group (issue 20 part 5). */
  statusPost: { id: string; text: string };
  /** A scheduled broadcast to the group (issue 20), and a number on the opt-out list. */
  broadcast: { id: string; name: string };
  optOut: { id: string; phone: string };
  /** A purchase waiting for its bank transfer (issue 22). */
  transactionId: string;
  /** A withdrawal of affiliate commissions waiting for the operator (issue 22 part 7). */
  withdrawalId: string;
  /** The simulator's secret link key of the sandbox account, when the server has such links. */
  linkKey: string | null;
  /**
   * What nobody outside the tenant may ever be shown: its ids and the texts, names and numbers
   * seeded into it (each unique to this tenant).
   */
  secrets: string[];
}

function ok(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode >= 300) throw new Error(`seeding ${what}: ${res.statusCode} ${res.body}`);
  return res;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/** Signs in again: a second session of the same person (for calls that end the session they use). */
async function signIn(app: FastifyInstance, identifier: string, password: string): Promise<string> {
  const res = ok(
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } }),
    `login ${identifier}`,
  );
  return json<{ token: string }>(res).token;
}

/**
 * A tenant with one of everything, made through the API as its owner would: a verified owner with
 * their sandbox account, an agent, a conversation (the customer writes through the simulator, the
 * owner replies), a label on it, a template, a group with a column and a contact, an uploaded photo,
 * and an import waiting for its mapping. `tag` ('A', 'B') marks its texts.
 */
export async function seedTenant(t: TestApp, tag: string, phoneBase: string): Promise<Tenant> {
  const { app } = t;
  const word = `${tag}${randomBytes(3).toString('hex')}`;
  const { token, input, accountId } = await ownerWithSandbox(app);
  const me = json<{ _id: string }>(
    ok(await app.inject({ method: 'GET', url: '/api/user', headers: { token } }), 'profile'),
  );
  const agent = await agentFor(t, token, `Agen Rahasia ${word}`);
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

  // the customer writes through the simulator (as its owner: the simulator is the owner's tool)
  const customer = { phone: `${phoneBase}01`, name: `Pelanggan Rahasia ${word}` };
  const inbound = json<{ chatId: string; messageId: string }>(
    ok(
      await app.inject({
        method: 'POST',
        url: '/api/sandbox/inbound',
        headers: { token },
        payload: {
          accountId,
          phoneNumber: customer.phone,
          name: customer.name,
          text: `Pesan rahasia pelanggan ${word}`,
        },
      }),
      'inbound',
    ),
  );
  const reply = json<{ _id: string }>(
    ok(
      await as('POST', `/api/chat/${inbound.chatId}/message`, {
        temporaryId: temporaryId(),
        text: `Balasan rahasia ${word}`,
      }),
      'reply',
    ),
  );
  await drainJobs(t);

  const label = { name: `Label Rahasia ${word}`, id: '' };
  label.id = json<{ _id: string }>(
    ok(await as('POST', '/api/chat/label', { name: label.name, color: '#1d4ed8' }), 'label'),
  )._id;
  ok(await as('PUT', `/api/chat/${inbound.chatId}/contact`, { labelIds: [label.id] }), 'labelling');

  const template = { title: `Template Rahasia ${word}`, id: '' };
  template.id = json<{ _id: string }>(
    ok(
      await as('POST', '/api/chat/template', { title: template.title, text: `Isi template ${word}` }),
      'template',
    ),
  )._id;

  const group = { name: `Grup Rahasia ${word}`, column: `Kolom${word}`, id: '' };
  group.id = json<{ _id: string }>(ok(await as('POST', '/api/group', { name: group.name }), 'group'))._id;
  ok(await as('POST', `/api/group/${group.id}/column`, { name: group.column }), 'column');
  const contact = { name: `Kontak Rahasia ${word}`, phone: `${phoneBase}02`, id: '' };
  contact.id = json<{ docs: { _id: string }[] }>(
    ok(
      await as('POST', `/api/group/${group.id}/contact`, {
        contacts: [
          { name: contact.name, phoneNumber: contact.phone, values: { [group.column]: `Kota ${word}` } },
        ],
      }),
      'contact',
    ),
  ).docs[0]!._id;

  const statusPost = { text: `Status rahasia ${word}`, id: '' };
  statusPost.id = json<{ _id: string }>(
    ok(
      await as('POST', '/api/publication/status', {
        accountId,
        type: 'text',
        text: statusPost.text,
        audience: 'groups',
        groupIds: [group.id],
        repeat: 'daily',
        time: '07:00',
      }),
      'status post',
    ),
  )._id;

  const broadcast = { name: `Broadcast rahasia ${word}`, id: '' };
  broadcast.id = json<{ _id: string }>(
    ok(
      await as('POST', '/api/publication/broadcast', {
        name: broadcast.name,
        accountIds: [accountId],
        groupIds: [group.id],
        message: { type: 'text', text: `Promo rahasia ${word}` },
        // a day ahead: it waits, so the sweep sees the same rows before and after each call
        scheduledAt: new Date(Date.parse('2026-03-03T08:00:00Z')).toISOString(),
      }),
      'broadcast',
    ),
  )._id;
  const optOut = { phone: `${phoneBase}09`, id: '' };
  optOut.id = json<{ _id: string }>(
    ok(await as('POST', '/api/publication/opt-out', { phoneNumber: optOut.phone }), 'opt-out'),
  )._id;

  await enableBankTransfer(t);
  const transactionId = json<{ _id: string }>(
    ok(
      await as('POST', '/api/transaction', {
        planKey: 'dasar',
        months: 1,
        method: 'bank_transfer',
        idempotencyKey: `sweep-${word}`,
      }),
      'transaction',
    ),
  )._id;

  // a commission earned (written directly: the fixture needs a balance, not a referral story) and a
  // withdrawal of it waiting for the operator
  await t.ctx.db.insert(affiliateCommissions).values({
    ownerId: me._id,
    referredId: me._id,
    transactionId,
    amount: 150_000,
    ratePercent: 20,
  });
  const withdrawalId = json<{ _id: string }>(
    ok(
      await as('POST', '/api/affiliate/withdrawal', {
        amount: 120_000,
        bankName: 'BCA',
        accountNumber: `${phoneBase}`.slice(-10),
        accountHolder: `Pemilik ${word}`,
      }),
      'withdrawal',
    ),
  )._id;

  const upload = async (url: string, filename: string, type: string, data: Buffer | string) => {
    const form = multipart([{ name: 'file', filename, type, data }]);
    return ok(
      await app.inject({
        method: 'POST',
        url,
        headers: { token, 'content-type': form.contentType },
        payload: form.payload,
      }),
      `upload ${filename}`,
    );
  };
  const mediaUrl = json<{ url: string }>(
    await upload('/api/chat/media', `Foto Rahasia ${word}.png`, 'image/png', await png()),
  ).url;
  const importId = json<{ _id: string }>(
    await upload(
      '/api/group/excel/contact',
      `Impor Rahasia ${word}.csv`,
      'text/csv',
      `Nama,Nomor\nOrang Impor ${word},${phoneBase}03\n`,
    ),
  )._id;

  // the simulator's secret link, where the server has one (GET /api/sandbox/link)
  let linkKey: string | null = null;
  const link = await as('GET', `/api/sandbox/link?accountId=${encodeURIComponent(accountId)}`);
  if (link.statusCode === 200) {
    const url = json<{ url: string | null }>(link).url;
    linkKey = url ? new URL(url, 'http://x').searchParams.get('key') : null;
  }

  const tenant: Tenant = {
    tag,
    owner: {
      id: me._id,
      token,
      spareToken: await signIn(app, input.email, input.password),
      email: input.email,
      name: input.name,
      phone: input.phone,
    },
    agent: {
      id: agent.id,
      token: agent.token,
      spareToken: await signIn(app, agent.input.email, agent.input.password),
      email: agent.input.email,
      name: agent.input.name,
    },
    accountId,
    customer,
    chatId: inbound.chatId,
    messageId: inbound.messageId,
    replyId: reply._id,
    label,
    template,
    group,
    contact,
    media: { url: mediaUrl, key: mediaUrl.split('/').pop()! },
    importId,
    statusPost,
    broadcast,
    optOut,
    transactionId,
    withdrawalId,
    linkKey,
    secrets: [],
  };
  tenant.secrets = [
    word,
    tenant.owner.id,
    tenant.owner.email,
    tenant.owner.name,
    tenant.owner.phone,
    tenant.agent.id,
    tenant.agent.email,
    tenant.agent.name,
    accountId,
    customer.phone,
    tenant.chatId,
    tenant.messageId,
    tenant.replyId,
    label.id,
    template.id,
    group.id,
    contact.id,
    contact.phone,
    tenant.media.key,
    importId,
    statusPost.id,
    broadcast.id,
    broadcast.name,
    optOut.id,
    optOut.phone,
    transactionId,
    withdrawalId,
    ...(linkKey ? [linkKey.slice(linkKey.lastIndexOf('.') + 1)] : []),
  ];
  return tenant;
}

/** An operator's session: the bootstrap admin of the config (SAPA_ADMIN_*), or one made for the test. */
export async function adminSession(t: TestApp): Promise<{ token: string; spareToken: string }> {
  let credentials = t.ctx.config.bootstrapAdmin;
  if (!credentials) {
    credentials = { username: `penjaga${randomBytes(3).toString('hex')}`, password: 'penjaga-rahasia-1' };
    await t.ctx.db.insert(admins).values({
      name: credentials.username,
      username: credentials.username,
      passwordHash: await hashPassword(credentials.password),
    });
  }
  const login = async () =>
    json<{ token: string }>(
      ok(
        await t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: credentials }),
        'admin login',
      ),
    ).token;
  return { token: await login(), spareToken: await login() };
}

/** Foreign-key-like columns and the tenant table whose ids they hold. */
const LINKS: Record<string, string> = {
  account_id: 'accounts',
  chat_id: 'chats',
  message_id: 'messages',
  group_id: 'contact_groups',
  import_id: 'contact_imports',
  agent_id: 'agents',
};

/** Tables left out of a tenant's snapshot, and why. */
const NOT_SNAPSHOTTED: Record<string, string> = {
  password_resets:
    'anyone may ask for a reset link for any address (public POST /api/auth/reset-password/request); the link goes to the owner',
};

/**
 * Everything a tenant has in the database, as one fingerprint per table (row count and a hash of the
 * rows' text), read in one statement. Every table with an owner_id (or user_id) column is included,
 * and the rows of any table pointing at one of the tenant's accounts, chats, messages, groups,
 * imports or agents (whoever owns the row): a table added later is covered without a change here.
 */
export async function tenantSnapshotter(t: TestApp) {
  const result = (await t.ctx.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() order by table_name, column_name`)) as unknown as {
    rows: { table: string; column: string }[];
  };
  const columns = new Map<string, string[]>();
  for (const { table, column } of result.rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  const tables = [...columns.keys()].filter((table) => !(table in NOT_SNAPSHOTTED));

  return async function snapshot(ownerId: string): Promise<Record<string, string>> {
    if (!/^[A-Za-z0-9_-]+$/.test(ownerId)) throw new Error(`unexpected owner id ${ownerId}`);
    const owner = `'${ownerId}'`;
    const parts: string[] = [];
    for (const table of tables) {
      const cols = columns.get(table)!;
      const where: string[] = [];
      if (table === 'users') where.push(`x.id = ${owner}`);
      for (const col of cols) {
        if (col === 'owner_id' || col === 'user_id') where.push(`x.${col} = ${owner}`);
        const target = LINKS[col];
        if (target && target !== table && columns.has(target))
          where.push(`x.${col} in (select id from "${target}" where owner_id = ${owner})`);
      }
      if (!where.length) continue;
      parts.push(
        `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x where ${where.join(' or ')}`,
      );
    }
    const rows = (await t.ctx.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
      rows: { t: string; n: number; h: string }[];
    };
    return Object.fromEntries(rows.rows.map((r) => [r.t, `${r.n} rows ${r.h}`]));
  };
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
