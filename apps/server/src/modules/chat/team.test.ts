import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { INBOX_MESSAGES as M } from '@sapa/contracts';
import { accounts, agents, messages } from '../../db/schema';
import {
  agentFor,
  customerSays,
  drainJobs,
  json,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../test/helpers';

/** The inbox as a team's tool (issue 21): conversation state, round-robin, notes and notifications. */
const { t, call } = useTestApp();
const req = (method: Method, url: string, token: string, payload?: unknown) =>
  call(method, `/api${url}`, token, payload as object | undefined);

const listIds = async (token: string, query = '') =>
  json(await req('GET', `/chat${query}`, token), api.chatPage).docs.map((c) => c._id);
const chatOf = async (token: string, id: string) => json(await req('GET', `/chat/${id}`, token), api.chat);
const notificationsOf = async (token: string) =>
  json(await req('GET', '/notification', token), api.notificationPage);

describe('conversation state', () => {
  it('resolves, reopens on the customer’s next message, and the views and counts follow', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo, pesanan saya?', '6281311110001');
    t.clock.advance(1000);
    const other = (await customerSays(t.app, accountId, 'Ada stok?', '6281311110002')).chatId;
    expect(await listIds(token)).toEqual([other, chatId]);

    const resolved = json(await req('PUT', `/chat/${chatId}/state`, token, { state: 'resolved' }), api.chat);
    expect(resolved).toMatchObject({ conversationState: 'resolved', snoozedUntil: null });
    // 'Terbuka' (the default) no longer shows it; 'Selesai' and 'Semua' do; the tabs count the view
    expect(await listIds(token)).toEqual([other]);
    expect(await listIds(token, '?state=resolved')).toEqual([chatId]);
    expect(await listIds(token, '?state=all')).toEqual([other, chatId]);
    expect(await listIds(token, '?state=resolved&status=unread')).toEqual([chatId]);
    expect(json(await req('GET', '/chat/count', token), api.chatCount)).toEqual({ unread: 1, unreplied: 1 });
    expect(json(await req('GET', '/chat/count?state=all', token), api.chatCount)).toEqual({
      unread: 2,
      unreplied: 2,
    });

    t.clock.advance(60_000);
    await customerSays(t.app, accountId, 'Halo? Masih ada pertanyaan', '6281311110001');
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'open' });
    expect(await listIds(token)).toEqual([chatId, other]);
  });

  it('snoozes until a time, wakes at it (or at the customer’s message), and refuses a time in the past', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Nanti saya kabari', '6281311120001');
    const until = new Date(t.clock.now().getTime() + 3600_000).toISOString();

    const past = await req('PUT', `/chat/${chatId}/state`, token, {
      state: 'snoozed',
      snoozedUntil: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(json(past, api.apiErrorBody).fields).toEqual({ snoozedUntil: M.snoozeInvalid });
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'open' });

    const snoozed = json(
      await req('PUT', `/chat/${chatId}/state`, token, { state: 'snoozed', snoozedUntil: until }),
      api.chat,
    );
    expect(snoozed).toMatchObject({ conversationState: 'snoozed', snoozedUntil: until });
    expect(await listIds(token, '?state=snoozed')).toEqual([chatId]);
    t.clock.advance(59 * 60_000);
    await drainJobs(t);
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'snoozed' });
    t.clock.advance(2 * 60_000);
    await drainJobs(t);
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'open', snoozedUntil: null });

    // snoozed again: the customer writing first brings it back at once, and the old wake-up is harmless
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await req('PUT', `/chat/${chatId}/state`, token, { state: 'snoozed', snoozedUntil: later });
    await customerSays(t.app, accountId, 'Jadi pesan 2 ya', '6281311120001');
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'open', snoozedUntil: null });
    await req('PUT', `/chat/${chatId}/state`, token, { state: 'resolved' });
    t.clock.advance(86_400_000 + 1000);
    await drainJobs(t);
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'resolved' });
  });

  it("lets the owner and the chat's agent change the state, no other agent, and no other tenant", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const dewi = await agentFor(t, token, 'Dewi');
    const sari = await agentFor(t, token, 'Sari');
    const { chatId } = await customerSays(t.app, accountId, 'Tolong dibantu', '6281311130001');

    const unassigned = await req('PUT', `/chat/${chatId}/state`, dewi.token, { state: 'resolved' });
    expect(unassigned.statusCode).toBe(403);
    expect(json(unassigned, api.apiErrorBody).message).toBe(M.stateDenied);
    // 'Ambil': the agent takes it, and may then resolve it; another agent may not
    json(await req('POST', `/chat/${chatId}/assign`, dewi.token, { agentId: dewi.id }), api.chat);
    expect(await listIds(dewi.token, '?assignee=me')).toEqual([chatId]);
    expect(await listIds(sari.token, '?assignee=me')).toEqual([]);
    expect(await listIds(token, '?assignee=none')).toEqual([]);
    expect((await req('PUT', `/chat/${chatId}/state`, sari.token, { state: 'resolved' })).statusCode).toBe(
      403,
    );
    expect((await req('PUT', `/chat/${chatId}/state`, dewi.token, { state: 'resolved' })).statusCode).toBe(
      200,
    );

    const stranger = await ownerWithSandbox(t.app);
    expect((await req('PUT', `/chat/${chatId}/state`, stranger.token, { state: 'open' })).statusCode).toBe(
      404,
    );
    expect(await chatOf(token, chatId)).toMatchObject({ conversationState: 'resolved' });
  });
});

describe('round-robin', () => {
  it('gives new chats of a number to the available agent who waited longest, skipping unavailable ones', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const a = await agentFor(t, token, 'Ani');
    const b = await agentFor(t, token, 'Bima');
    const c = await agentFor(t, token, 'Citra');
    // off by default: a new chat stays unassigned
    const before = await customerSays(t.app, accountId, 'Halo', '6281311140000');
    expect((await chatOf(token, before.chatId)).agentId).toBeNull();

    const switched = await req('PUT', `/account/${accountId}/round-robin`, token, { enabled: true });
    expect(json(switched, api.account).roundRobin).toBe(true);
    expect(
      (await req('PUT', `/account/${accountId}/round-robin`, a.token, { enabled: false })).statusCode,
    ).toBe(403);
    // Citra switches herself off
    expect(
      json(await req('PUT', '/agent/me/availability', c.token, { available: false }), api.teammate),
    ).toMatchObject({ _id: c.id, available: false });
    expect((await req('PUT', '/agent/me/availability', token, { available: false })).statusCode).toBe(403);

    const owners: (string | null)[] = [];
    for (let i = 1; i <= 4; i++) {
      const { chatId } = await customerSays(t.app, accountId, 'Mau tanya', `628131114000${i}`);
      owners.push((await chatOf(token, chatId)).agentId);
    }
    expect(owners.filter((id) => id === a.id)).toHaveLength(2);
    expect(owners.filter((id) => id === b.id)).toHaveLength(2);
    expect(owners[0]).not.toBe(owners[1]);
    expect(owners).not.toContain(c.id);
    // a customer writing again in an assigned chat changes nothing; the agent was told of each chat
    await customerSays(t.app, accountId, 'Halo lagi', '6281311140001');
    expect((await notificationsOf(a.token)).docs.map((n) => n.kind)).toEqual(['assigned', 'assigned']);
    expect((await notificationsOf(c.token)).docs).toEqual([]);

    // another tenant's switch cannot be touched
    const stranger = await ownerWithSandbox(t.app);
    expect(
      (await req('PUT', `/account/${accountId}/round-robin`, stranger.token, { enabled: false })).statusCode,
    ).toBe(404);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row!.roundRobin).toBe(true);
    const [citra] = await t.ctx.db.select().from(agents).where(eq(agents.id, c.id));
    expect(citra!.available).toBe(false);
  });
});

describe('notes and notifications', () => {
  it('keeps a note in the timeline for the team alone: never sent, never the last message', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const dewi = await agentFor(t, token, 'Dewi');
    const { chatId } = await customerSays(t.app, accountId, 'Barangnya rusak', '6281311150001');
    const team = json(await req('GET', '/teammate', dewi.token), api.teammateList).docs;
    const owner = team.find((m) => m.role === 'owner')!;
    expect(team.map((m) => m.name)).toEqual([owner.name, 'Dewi']);

    const res = await req('POST', `/chat/${chatId}/note`, dewi.token, {
      text: '@Pemilik tolong cek garansinya',
      mentions: [owner._id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = json(res, api.message);
    expect(note).toMatchObject({ kind: 'note', mentions: [owner._id], agentId: dewi.id, isFromMe: true });
    await drainJobs(t);
    // no connector saw it: no send job ran, its status never moved, the chat's last message is the customer's
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, note._id));
    expect(row!.status).toBe('sent');
    expect(row!.externalId).toBeNull();
    expect(await t.ctx.jobs.pending()).toBe(0);
    const chat = await chatOf(token, chatId);
    expect(chat.lastMessage).toMatchObject({ text: 'Barangnya rusak', isFromMe: false });
    expect(chat.unreadCount).toBe(1);
    const timeline = json(await req('GET', `/chat/${chatId}/message`, token), api.messagePage).docs;
    expect(timeline.map((m) => m.kind)).toEqual(['message', 'note']);

    // the owner is told; the author is not; marking read counts down
    const told = await notificationsOf(token);
    expect(told.unread).toBe(1);
    expect(told.docs).toEqual([
      expect.objectContaining({
        kind: 'mention',
        chatId,
        messageId: note._id,
        actorName: 'Dewi',
        read: false,
      }),
    ]);
    expect((await notificationsOf(dewi.token)).docs).toEqual([]);
    json(await req('PUT', '/notification/read', token, {}), api.messageResponse);
    expect(await notificationsOf(token)).toMatchObject({ unread: 0 });
  });

  it('tells an agent when the owner assigns them a chat, not when they take it themselves', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const dewi = await agentFor(t, token, 'Dewi');
    const first = await customerSays(t.app, accountId, 'Halo', '6281311160001', 'Rina');
    const second = await customerSays(t.app, accountId, 'Halo', '6281311160002', 'Tono');
    await req('POST', `/chat/${first.chatId}/assign`, token, { agentId: dewi.id });
    await req('POST', `/chat/${second.chatId}/assign`, dewi.token, { agentId: dewi.id });
    const told = await notificationsOf(dewi.token);
    expect(told.docs).toEqual([
      expect.objectContaining({ kind: 'assigned', chatId: first.chatId, text: 'Rina' }),
    ]);
  });

  it('keeps notes and mentions inside the tenant', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281311170001');
    const stranger = await ownerWithSandbox(t.app);
    const strangerAgent = await agentFor(t, stranger.token, 'Orang Lain');

    // a mention of another tenant's agent is refused and nothing is stored
    const refused = await req('POST', `/chat/${chatId}/note`, token, {
      text: 'hai @Orang',
      mentions: [strangerAgent.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused, api.apiErrorBody).fields).toEqual({ mentions: M.mentionUnknown });
    expect(json(await req('GET', `/chat/${chatId}/message`, token), api.messagePage).docs).toHaveLength(1);
    // another tenant can neither write a note in the chat nor read its related chats
    expect((await req('POST', `/chat/${chatId}/note`, stranger.token, { text: 'x' })).statusCode).toBe(404);
    expect((await req('GET', `/chat/${chatId}/related`, stranger.token)).statusCode).toBe(404);
    expect((await notificationsOf(strangerAgent.token)).docs).toEqual([]);
    // a blank note is refused with the spec's wording
    const blank = await req('POST', `/chat/${chatId}/note`, token, { text: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it("lists the contact's chats on the tenant's other numbers", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281311180001');
    const [sandbox] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    const [second] = await t.ctx.db
      .insert(accounts)
      .values({ ...sandbox!, id: undefined, labelName: 'Toko Cabang', phoneNumber: '6281399990000' })
      .returning();
    const other = await customerSays(t.app, second!.id, 'Halo cabang', '6281311180001');
    await customerSays(t.app, second!.id, 'Orang lain', '6281311180002');
    const related = json(
      await req('GET', `/chat/${chatId}/related`, token),
      api.chatPage.pick({ docs: true }),
    );
    expect(related.docs.map((c) => c._id)).toEqual([other.chatId]);
  });
});
