import * as api from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Chat } from '@sapa/contracts';
import { accounts, chatLabels, chats } from '../../db/schema';
import { agentFor, createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';
import { attachLabels, validLabelIds } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<typeof t.app.inject>>;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const post = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/chat/label', headers: { token }, payload: payload as object });
const put = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/chat/label/${id}`, headers: { token }, payload });
const del = (id: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/chat/label/${id}`, headers: { token } });
const list = async (token: string, query = '') =>
  json(await get(`/api/chat/label${query}`, token), api.labelPage);
const byIds = async (token: string, query: string) =>
  json(await get(`/api/chat/label/ids${query}`, token), api.labelList);
const create = async (token: string, name: string, color = '#0f766e') => {
  const res = await post(token, { name, color });
  expect(res.statusCode).toBe(201);
  return json(res, api.label);
};

/** A signed-in owner, their tenant id and a connected account to hang chats on. */
async function owner() {
  const { token } = await registerOwner(t.app);
  const me = json(await get('/api/user', token), api.userProfile);
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({ ownerId: me._id, type: 'whatsapp', provider: 'sandbox', labelName: 'Toko' })
    .returning();
  return { token, ownerId: me._id, accountId: account!.id };
}

let phone = 0;
/** A chat of the tenant with these label ids, written straight to the table. */
async function chatWith(o: { ownerId: string; accountId: string }, labelIds: string[]) {
  phone += 1;
  const [row] = await t.ctx.db
    .insert(chats)
    .values({
      ownerId: o.ownerId,
      accountId: o.accountId,
      externalId: `62811${String(phone).padStart(7, '0')}`,
      contactName: `Pelanggan ${phone}`,
      labelIds,
    })
    .returning();
  return row!.id;
}

const labelIdsOf = async (chatId: string) =>
  (await t.ctx.db.select({ ids: chats.labelIds }).from(chats).where(eq(chats.id, chatId)))[0]!.ids;

function expectRefused(res: Res, status: number, code: string, message: string, field?: string) {
  expect(res.statusCode).toBe(status);
  const body = json(res, api.apiErrorBody);
  expect(body).toMatchObject({ code, message });
  if (field) expect(body.fields?.[field]).toBe(message);
}

/** A minimal serialised chat: what the chat module hands to attachLabels. */
function chatView(id: string, labelIds: string[]): Chat {
  return {
    _id: id,
    accountId: 'acc',
    account: { type: 'whatsapp', label: { name: 'Toko' }, provider: 'sandbox', replyWindowHours: null },
    senderPicture: null,
    contact: { name: 'Budi', phoneNumber: '6281', note: '', labels: [], labelIds },
    agentId: null,
    agent: null,
    lastMessage: null,
    fromSenderAt: null,
    unreadCount: 0,
    createdAt: '2026-03-02T08:00:00.000Z',
    conversationState: 'open',
    snoozedUntil: null,
  };
}

describe('labels', () => {
  it('creates, lists, renames, recolours and deletes a label', async () => {
    const { token } = await owner();
    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    const created = await post(token, { name: '  Pesanan Baru  ', color: '#1D4ED8' });
    expect(created.statusCode).toBe(201);
    const label = json(created, api.label);
    expect(label).toEqual({ _id: expect.any(String), name: 'Pesanan Baru', color: '#1d4ed8', total: 0 });
    expect(await list(token)).toEqual({ docs: [label], hasNextPage: false });

    const renamed = await put(label._id, token, { name: 'Pesanan', color: '#b91c1c' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed, api.label)).toEqual({ _id: label._id, name: 'Pesanan', color: '#b91c1c', total: 0 });
    // its own name in another case is not a duplicate of itself
    expect(
      json((await put(label._id, token, { name: 'PESANAN', color: '#b91c1c' })) as Res, api.label),
    ).toMatchObject({
      name: 'PESANAN',
    });

    const removed = await del(label._id, token);
    expect(removed.statusCode).toBe(200);
    expect(json(removed, api.labelDeleteResponse)).toEqual({ message: 'Label berhasil dihapus', chats: 0 });
    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    for (const res of [
      await del(label._id, token),
      await put(label._id, token, { name: 'X', color: '#000000' }),
      await put('tidak-ada', token, { name: 'X', color: '#000000' }),
    ]) {
      expectRefused(res, 404, 'NOT_FOUND', 'Label tidak ditemukan');
    }
  });

  it('lists alphabetically whatever the case, searches by name and pages by 20', async () => {
    const { token } = await owner();
    const names = Array.from({ length: 23 }, (_, i) => `Label ${String(i + 1).padStart(2, '0')}`);
    for (const name of names.reverse()) await create(token, name);
    await create(token, 'anak_100%');
    await create(token, 'VIP');

    const first = await list(token);
    expect(first.hasNextPage).toBe(true);
    expect(first.docs.map((d) => d.name)).toEqual([
      'anak_100%',
      ...Array.from({ length: 19 }, (_, i) => `Label ${String(i + 1).padStart(2, '0')}`),
    ]);
    const second = await list(token, '?page=2');
    expect(second.hasNextPage).toBe(false);
    expect(second.docs.map((d) => d.name)).toEqual(['Label 20', 'Label 21', 'Label 22', 'Label 23', 'VIP']);
    expect((await list(token, '?limit=6&page=5')).docs.map((d) => d.name)).toEqual(['VIP']);

    expect((await list(token, '?search=vip')).docs.map((d) => d.name)).toEqual(['VIP']);
    expect((await list(token, '?search=  label 2  ')).docs.map((d) => d.name)).toEqual([
      'Label 20',
      'Label 21',
      'Label 22',
      'Label 23',
    ]);
    // LIKE wildcards are searched as text
    expect((await list(token, '?search=_100%25')).docs.map((d) => d.name)).toEqual(['anak_100%']);
    expect((await list(token, '?search=%25')).docs.map((d) => d.name)).toEqual(['anak_100%']);
    expect(await list(token, '?search=tidak-ada')).toEqual({ docs: [], hasNextPage: false });

    expectRefused(await get('/api/chat/label?page=0', token), 400, 'VALIDATION', expect.any(String) as never);
  });

  it("counts each label's conversations, and deleting a label takes it off every chat", async () => {
    const o = await owner();
    const vip = await create(o.token, 'VIP', '#6d28d9');
    const order = await create(o.token, 'Pesanan', '#c2410c');
    const unused = await create(o.token, 'Komplain', '#b91c1c');
    const c1 = await chatWith(o, [vip._id, order._id]);
    const c2 = await chatWith(o, [order._id]);
    const c3 = await chatWith(o, [order._id, vip._id]);
    const c4 = await chatWith(o, []);

    const totals = async () => Object.fromEntries((await list(o.token)).docs.map((d) => [d.name, d.total]));
    expect(await totals()).toEqual({ Komplain: 0, Pesanan: 3, VIP: 2 });
    // renaming keeps the chats
    expect(
      json(await put(vip._id, o.token, { name: 'Pelanggan VIP', color: '#6d28d9' }), api.label),
    ).toMatchObject({
      total: 2,
    });
    expect((await byIds(o.token, `?ids=${order._id}`)).docs).toEqual([{ ...order, total: 3 }]);

    const published: unknown[] = [];
    const off = t.ctx.bus.subscribe((m) => published.push(m));
    const removed = await del(order._id, o.token);
    off();
    expect(json(removed, api.labelDeleteResponse)).toEqual({ message: 'Label berhasil dihapus', chats: 3 });
    expect(await labelIdsOf(c1)).toEqual([vip._id]);
    expect(await labelIdsOf(c2)).toEqual([]);
    expect(await labelIdsOf(c3)).toEqual([vip._id]);
    expect(await labelIdsOf(c4)).toEqual([]);
    expect(await totals()).toEqual({ Komplain: 0, 'Pelanggan VIP': 2 });
    // no tenant-wide realtime event exists; nothing is published
    expect(published).toEqual([]);

    // the chat filter (labelIds overlap) no longer finds chats by the deleted label
    const filtered = json(await get(`/api/chat?labelIds=${order._id}`, o.token), api.chatPage);
    expect(filtered.docs).toEqual([]);
    expect(json(await del(unused._id, o.token), api.labelDeleteResponse)).toMatchObject({ chats: 0 });
  });

  it('answers the labels of given ids in the order asked, in every query form', async () => {
    const { token } = await owner();
    const a = await create(token, 'A');
    const b = await create(token, 'B', '#15803d');
    const c = await create(token, 'C', '#a16207');

    expect((await byIds(token, `?ids=${c._id}&ids=${a._id}`)).docs.map((d) => d.name)).toEqual(['C', 'A']);
    expect((await byIds(token, `?ids[]=${b._id}&ids[]=${a._id}`)).docs.map((d) => d.name)).toEqual([
      'B',
      'A',
    ]);
    expect((await byIds(token, `?ids=${a._id},${c._id},${a._id},tidak-ada`)).docs.map((d) => d.name)).toEqual(
      ['A', 'C'],
    );
    expect(await byIds(token, '')).toEqual({ docs: [] });
    expect(await byIds(token, '?ids=')).toEqual({ docs: [] });
    const tooMany = Array.from({ length: 201 }, (_, i) => `x${i}`).join(',');
    expectRefused(
      await get(`/api/chat/label/ids?ids=${tooMany}`, token),
      400,
      'VALIDATION',
      expect.any(String) as never,
    );
  });

  it('refuses invalid names and colours in Indonesian and stores nothing', async () => {
    const { token, ownerId } = await owner();
    const cases: [unknown, string, string][] = [
      [{ color: '#0f766e' }, 'Nama label tidak valid', 'name'],
      [{ name: '   ', color: '#0f766e' }, 'Nama label tidak valid', 'name'],
      [{ name: 42, color: '#0f766e' }, 'Nama label tidak valid', 'name'],
      [{ name: 'x'.repeat(51), color: '#0f766e' }, 'Nama label maksimal 50 karakter', 'name'],
      [{ name: 'VIP' }, 'Warna label tidak valid', 'color'],
      [{ name: 'VIP', color: 'teal' }, 'Warna label tidak valid', 'color'],
      [{ name: 'VIP', color: '#0f766' }, 'Warna label tidak valid', 'color'],
      [{ name: 'VIP', color: '#0f766eff' }, 'Warna label tidak valid', 'color'],
      [{ name: 'VIP', color: 'rgb(0,0,0)' }, 'Warna label tidak valid', 'color'],
      [{}, 'Nama label tidak valid', 'name'],
    ];
    for (const [body, message, field] of cases) {
      expectRefused(await post(token, body), 400, 'VALIDATION', message, field);
    }
    expect(json(await post(token, {}), api.apiErrorBody).fields).toEqual({
      name: 'Nama label tidak valid',
      color: 'Warna label tidak valid',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/chat/label', headers: { token } })).statusCode,
    ).toBe(400);
    expect(await t.ctx.db.select().from(chatLabels).where(eq(chatLabels.ownerId, ownerId))).toEqual([]);

    // a 50-character name is fine; an update is validated the same way and changes nothing
    const label = await create(token, 'x'.repeat(50));
    expectRefused(
      await put(label._id, token, { name: '', color: '#000000' }),
      400,
      'VALIDATION',
      'Nama label tidak valid',
      'name',
    );
    expectRefused(
      await put(label._id, token, { name: 'Baru', color: 'merah' }),
      400,
      'VALIDATION',
      'Warna label tidak valid',
      'color',
    );
    expect((await list(token)).docs).toEqual([label]);
  });

  it('keeps names unique within a tenant whatever the case', async () => {
    const a = await owner();
    const b = await owner();
    const vip = await create(a.token, 'VIP');
    const other = await create(a.token, 'Reseller');

    expectRefused(
      await post(a.token, { name: 'vip', color: '#1d4ed8' }),
      409,
      'CONFLICT',
      'Nama label sudah digunakan',
      'name',
    );
    expectRefused(
      await post(a.token, { name: '  VIP ', color: '#1d4ed8' }),
      409,
      'CONFLICT',
      'Nama label sudah digunakan',
    );
    expectRefused(
      await put(other._id, a.token, { name: 'Vip', color: '#1d4ed8' }),
      409,
      'CONFLICT',
      'Nama label sudah digunakan',
      'name',
    );
    expect((await list(a.token)).docs).toEqual([other, vip]);
    // another tenant may use the same name
    expect((await create(b.token, 'VIP')).name).toBe('VIP');
  });

  it("keeps tenants apart: B neither sees nor changes A's labels, and A's ids do not resolve for B", async () => {
    const a = await owner();
    const b = await owner();
    const mine = await create(a.token, 'Rahasia A');
    const chat = await chatWith(a, [mine._id]);
    const theirs = await create(b.token, 'Milik B');

    expect((await list(b.token)).docs.map((d) => d.name)).toEqual(['Milik B']);
    expect((await list(b.token, '?search=rahasia')).docs).toEqual([]);
    expect((await byIds(b.token, `?ids=${mine._id},${theirs._id}`)).docs.map((d) => d.name)).toEqual([
      'Milik B',
    ]);
    expect((await byIds(a.token, `?ids=${mine._id},${theirs._id}`)).docs.map((d) => d.name)).toEqual([
      'Rahasia A',
    ]);
    for (const res of [
      await put(mine._id, b.token, { name: 'Dibajak', color: '#000000' }),
      await del(mine._id, b.token),
    ]) {
      expectRefused(res, 404, 'NOT_FOUND', 'Label tidak ditemukan');
    }
    expect((await list(a.token)).docs).toEqual([{ ...mine, total: 1 }]);
    expect(await labelIdsOf(chat)).toEqual([mine._id]);

    // B's chats carrying A's id (never possible through the API) do not count towards A's total
    await chatWith(b, [mine._id]);
    expect((await list(a.token)).docs[0]!.total).toBe(1);
    // B deleting its own label leaves A's chats alone
    await chatWith(b, [theirs._id]);
    expect(json(await del(theirs._id, b.token), api.labelDeleteResponse)).toMatchObject({ chats: 1 });
    expect(await labelIdsOf(chat)).toEqual([mine._id]);
  });

  it('lets agents read labels but only the owner manage them', async () => {
    const { token } = await owner();
    const label = await create(token, 'VIP');
    const agent = await agentFor(t, token, 'Agen Label');

    expect(await list(agent.token)).toEqual({ docs: [label], hasNextPage: false });
    expect((await byIds(agent.token, `?ids=${label._id}`)).docs).toEqual([label]);
    for (const res of [
      await post(agent.token, { name: 'Baru', color: '#0f766e' }),
      await put(label._id, agent.token, { name: 'Ubah', color: '#0f766e' }),
      await del(label._id, agent.token),
    ]) {
      expectRefused(res, 403, 'OWNER_ONLY', 'Hanya pemilik akun yang dapat melakukan tindakan ini');
    }
    expect((await list(token)).docs).toEqual([label]);

    for (const url of ['/api/chat/label', '/api/chat/label/ids']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/label', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/label/${label._id}` })).statusCode).toBe(
      401,
    );
  });
});

describe('attachLabels and validLabelIds (for the chat module)', () => {
  it("keeps only the tenant's existing labels, in the order given, without repeats", async () => {
    const a = await owner();
    const b = await owner();
    const x = await create(a.token, 'X');
    const y = await create(a.token, 'Y');
    const foreign = await create(b.token, 'Z');

    expect(await validLabelIds(t.ctx.db, a.ownerId, [])).toEqual([]);
    expect(
      await validLabelIds(t.ctx.db, a.ownerId, [y._id, 'tidak-ada', x._id, foreign._id, y._id, '']),
    ).toEqual([y._id, x._id]);
    expect(await validLabelIds(t.ctx.db, b.ownerId, [x._id, foreign._id])).toEqual([foreign._id]);
  });

  it('fills contact.labels for a whole page in one query and drops deleted or foreign ids', async () => {
    const a = await owner();
    const b = await owner();
    const x = await create(a.token, 'X', '#1d4ed8');
    const y = await create(a.token, 'Y', '#be185d');
    const gone = await create(a.token, 'Hilang');
    const foreign = await create(b.token, 'Z');
    await t.ctx.db.delete(chatLabels).where(inArray(chatLabels.id, [gone._id]));

    const page = [
      chatView('c1', [y._id, x._id]),
      chatView('c2', [gone._id, x._id, foreign._id]),
      chatView('c3', []),
    ];
    let queries = 0;
    const counting = new Proxy(t.ctx.db, {
      get(target, prop, receiver) {
        if (prop === 'select') queries += 1;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const attached = await attachLabels(counting, a.ownerId, page);
    expect(queries).toBe(1);
    expect(attached.map((c) => c.contact.labels)).toEqual([
      [
        { _id: y._id, name: 'Y', color: '#be185d' },
        { _id: x._id, name: 'X', color: '#1d4ed8' },
      ],
      [{ _id: x._id, name: 'X', color: '#1d4ed8' }],
      [],
    ]);
    expect(attached.map((c) => c.contact.labelIds)).toEqual([[y._id, x._id], [x._id], []]);
    // the input is left as it was
    expect(page[1]!.contact).toMatchObject({ labels: [], labelIds: [gone._id, x._id, foreign._id] });
    expect(attached[0]).toMatchObject({ _id: 'c1', contact: { name: 'Budi' } });

    queries = 0;
    expect(await attachLabels(counting, a.ownerId, [chatView('c4', [])])).toHaveLength(1);
    expect(await attachLabels(counting, a.ownerId, [])).toEqual([]);
    expect(queries).toBe(0);
  });
});
