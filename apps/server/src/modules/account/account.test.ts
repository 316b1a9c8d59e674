import * as api from '@sapa/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WHATSAPP_MESSAGES as M } from '@sapa/contracts';
import { accounts, chats, messages, whatsappContacts, whatsappGroups } from '../../db/schema';
import type { WhatsappControl } from '../../channels/whatsapp-web/control';
import {
  agentFor,
  customerSays,
  json,
  ownerWithSandbox,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { accountByApiToken } from './service';

const { t } = useTestApp();
type Call = { op: 'link' | 'logout'; args: unknown[] };
let calls: Call[] = [];
let failLink = false;

/** A recording stand-in for the WhatsApp Web connector (the one place the fake is installed). */
function installFakeControl(target: TestApp) {
  const fake: WhatsappControl = {
    link: async (...args) => {
      calls.push({ op: 'link', args });
      if (failLink) throw new Error('no network');
    },
    logout: async (...args) => {
      calls.push({ op: 'logout', args });
    },
    start: async () => {},
    stop: async () => {},
  };
  (target.ctx as typeof target.ctx & { whatsapp: WhatsappControl }).whatsapp = fake;
}

beforeAll(() => installFakeControl(t));
beforeEach(() => {
  calls = [];
  failLink = false;
});

type Res = Awaited<ReturnType<typeof t.app.inject>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { token }, ...(payload ? { payload } : {}) });

function expectRefused(res: Res, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = json(res, api.apiErrorBody);
  expect(body.code).toBe(code);
  if (message) expect(body.message).toBe(message);
}

async function ownerId(token: string) {
  return json(await call('GET', '/user', token), api.userProfile)._id;
}

async function createNumber(token: string, labelName = 'Toko Utama', extra: object = { method: 'qr' }) {
  const res = await call('POST', '/account/whatsapp', token, { labelName, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.account);
}

/** Marks a number connected, as the connector would once the phone linked it. */
async function connect(id: string, phoneNumber = '6281299990000') {
  await t.ctx.db
    .update(accounts)
    .set({ status: 'connected', phoneNumber, linking: null })
    .where(eq(accounts.id, id));
}

describe('account API (issue 7)', () => {
  it('creates a WhatsApp Web number in linking state and asks the connector to link it', async () => {
    const { token } = await ownerWithSandbox(t.app);
    const owner = await ownerId(token);
    const account = await createNumber(token, '  Toko Utama ');
    expect(account).toMatchObject({
      type: 'whatsapp',
      provider: 'whatsapp-web',
      isSandbox: false,
      status: 'connecting',
      statusReason: null,
      label: { name: 'Toko Utama', phoneNumber: '' },
      linking: { method: 'qr', qr: null, code: null, expiresAt: null },
      pacing: { minGapMs: 3000, hourlyCap: 250 },
    });
    expect(calls).toEqual([{ op: 'link', args: [owner, account.id, 'qr', undefined] }]);

    calls = [];
    const paired = await createNumber(token, 'Cabang', { method: 'code', phoneNumber: '0812-3456-7890' });
    expect(paired.linking?.method).toBe('code');
    expect(paired.label.phoneNumber).toBe('6281234567890');
    expect(calls).toEqual([{ op: 'link', args: [owner, paired.id, 'code', '6281234567890'] }]);

    const list = json(await call('GET', '/account?types=whatsapp', token), api.paged(api.account)).docs;
    expect(list.map((a) => a.id)).toEqual(expect.arrayContaining([account.id, paired.id]));
    expect(json(await call('GET', `/account/${account.id}`, token), api.account).status).toBe('connecting');
  });

  it('refuses bad input when creating and linking', async () => {
    const { token } = await ownerWithSandbox(t.app);
    expectRefused(
      await call('POST', '/account/whatsapp', token, { labelName: ' ', method: 'qr' }),
      400,
      'VALIDATION',
      M.labelNameInvalid,
    );
    expectRefused(
      await call('POST', '/account/whatsapp', token, { labelName: 'A', method: 'code' }),
      400,
      'VALIDATION',
      M.phoneInvalid,
    );
    expectRefused(
      await call('POST', '/account/whatsapp', token, { labelName: 'A', method: 'fax' }),
      400,
      'VALIDATION',
      M.methodInvalid,
    );
    expect(calls).toEqual([]);
  });

  it('shows the number as disconnected with a reason when the connector cannot start linking', async () => {
    const { token } = await ownerWithSandbox(t.app);
    failLink = true;
    const account = await createNumber(token);
    expect(account).toMatchObject({ status: 'disconnected', statusReason: M.unreachable, linking: null });
  });

  it('relinks a disconnected number, but not a connected one or a sandbox', async () => {
    const { token, accountId: sandboxId } = await ownerWithSandbox(t.app);
    const owner = await ownerId(token);
    const account = await createNumber(token);
    await t.ctx.db
      .update(accounts)
      .set({ status: 'logged_out', statusReason: M.loggedOut, linking: null })
      .where(eq(accounts.id, account.id));
    calls = [];
    const res = await call('POST', `/account/whatsapp/${account.id}/link`, token, {
      method: 'code',
      phoneNumber: '081234567890',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, api.account)).toMatchObject({
      status: 'connecting',
      statusReason: null,
      linking: { method: 'code', qr: null, code: null, expiresAt: null },
    });
    expect(calls).toEqual([{ op: 'link', args: [owner, account.id, 'code', '6281234567890'] }]);

    await connect(account.id);
    expectRefused(
      await call('POST', `/account/whatsapp/${account.id}/link`, token, { method: 'qr' }),
      409,
      'CONFLICT',
      M.alreadyConnected,
    );
    expectRefused(
      await call('POST', `/account/whatsapp/${sandboxId}/link`, token, { method: 'qr' }),
      400,
      'VALIDATION',
      M.notWhatsappWeb,
    );
  });

  it('renames any account and sets the pace of a WhatsApp Web number only', async () => {
    const { token, accountId: sandboxId } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    const res = await call('PUT', `/account/${account.id}`, token, {
      labelName: 'Toko Baru',
      sendMinGapMs: 5000,
      sendHourlyCap: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, api.account)).toMatchObject({
      label: { name: 'Toko Baru' },
      pacing: { minGapMs: 5000, hourlyCap: 100 },
    });
    expectRefused(
      await call('PUT', `/account/${account.id}`, token, { sendMinGapMs: 10 }),
      400,
      'VALIDATION',
      M.pacingInvalid,
    );
    const renamed = await call('PUT', `/account/${sandboxId}`, token, { labelName: 'Sandbox Saya' });
    expect(json(renamed, api.account).label.name).toBe('Sandbox Saya');
    expectRefused(
      await call('PUT', `/account/${sandboxId}`, token, { sendHourlyCap: 10 }),
      400,
      'VALIDATION',
      M.notWhatsappWeb,
    );
  });

  it('deletes softly: gone from lists, logged out, chats readable, sending refused', async () => {
    const { token, accountId: sandboxId } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    calls = [];
    const res = await call('DELETE', `/account/${account.id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, api.messageResponse)).toEqual({ message: M.deleted });
    expect(calls).toEqual([{ op: 'logout', args: [account.id] }]);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ status: 'disconnected', leaseHolder: null, linking: null });
    expect(row?.deletedAt).not.toBeNull();
    expectRefused(await call('GET', `/account/${account.id}`, token), 404, 'NOT_FOUND', M.accountNotFound);
    expectRefused(await call('DELETE', `/account/${account.id}`, token), 404, 'NOT_FOUND');
    const ids = json(await call('GET', '/account', token), api.paged(api.account)).docs.map((a) => a.id);
    expect(ids).not.toContain(account.id);

    // a sandbox with a conversation: deleted too; its chat stays readable, nothing more is sent
    const { chatId } = await customerSays(t.app, sandboxId, 'Halo kak');
    calls = [];
    expect((await call('DELETE', `/account/${sandboxId}`, token)).statusCode).toBe(200);
    expect(calls).toEqual([]);
    expect(json(await call('GET', '/account', token), api.paged(api.account)).docs).toEqual([]);
    expect((await call('GET', `/chat/${chatId}`, token)).statusCode).toBe(200);
    const listed = json(await call('GET', '/chat', token), api.chatPage).docs;
    expect(listed.map((c) => c._id)).toContain(chatId);
    const before = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId));
    expectRefused(
      await call('POST', `/chat/${chatId}/message`, token, {
        type: 'text',
        text: 'Masih di sana?',
        temporaryId: 'tmpdeleted0000000001',
      }),
      409,
      'CONFLICT',
      M.accountDeleted,
    );
    const after = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(after).toHaveLength(before.length);
    // the start-chat form no longer offers it, and the simulator no longer lists it
    expectRefused(
      await call('POST', '/chat/new', token, {
        accountId: sandboxId,
        phoneNumber: '6281200000001',
        text: 'x',
      }),
      400,
      'VALIDATION',
    );
    const sandboxes = json(
      await t.app.inject({ method: 'GET', url: '/api/sandbox/accounts', headers: { token } }),
      api.sandboxAccountList,
    ).docs;
    expect(sandboxes.map((a) => a._id)).not.toContain(sandboxId);
  });

  it('sends a test message through the normal send path, only when connected', async () => {
    const { token } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    const payload = { phoneNumber: '0812 1111 2222', text: 'Tes dari Sapa' };
    expectRefused(
      await call('POST', `/account/whatsapp/${account.id}/test`, token, payload),
      409,
      'CONFLICT',
      M.notConnected,
    );
    await connect(account.id);
    expectRefused(
      await call('POST', `/account/whatsapp/${account.id}/test`, token, { phoneNumber: 'abc', text: 'x' }),
      400,
      'VALIDATION',
      M.phoneInvalid,
    );
    expectRefused(
      await call('POST', `/account/whatsapp/${account.id}/test`, token, { phoneNumber: '0812', text: ' ' }),
      400,
      'VALIDATION',
    );
    const res = await call('POST', `/account/whatsapp/${account.id}/test`, token, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { message, chatId } = json(res, api.testMessageResponse);
    expect(message).toBe(M.testSent);
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ accountId: account.id, externalId: '6281211112222' });
    const sent = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(sent).toMatchObject([{ text: 'Tes dari Sapa', isFromMe: true, status: 'pending' }]);
    // the same number again reuses the chat
    const again = json(
      await call('POST', `/account/whatsapp/${account.id}/test`, token, payload),
      api.testMessageResponse,
    );
    expect(again.chatId).toBe(chatId);
  });

  it('resets the API token: shown once, only its hash kept, the old one stops working', async () => {
    const { token } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    const first = json(
      await call('PUT', `/account/whatsapp/${account.id}/reset-token`, token),
      api.resetTokenResponse,
    );
    expect(first.message).toBe(M.tokenReset);
    expect(first.token).toMatch(/^sapa_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.apiTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.apiTokenHash).not.toContain(first.token);
    expect((await accountByApiToken(t.ctx, first.token))?.id).toBe(account.id);

    const second = json(
      await call('PUT', `/account/whatsapp/${account.id}/reset-token`, token),
      api.resetTokenResponse,
    );
    expect(second.token).not.toBe(first.token);
    expect(await accountByApiToken(t.ctx, first.token)).toBeNull();
    expect((await accountByApiToken(t.ctx, second.token))?.id).toBe(account.id);
    expect(await accountByApiToken(t.ctx, '')).toBeNull();

    await call('DELETE', `/account/${account.id}`, token);
    expect(await accountByApiToken(t.ctx, second.token)).toBeNull();
  });

  it('lists the groups alphabetically and the synced contacts with search and pages', async () => {
    const { token, accountId: sandboxId } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    await t.ctx.db.insert(whatsappGroups).values([
      { accountId: account.id, jid: '1@g.us', name: 'reseller', participants: 12 },
      { accountId: account.id, jid: '2@g.us', name: 'Arisan', participants: 30 },
      { accountId: account.id, jid: '3@g.us', name: 'Keluarga', participants: 5 },
    ]);
    const groups = json(
      await call('GET', `/account/whatsapp/${account.id}/group`, token),
      api.whatsappGroupList,
    );
    expect(groups.docs).toEqual([
      { id: '2@g.us', name: 'Arisan', participants: 30 },
      { id: '3@g.us', name: 'Keluarga', participants: 5 },
      { id: '1@g.us', name: 'reseller', participants: 12 },
    ]);
    expect(
      json(await call('GET', `/account/whatsapp/${sandboxId}/group`, token), api.whatsappGroupList),
    ).toEqual({ docs: [] });

    await t.ctx.db.insert(whatsappContacts).values([
      {
        accountId: account.id,
        jid: '6281100000001@s.whatsapp.net',
        phoneNumber: '6281100000001',
        name: 'Budi',
      },
      {
        accountId: account.id,
        jid: '6281100000002@s.whatsapp.net',
        phoneNumber: '6281100000002',
        notify: 'ani',
      },
      { accountId: account.id, jid: '6281100000003@s.whatsapp.net', phoneNumber: '6281100000003' },
      { accountId: account.id, jid: '999@lid', lid: '999@lid', phoneNumber: '', name: 'Tanpa Nomor' },
    ]);
    const all = json(
      await call('GET', `/account/whatsapp/${account.id}/contact`, token),
      api.whatsappContactPage,
    );
    expect(all.docs.map((c) => c.name)).toEqual(['ani', 'Budi', '6281100000003']);
    expect(all.hasNextPage).toBe(false);
    const page = json(
      await call('GET', `/account/whatsapp/${account.id}/contact?limit=2`, token),
      api.whatsappContactPage,
    );
    expect(page.docs).toHaveLength(2);
    expect(page.hasNextPage).toBe(true);
    const page2 = json(
      await call('GET', `/account/whatsapp/${account.id}/contact?limit=2&page=2`, token),
      api.whatsappContactPage,
    );
    expect(page2.docs.map((c) => c.phoneNumber)).toEqual(['6281100000003']);
    const found = json(
      await call('GET', `/account/whatsapp/${account.id}/contact?search=bud`, token),
      api.whatsappContactPage,
    );
    expect(found.docs).toEqual([
      { id: '6281100000001@s.whatsapp.net', name: 'Budi', phoneNumber: '6281100000001' },
    ]);
    const byPhone = json(
      await call('GET', `/account/whatsapp/${account.id}/contact?search=0002`, token),
      api.whatsappContactPage,
    );
    expect(byPhone.docs.map((c) => c.name)).toEqual(['ani']);
    // the sandbox keeps its fixed people
    const sandbox = json(
      await call('GET', `/account/whatsapp/${sandboxId}/contact`, token),
      api.whatsappContactPage,
    );
    expect(sandbox.docs.length).toBeGreaterThan(0);
  });

  it('lets agents read but not change, with the integration message', async () => {
    const { token } = await ownerWithSandbox(t.app);
    const account = await createNumber(token);
    const agent = await agentFor(t, token, 'Agen Satu');
    calls = [];
    expect((await call('GET', '/account', agent.token)).statusCode).toBe(200);
    expect((await call('GET', `/account/${account.id}`, agent.token)).statusCode).toBe(200);
    expect((await call('GET', `/account/whatsapp/${account.id}/group`, agent.token)).statusCode).toBe(200);
    expect((await call('GET', `/account/whatsapp/${account.id}/contact`, agent.token)).statusCode).toBe(200);
    const writes: [Method, string, object?][] = [
      ['POST', '/account/whatsapp', { labelName: 'X', method: 'qr' }],
      ['POST', `/account/whatsapp/${account.id}/link`, { method: 'qr' }],
      ['PUT', `/account/${account.id}`, { labelName: 'Y' }],
      ['DELETE', `/account/${account.id}`],
      ['POST', `/account/whatsapp/${account.id}/test`, { phoneNumber: '081234567890', text: 'x' }],
      ['PUT', `/account/whatsapp/${account.id}/reset-token`],
    ];
    for (const [method, url, payload] of writes) {
      expectRefused(await call(method, url, agent.token, payload), 403, 'OWNER_ONLY', M.ownerOnly);
    }
    expect(calls).toEqual([]);
  });

  it("never shows or touches another tenant's accounts", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const account = await createNumber(a.token);
    calls = [];
    const attempts: [Method, string, object?][] = [
      ['GET', `/account/${account.id}`],
      ['PUT', `/account/${account.id}`, { labelName: 'Curian' }],
      ['DELETE', `/account/${account.id}`],
      ['POST', `/account/whatsapp/${account.id}/link`, { method: 'qr' }],
      ['POST', `/account/whatsapp/${account.id}/test`, { phoneNumber: '081234567890', text: 'x' }],
      ['PUT', `/account/whatsapp/${account.id}/reset-token`],
      ['GET', `/account/whatsapp/${account.id}/group`],
      ['GET', `/account/whatsapp/${account.id}/contact`],
    ];
    for (const [method, url, payload] of attempts) {
      expectRefused(await call(method, url, b.token, payload), 404, 'NOT_FOUND');
    }
    expect(calls).toEqual([]);
    const ids = json(await call('GET', '/account', b.token), api.paged(api.account)).docs.map((x) => x.id);
    expect(ids).toEqual([b.accountId]);
    expect(json(await call('GET', `/account/${account.id}`, a.token), api.account).label.name).toBe(
      'Toko Utama',
    );
  });

  it('tells open tabs when an account changes', async () => {
    const { token } = await ownerWithSandbox(t.app);
    const owner = await ownerId(token);
    const account = await createNumber(token);
    const seen: string[] = [];
    const off = t.ctx.bus.subscribe((m) => {
      if (m.kind === 'tenant' && m.ownerId === owner && m.event.type === 'account.updated') {
        seen.push(m.event.account?.label.name ?? '');
      }
    });
    await call('PUT', `/account/${account.id}`, token, { labelName: 'Toko Realtime' });
    off();
    expect(seen).toEqual(['Toko Realtime']);
  });
});
