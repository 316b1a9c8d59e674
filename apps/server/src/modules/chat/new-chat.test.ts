import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { message as messageSchema, resetTokenResponse, temporaryId } from '@sapa/contracts';
import { accounts, chats, jobs, messages } from '../../db/schema';
import { json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { sendToPhone } from './new-chat';
import { storeOutbound } from './outbound';

const { t, call } = useTestApp();

describe('sending to a phone number (sendToPhone, storeOutbound)', () => {
  it('opens one chat for concurrent first sends to a new number, each stored once with its send job', async () => {
    const { token: session, accountId } = await ownerWithSandbox(t.app);
    const token = json(
      await call('PUT', `/api/account/whatsapp/${accountId}/reset-token`, session),
      resetTokenResponse,
    ).token;
    const to = '6281299990001';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/messages',
          headers: { authorization: `Bearer ${token}` },
          payload: { to, text: `Serentak ${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const sent = answers.map((r) => json(r, messageSchema));
    const opened = await t.ctx.db
      .select()
      .from(chats)
      .where(and(eq(chats.accountId, accountId), eq(chats.externalId, to)));
    expect(opened).toHaveLength(1);
    const chat = opened[0]!;
    expect(new Set(sent.map((m) => m.chatId))).toEqual(new Set([chat.id]));
    const stored = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chat.id));
    expect(stored.map((m) => m.text).sort()).toEqual(sent.map((m) => m.text).sort());
    expect(stored.every((m) => m.status === 'pending' && m.isFromMe && m.kind === 'message')).toBe(true);
    // no content beyond the text: SQL NULL, not the JSON null
    const nulls = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), isNull(messages.media), isNull(messages.channelExtra)));
    expect(nulls[0]?.n).toBe(12);
    // the chat's last message is one of them, and each has its one send job
    expect(stored.map((m) => m.id)).toContain(chat.lastMessageId);
    expect(chat).toMatchObject({ lastMessageIsFromMe: true, lastMessageStatus: 'pending' });
    const sendJobs = await t.ctx.db.select().from(jobs).where(like(jobs.dedupeKey, 'send:%'));
    for (const m of stored) {
      const mine = sendJobs.filter((j) => j.dedupeKey === `send:${m.id}`);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ name: 'message.send', payload: { messageId: m.id }, state: 'queued' });
    }
  });

  it('stores content and channel extras as JSON objects, and an automatic reply without moving the last message', async () => {
    const { accountId } = await ownerWithSandbox(t.app);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    const ownerId = account!.ownerId;
    const { chatId, message } = await sendToPhone(
      t.ctx,
      { ownerId, agentId: null },
      accountId,
      '6281299990002',
      {
        type: 'text',
        text: 'Halo',
        temporaryId: temporaryId(),
      },
    );
    const media = { url: 'https://contoh.test/a.png', mimetype: 'image/png', size: 10 } as never;
    const auto = await storeOutbound(t.ctx, {
      ownerId,
      chatId,
      accountId,
      temporaryId: temporaryId(),
      type: 'image',
      text: 'Sedang di luar jam kerja',
      media,
      quoted: null,
      agentId: null,
      kind: 'auto',
      channelExtra: { tag: 'HUMAN_AGENT' },
    });
    expect(auto.created).toBe(true);
    const [row] = await t.ctx.db
      .select({
        media: sql<string>`jsonb_typeof(${messages.media})`,
        extra: sql<string>`jsonb_typeof(${messages.channelExtra})`,
        kind: messages.kind,
      })
      .from(messages)
      .where(eq(messages.id, auto.message._id));
    expect(row).toEqual({ media: 'object', extra: 'object', kind: 'auto' });
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ lastMessageId: message._id, lastMessageText: 'Halo' });
    expect(chat!.autoReplyAt?.toISOString()).toBe(auto.message.createdAt);
    // the same temporaryId again stores nothing and answers the first
    const again = await storeOutbound(t.ctx, {
      ownerId,
      chatId,
      accountId,
      temporaryId: message.temporaryId!,
      type: 'text',
      text: 'Halo',
      media: null,
      quoted: null,
      agentId: null,
    });
    expect(again).toMatchObject({ created: false, message: { _id: message._id } });
  });
});
