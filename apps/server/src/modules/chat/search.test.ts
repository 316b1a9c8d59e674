import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chatListQuery, type ChatListQuery } from '@sapa/contracts';
import { chats, messages } from '../../db/schema';
import { agentFor, json, useTestApp } from '../../../test/helpers';
import { ingestInbound } from './ingest';
import { sqlSearch, type ChatSearch } from './search';
import { indexSearch } from './index-search';
import { rebuildSearchWords } from '../../lib/housekeeping';
import { searchIndexesOf } from './search-index';
import { fill, random, tenant, vocabulary, type Tenant } from './search-fixture';

const { t, post } = useTestApp();

const searches = [
  'batik',
  'BATIK',
  'ati',
  'kemeja batik',
  'batik kemeja',
  'meja bat',
  'ready? pesanan',
  'pesanan 12',
  'pesanan 4',
  '42',
  'Kartika Siregar',
  'kartika siregar 1',
  'tika sir',
  'santoso 7',
  '+62 813-5500-012',
  '0813 5500 01',
  '6281355000',
  'halo kak,',
  'tidakada',
  'ok',
  '50%',
  'a_b',
];

type Filters = Partial<ChatListQuery> & { as?: string };

/**
 * What `engine` answers for the query's page (the first offset + limit + 1 chats, as the list asks),
 * held to the reference's answer. Counts the searches the engine answered itself (not null).
 */
async function compare(engine: ChatSearch, tn: Tenant, query: Filters, label: string) {
  // `as`: search as this agent ('Milik Saya' is theirs)
  const { as: agentId = null, ...rest } = query;
  const q = chatListQuery.parse(rest);
  const actor = { ownerId: tn.ownerId, agentId };
  const search = q.search!.trim();
  const wanted = (q.page - 1) * q.limit + q.limit + 1;
  const reference = (await sqlSearch.find(t.ctx, actor, q, search, wanted))!.map((r) => r.json);
  const found = await engine.find(t.ctx, actor, q, search, wanted);
  if (found)
    expect(
      found.map((r) => r.json),
      label,
    ).toEqual(reference);
  return { chats: reference.map((j) => JSON.parse(j) as { _id: string }), answered: found !== null };
}

async function compareAll(engine: ChatSearch, tn: Tenant, next: () => number, extra: Filters[] = [{}]) {
  let answered = 0;
  let found = 0;
  for (const search of searches) {
    for (const filters of extra) {
      for (const page of [1, 2]) {
        const query = { search, page, limit: 5, ...filters };
        const res = await compare(engine, tn, query, JSON.stringify(query));
        found += res.chats.length;
        answered += +res.answered;
      }
    }
  }
  // random phrases from the words the customers wrote
  for (let i = 0; i < 20; i++) {
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const word = vocabulary[Math.floor(next() * vocabulary.length)]!;
      const start = Math.floor(next() * 2);
      return word.slice(start, start + 2 + Math.floor(next() * word.length));
    });
    const query = { search: words.join(' '), limit: 3 + Math.floor(next() * 10) };
    answered += +(await compare(engine, tn, query, JSON.stringify(query))).answered;
  }
  // the engine answered most searches itself (not only the reference behind it), and they found chats
  expect(answered).toBeGreaterThan(searches.length * extra.length);
  expect(found).toBeGreaterThan(50);
}

/** Every engine other than the reference, held to it. */
const engines: ChatSearch[] = [indexSearch];

describe.each(engines)('ChatSearch contract: $name', (engine) => {
  it('answers every search, filter and page exactly as the reference does, before and after the chats change', async () => {
    const next = random(20261125);
    const tn = await tenant(t);
    await fill(t, tn, 70, next);
    const indexes = searchIndexesOf(t.ctx.database.searchDb, t.ctx.config.searchIndex.maxBytes, t.ctx.log);
    expect(await indexes.get(tn.ownerId, 30_000)).not.toBeNull();

    // labels, an agent, read and replied chats: every filter
    const label = json(
      await post('/api/chat/label', tn.token, { name: 'VIP', color: '#6d28d9' }),
      api.label,
    )._id;
    const agent = await agentFor(t, tn.token, 'Dewi Agen');
    for (const [i, chatId] of tn.chatIds.entries()) {
      if (i % 3 === 0)
        await t.ctx.db
          .update(chats)
          .set({ labelIds: [label] })
          .where(eq(chats.id, chatId));
      if (i % 4 === 0) await t.ctx.db.update(chats).set({ agentId: agent.id }).where(eq(chats.id, chatId));
      if (i % 5 === 0) await post(`/api/chat/${chatId}/message/read`, tn.token);
      if (i % 6 === 0)
        await t.ctx.db.update(chats).set({ conversationState: 'resolved' }).where(eq(chats.id, chatId));
      if (i % 11 === 0)
        await t.ctx.db
          .update(chats)
          .set({ conversationState: 'snoozed', snoozedUntil: new Date(Date.now() + 3_600_000) })
          .where(eq(chats.id, chatId));
      if (i % 7 === 0)
        await post(`/api/chat/${chatId}/message`, tn.token, {
          temporaryId: `idx${String(i).padStart(17, '0')}`,
          text: 'baik kak, kami cek',
        });
    }
    const filters: Filters[] = [
      {},
      { status: 'unread' },
      { status: 'unreplied' },
      { labelIds: [label] },
      { agentIds: [agent.id] },
      { accountIds: [tn.accountId] },
      { state: 'resolved' },
      { state: 'snoozed', status: 'unread' },
      { state: 'all', assignee: 'none' },
      { state: 'all', assignee: 'me', as: agent.id },
      { assignee: 'me' },
    ];
    // the writes above came after the index's read: PostgreSQL tests those chats itself
    await compareAll(engine, tn, next, filters);
    await indexes.refresh(tn.ownerId);
    await compareAll(engine, tn, next, filters);

    // a chat renamed, a revoked message, a message moved to another chat, a deleted chat, a new word
    const [a, b, c, d] = tn.chatIds.slice(-4) as [string, string, string, string];
    await t.ctx.db.update(chats).set({ contactName: 'Zulkifli Batik' }).where(eq(chats.id, a));
    await t.ctx.db.update(messages).set({ isDeleted: true }).where(eq(messages.chatId, b));
    await t.ctx.db
      .update(messages)
      .set({ chatId: a })
      .where(eq(messages.id, sql`(select id from ${messages} where ${messages.chatId} = ${c} limit 1)`));
    await t.ctx.db.delete(chats).where(eq(chats.id, d));
    t.clock.advance(1000);
    const { chatId: marun } = await ingestInbound(t.ctx, {
      accountId: tn.accountId,
      externalId: 'ext-new-word',
      contact: { externalId: '6281355000003', name: 'Budi Santoso 3', phone: '6281355000003' },
      type: 'text',
      text: 'ada warna marun?',
      sentAt: t.clock.now(),
    });
    searches.push('marun', 'zulkifli', 'ada warna');
    await compareAll(engine, tn, next);
    // read again, the index itself names the new word's and the renamed chat (with the chats whose
    // words went stale, which PostgreSQL reads through their messages)
    await indexes.refresh(tn.ownerId);
    const index = (await indexes.get(tn.ownerId))!;
    const none = {
      status: '' as const,
      accountIds: [],
      labelIds: [],
      agentIds: [],
      state: 'all' as const,
      assignee: '' as const,
      me: '',
    };
    expect(index.candidates('marun', null, none, 5).ids).toContain(marun);
    expect(index.candidates('zulkifli', null, none, 5).ids).toContain(a);
    expect(index.candidates('zulkifli', null, none, 5).ids).not.toContain(d);
    await compareAll(engine, tn, next);
    // housekeeping rebuilds the stale words: the index reads them again, trusted
    expect(await rebuildSearchWords(t.ctx)).toBeGreaterThanOrEqual(2);
    await indexes.refresh(tn.ownerId);
    expect(index.candidates('marun', null, none, 5).ids).toEqual([marun]);
    await compareAll(engine, tn, next);
    searches.splice(-3);
    // hundreds of searches, each asked of both engines: 25 s alone, near 30 on a busy CI machine
  }, 120_000);

  it("keeps tenants apart: one owner's words never find another's chats", async () => {
    const next = random(7);
    const one = await tenant(t);
    const two = await tenant(t);
    await fill(t, one, 10, next);
    await fill(t, two, 10, next);
    for (const tn of [one, two]) {
      const res = await compare(engine, tn, { search: 'pesanan' }, 'pesanan');
      expect(res.chats.length).toBeGreaterThan(0);
      for (const chat of res.chats) expect(tn.chatIds).toContain(chat._id);
    }
    const rows = await t.ctx.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.ownerId, one.ownerId)));
    expect(rows).toHaveLength(10);
  });
});
