import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Chat, Message } from '@sapa/contracts';
import { chatSearch, chats, jobs, messages, sandboxDeliveries } from '../../db/schema';
import { rebuildSearchWords } from '../../lib/housekeeping';
import { agentFor, customerSays, drainJobs, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { ingestInbound } from './ingest';
import { applyStatus } from './receipts';

const { t, get, post, put } = useTestApp();
const tmp = (n: number) => `tmp${String(n).padStart(17, '0')}`;

describe('inbound', () => {
  it('a customer message creates the chat, counts as unread and unreplied, and a replay stores nothing', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const published: unknown[] = [];
    const off = t.ctx.bus.subscribe((m) => published.push(m));
    const { chatId } = await customerSays(t.app, accountId, 'Halo, apakah barang ready?');
    expect(published).toHaveLength(1);

    const list = json(await get('/api/chat', token), api.chatPage);
    expect(list.hasNextPage).toBe(false);
    expect(list.docs).toHaveLength(1);
    expect(list.docs[0]).toMatchObject({
      _id: chatId,
      accountId,
      account: { type: 'whatsapp' },
      contact: { name: 'Budi', phoneNumber: '6281234567890' },
      unreadCount: 1,
      lastMessage: { text: 'Halo, apakah barang ready?', isFromMe: false, type: 'text' },
    });
    expect(json(await get('/api/chat/count', token), api.chatCount)).toEqual({ unread: 1, unreplied: 1 });

    const event = {
      accountId,
      externalId: 'wamid.REPLAY-1',
      contact: { externalId: '6281234567890', name: 'Budi', phone: '6281234567890' },
      type: 'text' as const,
      text: 'sekali saja',
      sentAt: t.clock.now(),
    };
    const first = await ingestInbound(t.ctx, event);
    const replay = await ingestInbound(t.ctx, event);
    off();
    expect(first.created).toBe(true);
    expect(replay).toEqual({ chatId, messageId: first.messageId, created: false });
    expect(published).toHaveLength(2);
    const rows = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows).toHaveLength(2);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).unreadCount).toBe(2);
  });

  it('simultaneous first messages of a new customer, and a replay racing its original, make one chat with exact counts', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const base = {
      accountId,
      contact: { externalId: '6281299990001', name: 'Sinta', phone: '6281299990001' },
      type: 'text' as const,
      sentAt: t.clock.now(),
    };
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        ingestInbound(t.ctx, { ...base, externalId: `wamid.RACE-${i}`, text: `pesan ${i}` }),
      ),
      ingestInbound(t.ctx, { ...base, externalId: 'wamid.RACE-0', text: 'pesan 0' }),
    ]);
    const chatId = results[0]!.chatId;
    expect(results.every((r) => r.chatId === chatId)).toBe(true);
    expect(results.filter((r) => r.created)).toHaveLength(8);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(8);
    const chat = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(chat.unreadCount).toBe(8);
    expect(chat.contact.name).toBe('Sinta');
  });

  it('a burst of many customers at once: each message stored and published once with its chat as it then was, in order per chat; a bad event fails alone', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId: labelled } = await customerSays(
      t.app,
      accountId,
      'pesan 0',
      '6281200000000',
      'Pelanggan 0',
    );
    const vip = json(await post('/api/chat/label', token, { name: 'VIP', color: '#b91c1c' }), api.label);
    await put(`/api/chat/${labelled}/contact`, token, { labelIds: [vip._id] });
    const published: { kind: string; event?: { chat: Chat; message: Message } }[] = [];
    const off = t.ctx.bus.subscribe((m) => published.push(m as (typeof published)[number]));
    const customer = (c: number) => {
      const phone = `62812000000${String(c).padStart(2, '0')}`;
      return { externalId: phone, name: `Pelanggan ${c}`, phone };
    };
    const event = (c: number, m: number, text = `pesan ${m}`) => ({
      accountId,
      externalId: `wamid.BURST-${c}-${m}`,
      contact: customer(c),
      type: 'text' as const,
      text,
      sentAt: new Date(t.clock.now().getTime() + m),
    });
    const events = [1, 2, 3].flatMap((m) => Array.from({ length: 30 }, (_, c) => event(c, m)));
    const settled = await Promise.allSettled([
      ...events.map((e) => ingestInbound(t.ctx, e)),
      ...[0, 7, 29].map((c) => ingestInbound(t.ctx, event(c, 2))),
      ingestInbound(t.ctx, event(5, 9, 'tak bisa disimpan \u0000')),
    ]);
    off();
    const results = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
    expect(settled.at(-1)?.status).toBe('rejected');
    expect(results.slice(0, 90).every((r) => r?.created)).toBe(true);
    // the replays report the message stored the first time
    expect(results.slice(90, 93)).toEqual([0, 7, 29].map((c) => ({ ...results[30 + c], created: false })));
    expect(published).toHaveLength(90);
    for (let c = 0; c < 30; c++) {
      const chatId = results[c]!.chatId;
      const rows = await t.ctx.db
        .select({ text: messages.text })
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(messages.seq);
      expect(rows.map((r) => r.text)).toEqual(
        c === 0 ? ['pesan 0', 'pesan 1', 'pesan 2', 'pesan 3'] : ['pesan 1', 'pesan 2', 'pesan 3'],
      );
      // each event carries the chat just after its message: counts rise 1, 2, 3 in order
      const counts = published
        .filter((p) => p.event?.chat._id === chatId)
        .map((p) => [p.event!.chat.unreadCount, p.event!.message.text]);
      const before = c === 0 ? 1 : 0;
      expect(counts).toEqual([1, 2, 3].map((m) => [before + m, `pesan ${m}`]));
      const chat = json(await get(`/api/chat/${chatId}`, token), api.chat);
      expect(chat).toMatchObject({ unreadCount: before + 3, lastMessage: { text: 'pesan 3' } });
    }
    const labelledEvents = published.filter((p) => p.event?.chat._id === labelled);
    expect(labelledEvents.map((p) => p.event!.chat.contact.labels)).toEqual(
      Array(3).fill([{ _id: vip._id, name: 'VIP', color: '#b91c1c' }]),
    );
    expect(json(await get('/api/chat/count', token), api.chatCount)).toEqual({ unread: 30, unreplied: 30 });
  });

  it('two processes storing the first messages of one new customer at once make one chat with exact counts', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    // a second context over the same database: another server process with its own writer
    const other = { ...t.ctx };
    const base = {
      accountId,
      contact: { externalId: '6281299990002', name: 'Wati', phone: '6281299990002' },
      type: 'text' as const,
      sentAt: t.clock.now(),
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ingestInbound(i % 2 ? other : t.ctx, { ...base, externalId: `wamid.TWO-${i}`, text: `pesan ${i}` }),
      ),
    );
    const chatId = results[0]!.chatId;
    expect(results.every((r) => r.chatId === chatId && r.created)).toBe(true);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).unreadCount).toBe(10);
  });

  it('a late delivery of an older message counts as unread but does not rewind the last message', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'pesan terbaru');
    const late = await ingestInbound(t.ctx, {
      accountId,
      externalId: 'wamid.LATE-1',
      contact: { externalId: '6281234567890', name: 'Budi', phone: '6281234567890' },
      type: 'text',
      text: 'pesan lama yang terlambat',
      sentAt: new Date(t.clock.now().getTime() - 60_000),
    });
    expect(late).toMatchObject({ chatId, created: true });
    const chat = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(chat.unreadCount).toBe(2);
    expect(chat.lastMessage?.text).toBe('pesan terbaru');
    const page = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage);
    expect(page.docs.map((m) => m.text)).toEqual(['pesan lama yang terlambat', 'pesan terbaru']);
  });

  it('opening a chat sets unread to 0 and marks the customer messages read', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'satu');
    await customerSays(t.app, accountId, 'dua');
    expect((await post(`/api/chat/${chatId}/message/read`, token)).statusCode).toBe(200);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).unreadCount).toBe(0);
    expect(json(await get('/api/chat/count', token), api.chatCount)).toEqual({ unread: 0, unreplied: 1 });
    const page = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage);
    expect(page.docs.map((m) => m.status)).toEqual(['read', 'read']);
  });
});

describe('sending', () => {
  it('stores pending, sends once through the job, then moves sent -> unread -> read', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Ada warna merah?');
    const res = await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(1), text: 'Ada kak!' });
    expect(res.statusCode).toBe(200);
    const pending = json(res, api.message);
    expect(pending).toMatchObject({
      temporaryId: tmp(1),
      status: 'pending',
      isFromMe: true,
      text: 'Ada kak!',
    });
    expect(json(await get('/api/chat/count', token), api.chatCount)).toEqual({ unread: 1, unreplied: 0 });

    await drainJobs(t);
    const afterSend = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs.at(-1);
    expect(afterSend).toMatchObject({ _id: pending._id, status: 'sent', messageId: `sbx_${pending._id}` });

    t.clock.advance(1000);
    await drainJobs(t);
    const delivered = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(delivered.lastMessage).toMatchObject({ isFromMe: true, status: 'unread' });

    await applyStatus(t.ctx, { messageId: pending._id }, 'read');
    // a late 'sent' or 'unread' after 'read' changes nothing (forward-only)
    expect(await applyStatus(t.ctx, { messageId: pending._id }, 'sent')).toBe(false);
    expect(await applyStatus(t.ctx, { accountId, externalId: `sbx_${pending._id}` }, 'unread')).toBe(false);
    const final = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs.at(-1);
    expect(final?.status).toBe('read');
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).lastMessage?.status).toBe('read');
  });

  it('is idempotent on temporaryId: a retried send stores and sends one message', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const a = json(
      await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(2), text: 'Sekali' }),
      api.message,
    );
    const b = json(
      await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(2), text: 'Sekali' }),
      api.message,
    );
    expect(b._id).toBe(a._id);
    await drainJobs(t);
    const rows = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.filter((m) => m.isFromMe)).toHaveLength(1);
    const delivered = await t.ctx.db
      .select()
      .from(sandboxDeliveries)
      .where(eq(sandboxDeliveries.messageId, a._id));
    expect(delivered).toHaveLength(1);
  });

  it('a send job run twice (a crash after delivering) delivers once', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const m = json(
      await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(3), text: 'Tes' }),
      api.message,
    );
    // simulate: delivered, then the process died before recording 'sent'; the job is still queued
    const account = { id: accountId } as never;
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, m._id));
    await t.ctx.connectors.get('sandbox')!.send(account, {} as never, row!);
    await drainJobs(t);
    expect(
      await t.ctx.db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.messageId, m._id)),
    ).toHaveLength(1);
    const [after] = await t.ctx.db.select().from(messages).where(eq(messages.id, m._id));
    expect(after?.status).toBe('sent');
  });

  it('a failed delivery ends in error with its reason; empty text is refused', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const m = json(
      await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(4), text: 'ini #gagal' }),
      api.message,
    );
    await drainJobs(t);
    const failed = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs.find(
      (x) => x._id === m._id,
    );
    expect(failed).toMatchObject({
      status: 'error',
      errorMessage: 'Pesan gagal dikirim ke pelanggan (simulasi)',
    });
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    expect(queued.filter((j) => (j.payload as { messageId?: string }).messageId === m._id)).toHaveLength(0);

    const empty = await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(5), text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty, api.apiErrorBody).fields).toEqual({ text: 'Teks tidak valid' });
    const badTmp = await post(`/api/chat/${chatId}/message`, token, { temporaryId: 'pendek', text: 'x' });
    expect(badTmp.statusCode).toBe(400);
  });
});

describe('list', () => {
  it('finds a phrase with a number by the number, and only where the whole phrase is written', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const says = (text: string, i: number) =>
      customerSays(t.app, accountId, text, `62813555000${String(i).padStart(2, '0')}`, `Pembeli ${i}`);
    await says('kak, pesanan 4242 sudah dikirim?', 1);
    await says('kode promo 4242 masih berlaku?', 2);
    await says('pesanan saya 4242', 3);
    await says('PESANAN 42420 belum sampai', 4);
    const names = async (search: string) =>
      json(await get(`/api/chat?search=${encodeURIComponent(search)}`, token), api.chatPage)
        .docs.map((c) => c.contact.name)
        .sort();
    expect(await names('pesanan 4242')).toEqual(['Pembeli 1', 'Pembeli 4']);
    expect(await names('promo 4242 masih')).toEqual(['Pembeli 2']);
    expect(await names('4242')).toEqual(['Pembeli 1', 'Pembeli 2', 'Pembeli 3', 'Pembeli 4']);
    expect(await names('pesanan 4243')).toEqual([]);
  });

  it("searches through each chat's words: older messages, case and parts of words count; revoked, moved and very long chats stay right", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phone = (i: number) => `62813666000${String(i).padStart(2, '0')}`;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000);
      const { chatId } = await customerSays(
        t.app,
        accountId,
        'Kemeja BATIK ready?',
        phone(i),
        `Pembeli ${i}`,
      );
      ids.push(chatId);
      await customerSays(t.app, accountId, 'oke terima kasih', phone(i), `Pembeli ${i}`);
    }
    const found = async (search: string) => {
      const names: string[] = [];
      for (let page = 1; ; page++) {
        const res = json(
          await get(`/api/chat?search=${encodeURIComponent(search)}&page=${page}`, token),
          api.chatPage,
        );
        names.push(...res.docs.map((c) => c.contact.name));
        if (!res.hasNextPage) return names;
      }
    };
    const everyone = Array.from({ length: 25 }, (_, i) => `Pembeli ${24 - i}`);
    // 25 matches: the first page comes from the first pass over the newest chats, through their words
    expect(await found('batik')).toEqual(everyone);
    expect(await found('ATI')).toEqual(everyone);
    expect(await found('kemeja batik')).toEqual(everyone);
    expect(await found('batik kemeja')).toEqual([]);

    // a revoked message no longer finds its chat, before and after housekeeping rebuilds the words
    await t.ctx.db.update(messages).set({ isDeleted: true }).where(eq(messages.chatId, ids[20]!));
    // and so does a deleted one
    await t.ctx.db
      .delete(messages)
      .where(and(eq(messages.chatId, ids[19]!), eq(messages.text, 'Kemeja BATIK ready?')));
    const remaining = everyone.filter((name) => name !== 'Pembeli 20' && name !== 'Pembeli 19');
    expect(await found('batik')).toEqual(remaining);
    expect(await rebuildSearchWords(t.ctx)).toBeGreaterThanOrEqual(2);
    const [row] = await t.ctx.db.select().from(chatSearch).where(eq(chatSearch.chatId, ids[20]!));
    expect(row).toMatchObject({ stale: false, complete: true });
    expect(row?.words).not.toContain('batik');
    expect(await found('batik')).toEqual(remaining);

    // a message moved to another chat (WhatsApp's LID merge) finds that chat
    const { chatId: fresh } = await customerSays(t.app, accountId, 'halo', phone(30), 'Pembeli Baru');
    await t.ctx.db
      .update(messages)
      .set({ chatId: fresh })
      .where(and(eq(messages.chatId, ids[24]!), eq(messages.text, 'Kemeja BATIK ready?')));
    expect((await found('batik')).filter((name) => name.startsWith('Pembeli Baru'))).toEqual([
      'Pembeli Baru',
    ]);
    expect(await found('batik')).not.toContain('Pembeli 24');

    // a chat whose words pass the cap is no longer kept, and is searched through its messages
    for (let part = 0; part < 6; part++) {
      t.clock.advance(1000);
      const words = Array.from({ length: 400 }, (_, i) => `kata${String(part * 400 + i).padStart(5, '0')}`);
      await customerSays(t.app, accountId, words.join(' '), phone(23), 'Pembeli 23');
    }
    const [capped] = await t.ctx.db.select().from(chatSearch).where(eq(chatSearch.chatId, ids[23]!));
    expect(capped?.complete).toBe(false);
    expect((await found('batik'))[0]).toBe('Pembeli 23');
    expect(await found('kata02399')).toEqual(['Pembeli 23']);
  });

  it('lists each chat exactly as GET /chat/{id} and the realtime frame show it, byte for byte: labels in their order, agent, last message, dates', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const ani = await customerSays(t.app, accountId, 'halo kak', '6281377770001', 'Ani');
    t.clock.advance(1500);
    const bima = await customerSays(t.app, accountId, 'permisi', '6281377770002', 'Bima');
    t.clock.advance(1500);
    await customerSays(t.app, accountId, 'siang', '6281377770003', 'Citra');
    const label = async (name: string, color: string) =>
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/chat/label',
          headers: { token },
          payload: { name, color },
        }),
        api.label,
      )._id;
    const vip = await label('VIP', '#6d28d9');
    const grosir = await label('Grosir', '#1d4ed8');
    // a label deleted behind the chat's back is left out of both the ids and the labels
    await t.ctx.db
      .update(chats)
      .set({ labelIds: [grosir, 'label-terhapus', vip] })
      .where(eq(chats.id, ani.chatId));
    const agent = await agentFor(t, token, 'Dewi Agen');
    expect((await post(`/api/chat/${bima.chatId}/assign`, token, { agentId: agent.id })).statusCode).toBe(
      200,
    );
    t.clock.advance(1500);
    await post(`/api/chat/${bima.chatId}/message`, token, { temporaryId: tmp(31), text: 'baik, kami cek' });

    // the rest of what a chat can hold: a picture, a note to escape, text beyond ASCII, a time with
    // microseconds, another tenant's label, an agent since deleted, and no message at all
    const dodi = await customerSays(t.app, accountId, 'x', '6281377770004', 'Dodi');
    const other = await ownerWithSandbox(t.app);
    const theirs = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/label',
        headers: { token: other.token },
        payload: { name: 'Lain', color: '#000000' },
      }),
      api.label,
    )._id;
    await t.ctx.db
      .update(chats)
      .set({
        contactPicture: '/media/dodi.jpg',
        note: 'pelanggan "lama"\n\tbayar\\tunai',
        lastMessageText: 'Terima kasih 🙏 ya – sampai jumpa',
        lastMessageAt: sql`'2020-02-03 10:11:12.345999+00'`,
        fromSenderAt: sql`'2020-02-03 10:11:12.000001+00'`,
        labelIds: [theirs, vip],
        agentId: 'agen-terhapus',
      })
      .where(eq(chats.id, dodi.chatId));
    // Citra writes again with labels on her chat: the realtime frame (ingest's own chat JSON) is kept
    const frames: Chat[] = [];
    const off = t.ctx.bus.subscribe((m) => {
      if (m.kind === 'tenant' && m.event.chat?.contact.name === 'Citra') frames.push(m.event.chat);
    });
    const citra = json(await get('/api/chat?search=Citra', token), api.chatPage).docs[0]!;
    await t.ctx.db
      .update(chats)
      .set({ labelIds: [vip, grosir] })
      .where(eq(chats.id, citra._id));
    t.clock.advance(1500);
    await customerSays(t.app, accountId, 'Kak, ada warna merah? 🙏', '6281377770003', 'Citra');
    off();
    const eko = await customerSays(t.app, accountId, 'y', '6281377770005', 'Eko');
    await t.ctx.db
      .update(chats)
      .set({ lastMessageAt: null, fromSenderAt: null, unreadCount: 0 })
      .where(eq(chats.id, eko.chatId));

    const listed = await get('/api/chat', token);
    const list = json(listed, api.chatPage);
    expect(list.hasNextPage).toBe(false);
    const details = await Promise.all(list.docs.map((c) => get(`/api/chat/${c._id}`, token)));
    const one = details.map((res) => json(res, api.chat));
    expect(list.docs).toEqual(one);
    // byte for byte: the list's SQL-built JSON (chatJson) is the text GET /chat/{id} writes from toChat,
    // keys in the same order, and the realtime frame of ingest says the same as both
    expect(listed.body).toBe(`{"docs":[${details.map((res) => res.body).join(',')}],"hasNextPage":false}`);
    const citraDetail = details.find((res) => json(res, api.chat).contact.name === 'Citra')!;
    expect(frames.length).toBeGreaterThan(0);
    expect(JSON.stringify(api.chat.parse(frames.at(-1)))).toBe(citraDetail.body);
    const byName = new Map(list.docs.map((c) => [c.contact.name, c]));
    expect(byName.get('Ani')?.contact.labelIds).toEqual([grosir, vip]);
    expect(byName.get('Ani')?.contact.labels.map((l) => l.name)).toEqual(['Grosir', 'VIP']);
    expect(byName.get('Bima')?.agent).toMatchObject({ _id: agent.id, name: 'Dewi Agen' });
    expect(byName.get('Bima')?.lastMessage).toMatchObject({ text: 'baik, kami cek', isFromMe: true });
    expect(list.docs.map((c) => c.contact.name)).toEqual(['Citra', 'Bima', 'Ani', 'Dodi', 'Eko']);
    expect(byName.get('Dodi')).toMatchObject({
      senderPicture: '/media/dodi.jpg',
      contact: { note: 'pelanggan "lama"\n\tbayar\\tunai', labelIds: [vip] },
      agent: null,
      lastMessage: { sendAt: '2020-02-03T10:11:12.345Z', text: 'Terima kasih 🙏 ya – sampai jumpa' },
      fromSenderAt: '2020-02-03T10:11:12.000Z',
    });
    expect(byName.get('Eko')).toMatchObject({ lastMessage: null, fromSenderAt: null });
  });

  it('sorts by newest last message, pages by 20, filters by status and searches name, phone and text', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    for (let i = 0; i < 22; i++) {
      t.clock.advance(1000);
      await customerSays(
        t.app,
        accountId,
        `pesan nomor ${i}`,
        `62813000000${String(i).padStart(2, '0')}`,
        `Pelanggan ${i}`,
      );
    }
    const page1 = json(await get('/api/chat', token), api.chatPage);
    expect(page1.docs).toHaveLength(20);
    expect(page1.hasNextPage).toBe(true);
    expect(page1.docs[0]?.contact.name).toBe('Pelanggan 21');
    const page2 = json(await get('/api/chat?page=2', token), api.chatPage);
    expect(page2.docs.map((c) => c.contact.name)).toEqual(['Pelanggan 1', 'Pelanggan 0']);
    expect(page2.hasNextPage).toBe(false);

    // a new message moves an old chat to the top
    t.clock.advance(1000);
    await customerSays(t.app, accountId, 'saya lagi', '6281300000003', 'Pelanggan 3');
    expect(json(await get('/api/chat?limit=1', token), api.chatPage).docs[0]?.contact.name).toBe(
      'Pelanggan 3',
    );

    const byName = json(
      await get(`/api/chat?search=${encodeURIComponent('Pelanggan 17')}`, token),
      api.chatPage,
    );
    expect(byName.docs.map((c) => c.contact.name)).toEqual(['Pelanggan 17']);
    const byPhone = json(await get('/api/chat?search=6281300000012', token), api.chatPage);
    expect(byPhone.docs.map((c) => c.contact.name)).toEqual(['Pelanggan 12']);
    for (const typed of ['+62 813-0000-0012', '0813 0000 0012']) {
      const res = json(await get(`/api/chat?search=${encodeURIComponent(typed)}`, token), api.chatPage);
      expect(
        res.docs.map((c) => c.contact.name),
        typed,
      ).toEqual(['Pelanggan 12']);
    }
    const byText = json(await get(`/api/chat?search=${encodeURIComponent('nomor 5')}`, token), api.chatPage);
    expect(byText.docs.map((c) => c.contact.name)).toEqual(['Pelanggan 5']);
    // a word in every chat pages in list order; the last page (fewer than a full one) comes from the
    // indexed search, the others from the first pass over the newest chats
    const pagedNames: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const res = json(await get(`/api/chat?search=pesan&limit=5&page=${p}`, token), api.chatPage);
      expect(res.hasNextPage).toBe(p < 5);
      pagedNames.push(...res.docs.map((c) => c.contact.name));
    }
    const all = json(await get('/api/chat?limit=100', token), api.chatPage);
    expect(pagedNames).toEqual(all.docs.map((c) => c.contact.name));
    const none = json(await get('/api/chat?search=tidakada', token), api.chatPage);
    expect(none.docs).toEqual([]);

    const first = page1.docs[0]!;
    await post(`/api/chat/${first._id}/message`, token, { temporaryId: tmp(6), text: 'dibalas' });
    await post(`/api/chat/${first._id}/message/read`, token);
    const unreplied = json(await get('/api/chat?status=unreplied&limit=100', token), api.chatPage);
    expect(unreplied.docs.map((c) => c._id)).not.toContain(first._id);
    const unread = json(await get('/api/chat?status=unread&limit=100', token), api.chatPage);
    expect(unread.docs).toHaveLength(21);
    expect(json(await get('/api/chat/count', token), api.chatCount)).toEqual({ unread: 21, unreplied: 21 });
    const byAccount = json(await get(`/api/chat?accountIds=${accountId}&limit=100`, token), api.chatPage);
    expect(byAccount.docs).toHaveLength(22);
    const otherAccount = json(await get('/api/chat?accountIds=lain', token), api.chatPage);
    expect(otherAccount.docs).toHaveLength(0);
  });

  it('pages messages newest page first, each page oldest first', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    let chatId = '';
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000);
      chatId = (await customerSays(t.app, accountId, `m${i}`)).chatId;
    }
    const p1 = json(await get(`/api/chat/${chatId}/message`, token), api.messagePage);
    expect(p1.docs.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(p1.hasNextPage).toBe(true);
    const p2 = json(await get(`/api/chat/${chatId}/message?page=2`, token), api.messagePage);
    expect(p2.docs.map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(p2.hasNextPage).toBe(false);
  });
});

describe('start a chat', () => {
  it('opens a chat with a number and sends the first text; bad input gets the spec messages', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const bad = await post('/api/chat/new', token, { accountId: '', phoneNumber: '0812', text: '' });
    expect(json(bad, api.apiErrorBody).fields).toEqual({
      accountId: 'Nomor Pengirim tidak valid',
      phoneNumber: 'Nomor Telepon tidak valid',
      text: 'Teks tidak valid',
    });
    const wrongAccount = await post('/api/chat/new', token, {
      accountId: 'tidak-ada',
      phoneNumber: '6285700001111',
      text: 'Halo',
    });
    expect(json(wrongAccount, api.apiErrorBody).message).toBe('Nomor Pengirim tidak valid');

    const res = await post('/api/chat/new', token, {
      accountId,
      phoneNumber: '6285700001111',
      text: 'Halo, ada promo!',
    });
    expect(res.statusCode).toBe(200);
    const chat = json(res, api.chat);
    expect(chat).toMatchObject({
      contact: { phoneNumber: '6285700001111' },
      lastMessage: { text: 'Halo, ada promo!', isFromMe: true },
    });
    const again = json(
      await post('/api/chat/new', token, { accountId, phoneNumber: '6285700001111', text: 'Lagi' }),
      api.chat,
    );
    expect(again._id).toBe(chat._id);
  });
});
