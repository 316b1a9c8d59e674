import * as api from '@sapa/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentFor, customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { agents, chats, messages } from '../../db/schema';
import { messageView } from './serialize';

/**
 * GET /chat/{id}/message is written by PostgreSQL as JSON text (message-list.ts). Its answer must be
 * the bytes the list answered when it was built in JavaScript: JSON.stringify of `{docs,
 * hasNextPage}` with each message as toMessage writes it with its agent's name and the message it
 * quotes (messageView, which the realtime frames use), for every kind of message and every page.
 */
const { t, get, call } = useTestApp();
let token: string;
let ownerId: string;
let chatId: string;
let agentId: string;

/** What the list answered before: the rows read through Drizzle, each through toMessage. */
async function expectedPage(page: number, limit: number): Promise<string> {
  const rows = await t.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.ownerId, ownerId)))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const docs = await Promise.all(rows.slice(0, limit).map((row) => messageView(t.ctx.db, row)));
  return JSON.stringify({ docs: docs.reverse(), hasNextPage: rows.length > limit });
}

beforeAll(async () => {
  const owner = await ownerWithSandbox(t.app);
  token = owner.token;
  ownerId = json(await get('/api/user', token), api.userProfile)._id;
  chatId = (await customerSays(t.app, owner.accountId, 'Halo kak "pertama"\n\\ baris \u0001 \u2028 😀'))
    .chatId;
  agentId = (await agentFor(t, token, 'Agen "Satu" 😀')).id;
  const [unnamed] = await t.ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .limit(1);
  const base = Date.parse('2026-03-01T05:00:00.123Z');
  const media: Record<string, unknown> = {
    image: { url: '/api/media/a.jpg', thumbnail: 'data:image/jpeg;base64,AAAA', mimetype: 'image/jpeg' },
    // numbers JavaScript and jsonb write differently (1e-7, 0.30000000000000004)
    location: {
      latitude: 1e-7,
      longitude: 0.1 + 0.2,
      name: 'Toko "A"',
      address: 'Jl. Melati\n1',
      thumbnail: null,
    },
    document: { url: '/api/media/b.pdf', name: 'nota.pdf', size: 13, mimetype: 'application/pdf' },
    contact: { name: 'Budi', dial: '62', phoneNumber: '8123' },
    video: { url: '/api/media/c.mp4', thumbnail: null, duration: 75, mimetype: 'video/mp4' },
  };
  const types = ['text', 'image', 'location', 'document', 'contact', 'video'];
  const values: (typeof messages.$inferInsert)[] = [];
  for (let i = 0; i < 45; i++) {
    const type = types[i % types.length]!;
    const fromMe = i % 2 === 0;
    values.push({
      id: `ml${String(i).padStart(3, '0')}`,
      ownerId,
      chatId,
      accountId: owner.accountId,
      externalId: i % 4 === 0 ? null : `ext-ml-${i}`,
      temporaryId: fromMe ? `tmp-ml-${i}` : null,
      type,
      text: i % 3 === 0 ? '' : `pesan ${i} "kutip" \\ \n ✓`,
      media: type === 'text' ? null : media[type],
      isFromMe: fromMe || i % 11 === 0,
      status: ['read', 'sent', 'pending', 'error', 'unread'][i % 5]!,
      errorMessage: i % 5 === 3 ? 'Gagal "terkirim"' : null,
      agentId: fromMe && i % 3 !== 0 ? agentId : i === 8 ? 'agen-yang-sudah-dihapus' : null,
      senderName: fromMe ? null : i % 7 === 0 ? '' : 'Pelanggan 😀',
      // quotes: an earlier message of the list, the customer's first message, a missing one
      quotedMessageId:
        i % 4 === 1 && i > 4
          ? `ml${String(i - 4).padStart(3, '0')}`
          : i === 10
            ? unnamed!.id
            : i === 14
              ? 'tidak-ada'
              : null,
      isDeleted: i % 9 === 5,
      kind: i % 10 === 7 ? 'note' : i % 13 === 12 ? 'auto' : 'message',
      mentions: i % 10 === 7 ? [ownerId, agentId] : [],
      // microseconds, and pairs stamped with the same time (ordered by seq)
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      updatedAt: new Date(base + i * 61_000 + 999),
    });
  }
  await t.ctx.db.insert(messages).values(values);
  // microseconds, which PostgreSQL keeps and a Date read back drops (.999999 stays .999)
  await t.ctx.db.execute(sql`update messages set created_at = created_at + interval '789 microseconds',
    updated_at = updated_at + interval '999 microseconds' where id like 'ml%'`);
});

describe('GET /chat/{id}/message', () => {
  it('answers every page the same bytes as toMessage through JSON.stringify', async () => {
    for (const limit of [20, 7, 1, 100]) {
      const pages = Math.ceil(46 / limit) + 1;
      for (let page = 1; page <= pages; page++) {
        const res = await get(`/api/chat/${chatId}/message?page=${page}&limit=${limit}`, token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body, `page ${page} of ${limit}`).toBe(await expectedPage(page, limit));
        json(res, api.messagePage);
      }
    }
    // the default page: the newest 20
    const res = await get(`/api/chat/${chatId}/message`, token);
    expect(res.body).toBe(await expectedPage(1, 20));
    const page = json(res, api.messagePage);
    expect(page.hasNextPage).toBe(true);
    expect(page.docs.some((m) => m.kind === 'note' && m.mentions.length === 2)).toBe(true);
    expect(page.docs.some((m) => m.quoted && m.quoted.type !== 'text')).toBe(true);
    expect(page.docs.some((m) => m.isDeleted && m.type === 'deleted')).toBe(true);
    expect(page.docs.some((m) => m.agent?.name === 'Agen "Satu" 😀')).toBe(true);
  });

  it('an agent reads the same list; a page past the end is empty; a stranger finds no chat', async () => {
    const agent = await agentFor(t, token, 'Agen Dua');
    const res = await get(`/api/chat/${chatId}/message?limit=7`, agent.token);
    expect(res.body).toBe(await expectedPage(1, 7));
    expect((await get(`/api/chat/${chatId}/message?page=9`, token)).body).toBe(
      '{"docs":[],"hasNextPage":false}',
    );
    const stranger = await ownerWithSandbox(t.app);
    expect((await get(`/api/chat/${chatId}/message`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/chat/tidak-ada/message`, token)).statusCode).toBe(404);
  });
});

/**
 * The first page is kept and served again while its chat's messages and its owner's agents are
 * unchanged (message-list.ts, migration 0014). Whatever writes the messages - the API, a job, or a
 * statement straight to the database - the next read answers what is there now.
 */
describe('GET /chat/{id}/message after changes (the kept first page)', () => {
  const firstPage = async (as = token) => {
    const res = await get(`/api/chat/${chatId}/message`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const expectFresh = async (why: string) => {
    // twice: the read that finds the change, then the page kept from it
    expect(await firstPage(), why).toBe(await expectedPage(1, 20));
    expect(await firstPage(), `${why}, read again`).toBe(await expectedPage(1, 20));
  };

  it('answers new messages, receipts, edits, deletions and moves, however they were written', async () => {
    await expectFresh('kept');
    const before = await firstPage();
    // a customer's new message, through the ingest path
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    t.clock.advance(1000);
    await customerSays(t.app, chat!.accountId, 'Kuenya jadi 2');
    await expectFresh('a new message');
    expect(await firstPage()).not.toBe(before);
    expect(await firstPage()).toContain('Kuenya jadi 2');

    // statements straight to the table: a receipt, an edit, a revoke, one row removed
    const newest = async () =>
      (
        await t.ctx.db
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.chatId, chatId))
          .orderBy(desc(messages.createdAt), desc(messages.seq))
          .limit(3)
      ).map((r) => r.id);
    const [a, b, c] = await newest();
    await t.ctx.db.update(messages).set({ status: 'read' }).where(eq(messages.id, c!));
    await expectFresh('a receipt');
    await t.ctx.db.update(messages).set({ text: 'diubah langsung' }).where(eq(messages.id, b!));
    await expectFresh('an edit');
    expect(await firstPage()).toContain('diubah langsung');
    await t.ctx.db.update(messages).set({ isDeleted: true }).where(eq(messages.id, a!));
    await expectFresh('a revoke');
    await t.ctx.db.delete(messages).where(eq(messages.id, b!));
    await expectFresh('a removed message');
    expect(await firstPage()).not.toContain('diubah langsung');

    // a message moved here from another chat (a merge)
    const other = await customerSays(t.app, chat!.accountId, 'dari chat lain', '6281299990001');
    await t.ctx.db.update(messages).set({ chatId }).where(eq(messages.id, other.messageId));
    await expectFresh('a moved message');
    expect(await firstPage()).toContain('dari chat lain');
  });

  it("answers an agent's new name, and their removal; a stranger still finds no chat", async () => {
    await expectFresh('kept');
    const renamed = await call('PUT', `/api/agent/${agentId}`, token, {
      name: 'Agen Baru',
      email: `baru-${Date.now()}@contoh.test`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectFresh('a renamed agent');
    expect(
      json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs.some(
        (m) => m.agent?.name === 'Agen Baru',
      ),
    ).toBe(true);
    await t.ctx.db.delete(agents).where(eq(agents.id, agentId));
    await expectFresh('a removed agent');
    expect(await firstPage()).not.toContain('Agen Baru');

    const stranger = await ownerWithSandbox(t.app);
    expect((await get(`/api/chat/${chatId}/message`, stranger.token)).statusCode).toBe(404);
  });

  it('answers a reply, a customer and writes in one transaction; a stored message writes its chat once', async () => {
    await expectFresh('kept');
    // each new version of the chat, with the last message it shows (a trigger of this test only)
    const exec = (text: string) => t.ctx.db.execute(sql.raw(text));
    await exec('create table test_chat_writes (chat_id text, last_text text, last_status text)');
    await exec(`create function test_chat_write() returns trigger language plpgsql as $$
      begin insert into test_chat_writes values (new.id, new.last_message_text, new.last_message_status); return null; end $$`);
    await exec(
      'create trigger test_chat_writes after update on chats for each row execute function test_chat_write()',
    );
    const writesShowing = async (text: string, status: string) => {
      const { rows } = (await t.ctx.db.execute(
        sql`select count(*)::int as n from test_chat_writes
          where chat_id = ${chatId} and last_text = ${text} and last_status = ${status}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    };
    try {
      t.clock.advance(1000);
      const sent = await call('POST', `/api/chat/${chatId}/message`, token, {
        temporaryId: 'tmp-ml-balasan-00001',
        text: 'Siap kak, dikirim hari ini',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await expectFresh('a reply');
      expect(await firstPage()).toContain('Siap kak, dikirim hari ini');
      t.clock.advance(1000);
      const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId));
      await customerSays(t.app, chat!.accountId, 'Oke ditunggu');
      await expectFresh('a customer');
      expect(await firstPage()).toContain('Oke ditunggu');
      // the store's own update of the chat carries the version: the trigger writes it no second time
      // (a reply's later receipts write it again, with their statuses)
      expect(await writesShowing('Siap kak, dikirim hari ini', 'pending')).toBe(1);
      expect(await writesShowing('Oke ditunggu', 'unread')).toBe(1);
    } finally {
      await exec('drop trigger test_chat_writes on chats');
      await exec('drop function test_chat_write');
      await exec('drop table test_chat_writes');
    }

    const [first, second] = (
      await t.ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(desc(messages.createdAt), desc(messages.seq))
        .limit(2)
    ).map((r) => r.id);
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(messages).set({ text: 'diubah sekali' }).where(eq(messages.id, first!));
      await tx.update(messages).set({ text: 'diubah dua kali' }).where(eq(messages.id, second!));
      await tx.update(messages).set({ status: 'read' }).where(eq(messages.id, first!));
    });
    await expectFresh('three writes in one transaction');
    expect(await firstPage()).toContain('diubah dua kali');
    await t.ctx.db.update(messages).set({ text: 'diubah lagi' }).where(eq(messages.id, second!));
    await expectFresh('a write after them');
    expect(await firstPage()).toContain('diubah lagi');
  });

  it('a deleted chat is not found, though its page was kept', async () => {
    await expectFresh('kept');
    await t.ctx.db.delete(chats).where(eq(chats.id, chatId));
    expect((await get(`/api/chat/${chatId}/message`, token)).statusCode).toBe(404);
  });
});
