import * as api from '@sapa/contracts';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { parseRealtimeFrame, type RealtimeEvent } from '@sapa/contracts';
import { agentFor, customerSays, json, ownerWithSandbox, useTestApp } from '../../test/helpers';
import { openSocket, until } from '../../test/sockets';

const { t } = useTestApp({ listen: true });

/** Opens /ws and collects decoded frames. */
async function connect(token: string) {
  const frames: RealtimeEvent[] = [];
  const raw: string[] = [];
  const socket = await openSocket(`${t.base}/ws?token=${encodeURIComponent(token)}`, (data) => {
    raw.push(String(data));
    const event = parseRealtimeFrame(String(data));
    if (event) frames.push(event);
  });
  return { socket, frames, raw };
}

describe('realtime', () => {
  it('sends double-encoded frames to every session of the tenant and to no one else', async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const agentLogin = await agentFor(t, a.token, 'Agen A');

    const ownerSocket = await connect(a.token);
    const agentSocket = await connect(agentLogin.token);
    const otherTenant = await connect(b.token);

    const { chatId } = await customerSays(t.app, a.accountId, 'Halo realtime');
    await until(() => ownerSocket.frames.length > 0 && agentSocket.frames.length > 0);
    const event = ownerSocket.frames[0]!;
    expect(event.type).toBe('message.created');
    expect(event.chat?._id).toBe(chatId);
    expect(event.message).toMatchObject({ text: 'Halo realtime', isFromMe: false });
    // the frame is a JSON string holding JSON
    expect(typeof JSON.parse(ownerSocket.raw[0]!)).toBe('string');

    await new Promise((r) => setTimeout(r, 100));
    expect(otherTenant.frames).toHaveLength(0);
    for (const s of [ownerSocket, agentSocket, otherTenant]) s.socket.close();
  });

  it('sends a notification to its recipient alone, and a note and a resolve to the whole tenant', async () => {
    const a = await ownerWithSandbox(t.app);
    const dewi = await agentFor(t, a.token, 'Dewi');
    const sari = await agentFor(t, a.token, 'Sari');
    const { chatId } = await customerSays(t.app, a.accountId, 'Halo tim');
    const ownerSocket = await connect(a.token);
    const dewiSocket = await connect(dewi.token);
    const sariSocket = await connect(sari.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/note`,
      headers: { token: a.token },
      payload: { text: '@Dewi tolong balas ya', mentions: [dewi.id] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${chatId}/state`,
      headers: { token: a.token },
      payload: { state: 'resolved' },
    });
    const types = (s: { frames: RealtimeEvent[] }) => s.frames.map((f) => f.type);
    await until(() => types(dewiSocket).includes('notification.created') && types(sariSocket).length >= 2);
    await until(() => ownerSocket.frames.some((f) => f.chat?.conversationState === 'resolved'));
    const notice = dewiSocket.frames.find((f) => f.type === 'notification.created')!;
    expect(notice.notification).toMatchObject({ kind: 'mention', chatId, actorName: expect.any(String) });
    await new Promise((r) => setTimeout(r, 100));
    expect(types(sariSocket)).not.toContain('notification.created');
    expect(types(ownerSocket)).not.toContain('notification.created');
    expect(sariSocket.frames.find((f) => f.type === 'message.created')?.message).toMatchObject({
      kind: 'note',
      text: '@Dewi tolong balas ya',
    });
    for (const s of [ownerSocket, dewiSocket, sariSocket]) s.socket.close();
  });

  it("sends a broadcast's progress to the owner's sockets only", async () => {
    const a = await ownerWithSandbox(t.app);
    const agentLogin = await agentFor(t, a.token, 'Agen Siaran');
    const ownerSocket = await connect(a.token);
    const agentSocket = await connect(agentLogin.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publication/broadcast',
      headers: { token: a.token },
      payload: {
        name: 'Siaran',
        accountIds: [a.accountId],
        phoneNumbers: '081311112222',
        message: { type: 'text', text: 'Halo' },
      },
    });
    const created = json(res, api.broadcast);
    await until(() => ownerSocket.frames.some((f) => f.type === 'broadcast.updated'));
    expect(ownerSocket.frames.find((f) => f.type === 'broadcast.updated')?.broadcast?._id).toBe(created._id);
    // a chat event reaches the agent, so the agent's socket is live; the broadcast frame never did
    await customerSays(t.app, a.accountId, 'halo agen');
    await until(() => agentSocket.frames.some((f) => f.type === 'message.created'));
    expect(agentSocket.frames.filter((f) => f.type === 'broadcast.updated')).toHaveLength(0);
    for (const s of [ownerSocket, agentSocket]) s.socket.close();
  });

  it('closes the sockets of a session that ends, and only those', async () => {
    const a = await ownerWithSandbox(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: a.input.email, password: a.input.password },
    });
    const second = json(login, api.loginResponse).token;
    const first = await connect(a.token);
    const other = await connect(second);
    const closed = new Promise<number>((resolve) => first.socket.on('close', (code) => resolve(code)));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token: a.token } });
    expect(await closed).toBe(1008);
    await customerSays(t.app, a.accountId, 'masih ada yang dengar?');
    await until(() => other.frames.length > 0);
    expect(first.frames).toHaveLength(0);
    other.socket.close();
  });

  it('refuses sockets without a valid session', async () => {
    const socket = new WebSocket(`${t.base}/ws?token=salah`);
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
  });
});

describe('tenant isolation', () => {
  it("owner B can neither list, read, send to nor mark owner A's chats", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, a.accountId, 'rahasia A');
    const asB = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { token: b.token }, ...(payload ? { payload } : {}) });

    expect(json(await asB('GET', '/api/chat'), api.chatPage).docs).toEqual([]);
    expect(json(await asB('GET', '/api/chat?search=rahasia'), api.chatPage).docs).toEqual([]);
    expect(json(await asB('GET', '/api/chat/count'), api.chatCount)).toEqual({ unread: 0, unreplied: 0 });
    expect((await asB('GET', `/api/chat/${chatId}`)).statusCode).toBe(404);
    expect((await asB('GET', `/api/chat/${chatId}/message`)).statusCode).toBe(404);
    const send = await asB('POST', `/api/chat/${chatId}/message`, {
      temporaryId: 'x'.repeat(20),
      text: 'menyusup',
    });
    expect(send.statusCode).toBe(404);
    expect((await asB('POST', `/api/chat/${chatId}/message/read`)).statusCode).toBe(404);
    expect((await asB('GET', `/api/account/${a.accountId}`)).statusCode).toBe(404);
    const start = await asB('POST', '/api/chat/new', {
      accountId: a.accountId,
      phoneNumber: '6281299990000',
      text: 'x',
    });
    expect(start.statusCode).toBe(400);
    const chatOfA = json(
      await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: { token: a.token } }),
      api.chat,
    );
    expect(chatOfA.unreadCount).toBe(1);
  });
});

describe('agents', () => {
  it('an agent cannot reply in a chat that is not assigned to them', async () => {
    const a = await ownerWithSandbox(t.app);
    const { token } = await agentFor(t, a.token, 'Agen B');
    const { chatId } = await customerSays(t.app, a.accountId, 'halo agen');
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/chat', headers: { token } }), api.chatPage).docs,
    ).toHaveLength(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { temporaryId: 'y'.repeat(20), text: 'boleh?' },
    });
    expect(res.statusCode).toBe(403);
  });
});
