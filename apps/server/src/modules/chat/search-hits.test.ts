import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { chatListQuery } from '@sapa/contracts';
import { revokeMessage } from './revoke';
import { hitText, searchHits } from './search-hits';
import { indexSearch } from './index-search';
import { searchIndexesOf } from './search-index';

const { t, get } = useTestApp();

const list = async (token: string, search?: string) =>
  json(
    await get(`/api/chat?limit=20${search ? `&search=${encodeURIComponent(search)}` : ''}`, token),
    api.chatSearchPage,
  );

describe('search hits (issue 21)', () => {
  it("carries each listed chat's newest matching message beside docs, which stay as they were", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const says = (text: string, phone = '6281300000001', name = 'Sari') =>
      customerSays(t.app, accountId, text, phone, name);
    const first = await says('Ongkir ke Bandung berapa kak?');
    const second = await says('kalau ONGKIR ke bandung pakai kurir lain?');
    for (let i = 0; i < 25; i++) await says(`pesan lain nomor ${i}`);
    const other = await says('ongkir ke Medan', '6281300000002', 'Joko');
    await says('Ongkir saja', '6281300000003', 'Ongkir Store'); // found by name, no message with both words

    const page = await list(token, 'ongkir ke bandung');
    expect(page.docs.map((c) => c._id)).toEqual([first.chatId]);
    expect(page.hits).toEqual([
      {
        chatId: first.chatId,
        messageId: second.messageId,
        text: 'kalau ONGKIR ke bandung pakai kurir lain?',
      },
    ]);

    const byWord = await list(token, 'ongkir');
    expect(byWord.docs).toHaveLength(3);
    const hits = new Map(byWord.hits?.map((h) => [h.chatId, h.messageId]));
    expect(hits.get(first.chatId)).toBe(second.messageId);
    expect(hits.get(other.chatId)).toBe(other.messageId);

    // the docs are the same bytes as without hits; no search, no hits
    const plain = await list(token);
    expect(plain.hits).toBeUndefined();
    const chat = plain.docs.find((c) => c._id === first.chatId);
    expect(byWord.docs.find((c) => c._id === first.chatId)).toEqual(chat);
  });

  it("the index's first page reads its hits in the same statement: the hits asked on their own", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ownerId = json(await get('/api/user', token), api.userProfile)._id;
    const texts = ['Ongkir ke Bandung berapa?', 'kemeja batik ready?', 'ONGKIR kemeja ke medan', 'halo'];
    for (let i = 0; i < 30; i++) {
      await customerSays(
        t.app,
        accountId,
        texts[i % 4]!,
        `62813111${String(i).padStart(4, '0')}`,
        `Sari ${i}`,
      );
      t.clock.advance(1000);
    }
    // a chat found by its name alone, and a deleted match
    await customerSays(t.app, accountId, 'apa kabar', '6281311199999', 'Toko Ongkir');
    const indexes = searchIndexesOf(t.ctx.database.searchDb, t.ctx.config.searchIndex.maxBytes, t.ctx.log);
    expect(await indexes.get(ownerId, 30_000)).not.toBeNull();

    const actor = { ownerId, agentId: null };
    for (const search of ['ongkir', 'ONGKIR ke', 'kemeja batik', 'Sari 1', '0813111', 'tidak ada']) {
      const query = chatListQuery.parse({ search });
      // the index answers with its hits (the SQL search leaves them to the route)
      const rows = await indexSearch.find(t.ctx, actor, query, search, query.limit + 1);
      expect(rows, search).not.toBeNull();
      expect(
        rows!.every((row) => row.hit !== undefined),
        search,
      ).toBe(true);
      const page = await list(token, search);
      const separate = await searchHits(
        t.ctx,
        actor,
        page.docs.map((c) => c._id),
        search,
      );
      expect(page.hits, search).toEqual(separate);
    }
    // a later page asks for its hits on its own, and gets the same
    const second = json(await get(`/api/chat?limit=5&page=2&search=ongkir`, token), api.chatSearchPage);
    expect(second.hits).toEqual(
      await searchHits(
        t.ctx,
        actor,
        second.docs.map((c) => c._id),
        'ongkir',
      ),
    );
    expect(second.hits?.length).toBeGreaterThan(0);
  });

  it('skips deleted messages and never reads another tenant', async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const old = await customerSays(t.app, a.accountId, 'kode voucher HEMAT50 bisa?', '6281300000011');
    const revoked = await customerSays(t.app, a.accountId, 'voucher hemat50 lagi', '6281300000011');
    await customerSays(t.app, b.accountId, 'voucher HEMAT50 punya B', '6281300000011');
    const [row] = await t.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, revoked.messageId)));
    await revokeMessage(t.ctx, { accountId: a.accountId, externalId: row!.externalId! });

    const page = await list(a.token, 'hemat50');
    expect(page.hits).toEqual([
      { chatId: old.chatId, messageId: old.messageId, text: 'kode voucher HEMAT50 bisa?' },
    ]);
    const theirs = await list(b.token, 'hemat50');
    expect(theirs.hits?.map((h) => h.text)).toEqual(['voucher HEMAT50 punya B']);
  });

  it('cuts a long text to a window around the words', () => {
    const text = `${'kata '.repeat(60)}nomor resi JNE123 ${'lagi '.repeat(60)}`;
    const cut = hitText(text, ['jne123']);
    expect(cut.length).toBeLessThanOrEqual(162);
    expect(cut).toContain('JNE123');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(hitText('pendek JNE123', ['jne123'])).toBe('pendek JNE123');
  });
});

describe('message position (issue 21)', () => {
  it('names the page of the message list that holds a message, for its own tenant only', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const other = await ownerWithSandbox(t.app);
    const oldest = await customerSays(t.app, accountId, 'pesan paling lama', '6281300000021');
    const ids = [oldest.messageId];
    for (let i = 1; i < 45; i++) {
      t.clock.advance(1000);
      ids.push((await customerSays(t.app, accountId, `pesan ${i}`, '6281300000021')).messageId);
    }
    const { chatId } = oldest;
    const position = async (messageId: string, query = '', who = token) =>
      get(`/api/chat/${chatId}/message/${messageId}/page${query}`, who);

    expect(json(await position(oldest.messageId), api.messagePosition)).toEqual({ page: 3 });
    expect(json(await position(ids[44]!), api.messagePosition)).toEqual({ page: 1 });
    expect(json(await position(ids[25]!), api.messagePosition)).toEqual({ page: 1 });
    expect(json(await position(ids[24]!), api.messagePosition)).toEqual({ page: 2 });
    expect(json(await position(oldest.messageId, '?limit=50'), api.messagePosition)).toEqual({ page: 1 });
    // the page named holds it
    const page3 = json(await get(`/api/chat/${chatId}/message?page=3`, token), api.messagePage);
    expect(page3.docs.map((m) => m._id)).toContain(oldest.messageId);

    expect((await position(oldest.messageId, '', other.token)).statusCode).toBe(404);
    const elsewhere = await customerSays(t.app, accountId, 'chat lain', '6281300000022');
    expect((await position(elsewhere.messageId)).statusCode).toBe(404);
    expect((await position('tidak-ada')).statusCode).toBe(404);
    expect((await position(oldest.messageId, '?limit=0')).statusCode).toBe(400);
  });
});
