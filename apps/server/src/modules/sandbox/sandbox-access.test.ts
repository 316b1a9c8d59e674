import * as api from '@sapa/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accounts, agents, mediaFiles, messages } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import {
  customerSays,
  json,
  ownerWithSandbox,
  sandboxHeaders,
  useTestApp,
  type UsedTestApp,
} from '../../../test/helpers';

const { t } = useTestApp({ listen: true, env: { SAPA_SANDBOX_INBOUND_PER_MINUTE: '5' } });

const inbound = (accountId: string, headers: Record<string, string>, text = 'Halo') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound',
    headers,
    payload: { accountId, phoneNumber: '6281299990000', name: 'Orang Asing', text },
  });

const boundary = 'sapaboundary0123';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (accountId: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sandbox/media?accountId=${accountId}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });

async function messageCount(ctx: UsedTestApp['ctx'], accountId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(messages).where(eq(messages.accountId, accountId));
  return row?.n ?? 0;
}

async function mediaCount(ctx: UsedTestApp['ctx'], ownerId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId));
  return row?.n ?? 0;
}

/** An agent of the owner, signed in. */
async function agentOf(ownerAccountId: string): Promise<string> {
  const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, ownerAccountId));
  const email = `agen${Date.now()}${Math.random().toString(36).slice(2, 6)}@contoh.test`;
  await t.ctx.db.insert(agents).values({
    ownerId: account!.ownerId,
    name: 'Agen',
    email,
    phone: `62813${String(Date.now()).slice(-8)}`,
    passwordHash: await hashPassword('rahasia123'),
    isVerified: true,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: email, password: 'rahasia123' },
  });
  return json(res, api.loginResponse).token;
}

/** Opens /ws/sandbox; resolves 'open' or the refusal's HTTP status. */
function socketAnswer(query: string): Promise<string> {
  const base = t.base;
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base}/ws/sandbox?${query}`);
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    socket.once('error', () => resolve('error'));
  });
}

describe('the customer simulator belongs to its owner', () => {
  it('answers 401 to a caller with neither a session nor a link, and stores nothing', async () => {
    const a = await ownerWithSandbox(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts' })).statusCode).toBe(401);
    expect((await inbound(a.accountId, {})).statusCode).toBe(401);
    expect((await upload(a.accountId, {})).statusCode).toBe(401);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/account',
      payload: { accountId: a.accountId, type: 'instagram' },
    });
    expect(add.statusCode).toBe(401);
    const conversation = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/conversation?accountId=${a.accountId}&phoneNumber=6281299990000`,
    });
    expect(conversation.statusCode).toBe(401);
    expect(await messageCount(t.ctx, a.accountId)).toBe(0);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(await mediaCount(t.ctx, account!.ownerId)).toBe(0);
  });

  it("lists only the owner's own sandbox accounts, and refuses another owner's account everywhere", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const listed = json(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts', headers: { token: b.token } }),
      api.sandboxAccountList,
    ).docs;
    expect(listed.map((d) => d._id)).toEqual([b.accountId]);
    expect(listed.map((d) => d.ownerName)).toEqual([b.input.name]);

    // owner B writes as a customer into A's inbox, uploads into A's media, adds channels to A
    expect((await inbound(a.accountId, { token: b.token }, 'Klik tautan ini')).statusCode).toBe(404);
    expect((await upload(a.accountId, { token: b.token })).statusCode).toBe(404);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/account',
      headers: { token: b.token },
      payload: { accountId: a.accountId, type: 'messenger' },
    });
    expect(add.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/conversation?accountId=${a.accountId}&phoneNumber=6281299990000`,
      headers: { token: b.token },
    });
    expect(read.statusCode).toBe(404);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/link?accountId=${a.accountId}`,
      headers: { token: b.token },
    });
    expect(link.statusCode).toBe(404);

    expect(await messageCount(t.ctx, a.accountId)).toBe(0);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(await mediaCount(t.ctx, account!.ownerId)).toBe(0);
    const aAccounts = await t.ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.ownerId, account!.ownerId)));
    expect(aAccounts).toHaveLength(1);
  });

  it("refuses an agent's session and a real (non-sandbox) account, even its owner's", async () => {
    const a = await ownerWithSandbox(t.app);
    const agentToken = await agentOf(a.accountId);
    const asAgent = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/accounts',
      headers: { token: agentToken },
    });
    expect(asAgent.statusCode).toBe(403);
    expect((await inbound(a.accountId, { token: agentToken })).statusCode).toBe(403);

    const [base] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, a.accountId));
    const [real] = await t.ctx.db
      .insert(accounts)
      .values({
        ownerId: base!.ownerId,
        type: 'whatsapp',
        provider: 'whatsapp-web',
        labelName: 'Toko',
        phoneNumber: '6281377778888',
        status: 'connected',
      })
      .returning();
    expect((await inbound(real!.id, { token: a.token })).statusCode).toBe(404);
    expect((await upload(real!.id, { token: a.token })).statusCode).toBe(404);
    expect(await messageCount(t.ctx, real!.id)).toBe(0);
    // a link key is never issued for it, and the socket refuses it before the upgrade
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/link?accountId=${real!.id}`,
      headers: { token: a.token },
    });
    expect(link.statusCode).toBe(404);
    expect(await socketAnswer(`accountId=${real!.id}&phoneNumber=6281299990000&token=${a.token}`)).toBe(
      '404',
    );
  });

  it('a secret link opens its one account to someone without the password, nothing else', async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const { url } = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/sandbox/link?accountId=${a.accountId}`,
        headers: { token: a.token },
      }),
      api.sandboxLink,
    );
    expect(url).not.toBeNull();
    const link = new URL(url!);
    const key = link.searchParams.get('key')!;
    expect(link.searchParams.get('accountId')).toBe(a.accountId);
    const viaLink = { 'x-sandbox-key': key };

    const listed = json(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts', headers: viaLink }),
      api.sandboxAccountList,
    ).docs;
    expect(listed.map((d) => d._id)).toEqual([a.accountId]);
    expect((await inbound(a.accountId, viaLink)).statusCode).toBe(201);
    expect((await inbound(b.accountId, viaLink)).statusCode).toBe(404);
    // adding channels takes the owner's session
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/account',
      headers: viaLink,
      payload: { accountId: a.accountId, type: 'instagram' },
    });
    expect(add.statusCode).toBe(403);
    // a forged or altered key is no key
    const forged = `${b.accountId}.${key.split('.')[1]}`;
    expect((await inbound(b.accountId, { 'x-sandbox-key': forged })).statusCode).toBe(401);
    expect((await inbound(a.accountId, { 'x-sandbox-key': `${key.slice(0, -2)}xx` })).statusCode).toBe(401);
    expect(await messageCount(t.ctx, b.accountId)).toBe(0);
  });

  it("the socket opens for the owner's session or link and is refused to strangers and other tenants", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const phone = 'phoneNumber=6281299990000';
    expect(await socketAnswer(`accountId=${a.accountId}&${phone}`)).toBe('401');
    expect(await socketAnswer(`accountId=${a.accountId}&${phone}&token=${b.token}`)).toBe('404');
    expect(await socketAnswer(`accountId=${a.accountId}&${phone}&token=${a.token}`)).toBe('open');
    const { 'x-sandbox-key': key } = await sandboxHeaders(t.app, a.accountId);
    expect(await socketAnswer(`accountId=${a.accountId}&${phone}&key=${encodeURIComponent(key!)}`)).toBe(
      'open',
    );
    expect(await socketAnswer(`accountId=${b.accountId}&${phone}&key=${encodeURIComponent(key!)}`)).toBe(
      '404',
    );
  });

  it('limits what one account receives a minute, also when the burst arrives at once', async () => {
    const a = await ownerWithSandbox(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inbound(a.accountId, { token: a.token }, `Pesan ${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201 || c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(await messageCount(t.ctx, a.accountId)).toBe(5);
    // another account is counted on its own
    const b = await ownerWithSandbox(t.app);
    await customerSays(t.app, b.accountId, 'Halo');
    expect(await messageCount(t.ctx, b.accountId)).toBe(1);
  });
});
