import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, messages, sandboxDeliveries } from '../../db/schema';
import { agentFor, customerSays, drainJobs, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { applyStatus } from './receipts';

const { t, get, post, call } = useTestApp();
const tmp = (n: number) => `failed${String(n).padStart(14, '0')}`;

async function sendText(token: string, chatId: string, n: number, text: string) {
  return json(await post(`/api/chat/${chatId}/message`, token, { temporaryId: tmp(n), text }), api.message);
}

const messagesOf = async (token: string, chatId: string) =>
  json(await get(`/api/chat/${chatId}/message`, token), api.messagePage).docs;

const queuedSends = async (messageId: string) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.state, 'queued'))).filter(
    (j) => (j.payload as { messageId?: string }).messageId === messageId,
  );

describe("a failed message: 'Kirim ulang' (issue 21)", () => {
  it('queues the same stored message again, once, and it is delivered once', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const m = await sendText(token, chatId, 1, 'Pesanan sudah dikirim');
    // the channel failed for a passing reason before the job ran
    await applyStatus(t.ctx, { messageId: m._id }, 'error', 'koneksi terputus');
    await drainJobs(t);
    expect((await messagesOf(token, chatId)).find((x) => x._id === m._id)?.status).toBe('error');

    const first = await post(`/api/chat/${chatId}/message/${m._id}/retry`, token);
    expect(first.statusCode).toBe(200);
    expect(json(first, api.message)).toMatchObject({ _id: m._id, status: 'pending', errorMessage: null });
    // a second click changes nothing and queues nothing more
    const again = await post(`/api/chat/${chatId}/message/${m._id}/retry`, token);
    expect(json(again, api.message)).toMatchObject({ _id: m._id, status: 'pending' });
    expect(await queuedSends(m._id)).toHaveLength(1);
    const chat = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(chat.lastMessage?.status).toBe('pending');

    await drainJobs(t);
    const after = (await messagesOf(token, chatId)).filter((x) => x.text === 'Pesanan sudah dikirim');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: m._id, status: 'sent' });
    expect(
      await t.ctx.db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.messageId, m._id)),
    ).toHaveLength(1);

    // a message that did not fail cannot be sent again
    const sent = await post(`/api/chat/${chatId}/message/${m._id}/retry`, token);
    expect(sent.statusCode).toBe(409);
    expect(json(sent, api.apiErrorBody).message).toBe(api.INBOX_EXTRA_MESSAGES.notFailed);
  });

  it('a message the channel refuses again ends in error again', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo');
    const m = await sendText(token, chatId, 2, 'ini #gagal');
    await drainJobs(t);
    expect((await post(`/api/chat/${chatId}/message/${m._id}/retry`, token)).statusCode).toBe(200);
    await drainJobs(t);
    expect((await messagesOf(token, chatId)).find((x) => x._id === m._id)).toMatchObject({
      status: 'error',
      errorMessage: 'Pesan gagal dikirim ke pelanggan (simulasi)',
    });
  });

  it("only for the tenant's own outbound messages, by someone who may reply", async () => {
    const owner = await ownerWithSandbox(t.app);
    const stranger = await ownerWithSandbox(t.app);
    const agent = await agentFor(t, owner.token, 'Rina');
    const inbound = await customerSays(t.app, owner.accountId, 'Halo');
    const { chatId } = inbound;
    const m = await sendText(owner.token, chatId, 3, 'ini #gagal');
    await drainJobs(t);
    const retry = (id: string, token: string) => post(`/api/chat/${chatId}/message/${id}/retry`, token);
    expect((await retry(m._id, stranger.token)).statusCode).toBe(404);
    expect((await retry(inbound.messageId, owner.token)).statusCode).toBe(404);
    expect((await retry('tidak-ada', owner.token)).statusCode).toBe(404);
    // spec §6: an agent replies only in chats assigned to them
    expect((await retry(m._id, agent.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/chat/${chatId}/message/${m._id}`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/chat/${chatId}/message/${m._id}`, agent.token)).statusCode).toBe(403);
    expect((await messagesOf(owner.token, chatId)).find((x) => x._id === m._id)?.status).toBe('error');
  });
});

describe("a failed message: 'Hapus' (issue 21)", () => {
  it('removes a failed message; the one before becomes the last; anything else stays (409)', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo kak');
    t.clock.advance(1000);
    const ok = await sendText(token, chatId, 4, 'Siap kak');
    await drainJobs(t);
    t.clock.advance(1000);
    const bad = await sendText(token, chatId, 5, 'tidak terkirim #gagal');
    await drainJobs(t);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).lastMessage).toMatchObject({
      text: 'tidak terkirim #gagal',
      status: 'error',
    });

    const refused = await call('DELETE', `/api/chat/${chatId}/message/${ok._id}`, token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused, api.apiErrorBody).message).toBe(api.INBOX_EXTRA_MESSAGES.notFailed);

    const removed = await call('DELETE', `/api/chat/${chatId}/message/${bad._id}`, token);
    expect(removed.statusCode).toBe(200);
    const left = await messagesOf(token, chatId);
    expect(left.map((x) => x.text)).toEqual(['Halo kak', 'Siap kak']);
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).lastMessage).toMatchObject({
      text: 'Siap kak',
      isFromMe: true,
      status: left[1]?.status,
    });
    expect((await call('DELETE', `/api/chat/${chatId}/message/${bad._id}`, token)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.id, bad._id))).toHaveLength(0);
  });
});
