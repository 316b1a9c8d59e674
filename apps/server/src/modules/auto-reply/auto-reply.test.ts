import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@sapa/contracts';
import { autoReplies } from '../../db/schema';
import { agentFor, customerSays, drainJobs, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { ingestInbound } from '../chat/kernel';

const { t, get, put } = useTestApp();

// The test clock starts on Monday 2026-03-02 at 15:00 WIB.
const HOUR = 60 * 60 * 1000;
const settings = (over: Partial<api.AutoReplyBody> = {}): api.AutoReplyBody => ({
  hours: [
    { day: 1, open: '08:00', close: '12:00' },
    { day: 2, open: '08:00', close: '17:00' },
  ],
  awayEnabled: true,
  awayText: 'Kami sedang tutup, dibalas besok pagi ya.',
  greetingEnabled: false,
  greetingText: '',
  ...over,
});

async function messagesOf(token: string, chatId: string) {
  return json(await get(`/api/chat/${chatId}/message?limit=100`, token), api.messagePage).docs;
}
const autos = (docs: api.Message[]) => docs.filter((m) => m.kind === 'auto');

describe('auto-reply settings', () => {
  it('a number starts with nothing on; the owner saves hours and messages and reads them back', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const initial = json(await get(`/api/account/${accountId}/auto-reply`, token), api.autoReplySettings);
    expect(initial).toMatchObject({
      accountId,
      hours: [],
      awayEnabled: false,
      greetingEnabled: false,
      updatedAt: null,
    });

    const body = settings({
      hours: [
        { day: 0, open: '10:00', close: '14:00' },
        { day: 1, open: '08:00', close: '17:00' },
      ],
      greetingEnabled: true,
      greetingText: '  Halo, selamat datang!  ',
    });
    const saved = json(await put(`/api/account/${accountId}/auto-reply`, token, body), api.autoReplySettings);
    expect(saved).toMatchObject({
      timezone: 'Asia/Jakarta',
      // Senin first, Minggu last
      hours: [
        { day: 1, open: '08:00', close: '17:00' },
        { day: 0, open: '10:00', close: '14:00' },
      ],
      awayEnabled: true,
      greetingText: 'Halo, selamat datang!',
      // Monday 15:00 WIB is inside 08:00-17:00
      openNow: true,
    });
    expect(json(await get(`/api/account/${accountId}/auto-reply`, token), api.autoReplySettings)).toEqual(
      saved,
    );
  });

  it('refuses bad input on its field and stores nothing', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const cases: [api.AutoReplyBody | Record<string, unknown>, string, string][] = [
      [
        settings({ hours: [{ day: 1, open: '8:00', close: '12:00' }] }),
        'hours.0.open',
        api.AUTO_REPLY_MESSAGES.timeInvalid,
      ],
      [
        settings({ hours: [{ day: 1, open: '08:00', close: '24:00' }] }),
        'hours.0.close',
        api.AUTO_REPLY_MESSAGES.timeInvalid,
      ],
      [
        settings({ hours: [{ day: 1, open: '12:00', close: '09:00' }] }),
        'hours.0.close',
        api.AUTO_REPLY_MESSAGES.closeAfterOpen,
      ],
      [
        settings({ hours: [{ day: 1, open: '09:00', close: '09:00' }] }),
        'hours.0.close',
        api.AUTO_REPLY_MESSAGES.closeAfterOpen,
      ],
      [
        settings({ hours: [{ day: 7, open: '09:00', close: '10:00' }] }),
        'hours.0.day',
        api.AUTO_REPLY_MESSAGES.dayInvalid,
      ],
      [
        settings({
          hours: [
            { day: 3, open: '09:00', close: '10:00' },
            { day: 3, open: '13:00', close: '15:00' },
          ],
        }),
        'hours.1.day',
        api.AUTO_REPLY_MESSAGES.dayTwice,
      ],
      [settings({ awayText: '   ' }), 'awayText', api.AUTO_REPLY_MESSAGES.awayRequired],
      [
        settings({ greetingEnabled: true, greetingText: '' }),
        'greetingText',
        api.AUTO_REPLY_MESSAGES.greetingRequired,
      ],
      [settings({ awayText: 'x'.repeat(1001) }), 'awayText', 'Pesan maksimal 1000 karakter'],
      [{ awayText: '', greetingText: '' }, 'hours', 'Value is required'],
      [{ ...settings(), awayEnabled: 'ya' }, 'awayEnabled', 'Value is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(`/api/account/${accountId}/auto-reply`, token, body);
      expect(res.statusCode, field).toBe(400);
      const error = json<{ message: string; fields?: Record<string, string> }>(res);
      expect(error.fields?.[field], JSON.stringify(error)).toBe(message);
    }
    expect(await t.ctx.db.select().from(autoReplies).where(eq(autoReplies.accountId, accountId))).toEqual([]);
  });

  it("agents are refused; another tenant's number is not found and keeps its settings", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const agent = await agentFor(t, a.token, 'Agen Sari');
    expect((await get(`/api/account/${a.accountId}/auto-reply`, agent.token)).statusCode).toBe(403);
    expect((await put(`/api/account/${a.accountId}/auto-reply`, agent.token, settings())).statusCode).toBe(
      403,
    );

    await put(`/api/account/${b.accountId}/auto-reply`, b.token, settings({ awayText: 'Milik B' }));
    expect((await get(`/api/account/${b.accountId}/auto-reply`, a.token)).statusCode).toBe(404);
    const res = await put(
      `/api/account/${b.accountId}/auto-reply`,
      a.token,
      settings({ awayText: 'Diubah A' }),
    );
    expect(res.statusCode).toBe(404);
    expect((await get('/api/account/nope/auto-reply', a.token)).statusCode).toBe(404);
    const kept = json(await get(`/api/account/${b.accountId}/auto-reply`, b.token), api.autoReplySettings);
    expect(kept.awayText).toBe('Milik B');
    // and A's customers get nothing of B's
    await customerSays(t.app, a.accountId, 'Halo A', '6281200000101');
    const [chat] = json(await get('/api/chat', a.token), api.chatPage).docs;
    expect(autos(await messagesOf(a.token, chat!._id))).toEqual([]);
  });
});

describe('away message', () => {
  it('goes out once per conversation outside hours, through the send job, and again after hours opened and closed', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await put(`/api/account/${accountId}/auto-reply`, token, settings());

    // Monday 15:00 WIB: closed since 12:00
    const { chatId } = await customerSays(t.app, accountId, 'Halo, masih buka?', '6281200000201');
    let away = autos(await messagesOf(token, chatId));
    expect(away).toHaveLength(1);
    expect(away[0]).toMatchObject({
      kind: 'auto',
      isFromMe: true,
      type: 'text',
      text: 'Kami sedang tutup, dibalas besok pagi ya.',
      status: 'pending',
    });
    // paced like every send: the send job delivers it
    await drainJobs(t);
    expect(autos(await messagesOf(token, chatId))[0]?.status).not.toBe('pending');
    expect(autos(await messagesOf(token, chatId))[0]?.status).not.toBe('error');
    // an automatic reply is no answer from the team: the chat still waits for one
    const chat = json(await get(`/api/chat/${chatId}`, token), api.chat);
    expect(chat.lastMessage).toMatchObject({ text: 'Halo, masih buka?', isFromMe: false });

    // the customer writes again the same evening: nothing more
    t.clock.advance(2 * HOUR);
    await customerSays(t.app, accountId, 'Halo??', '6281200000201');
    expect(autos(await messagesOf(token, chatId))).toHaveLength(1);

    // Tuesday 09:00 WIB, inside hours: nothing
    t.clock.advance(16 * HOUR);
    await customerSays(t.app, accountId, 'Pagi kak', '6281200000201');
    expect(autos(await messagesOf(token, chatId))).toHaveLength(1);

    // Tuesday 18:00 WIB: a new closed period, one more
    t.clock.advance(9 * HOUR);
    await customerSays(t.app, accountId, 'Sore kak', '6281200000201');
    away = autos(await messagesOf(token, chatId));
    expect(away).toHaveLength(2);
    await customerSays(t.app, accountId, 'Sore lagi', '6281200000201');
    expect(autos(await messagesOf(token, chatId))).toHaveLength(2);
    // back to Monday 15:00 WIB of the next week for the tests that follow
    t.clock.advance(6 * 24 * HOUR - 3 * HOUR);
  });

  it('is not sent inside hours, when switched off, for old (synced) messages or for the business’s own', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    // inside hours (Monday 15:00 WIB in 08:00-17:00)
    await put(
      `/api/account/${accountId}/auto-reply`,
      token,
      settings({ hours: [{ day: 1, open: '08:00', close: '17:00' }] }),
    );
    const inside = await customerSays(t.app, accountId, 'Halo', '6281200000301');
    expect(autos(await messagesOf(token, inside.chatId))).toEqual([]);

    // outside hours but switched off
    await put(`/api/account/${accountId}/auto-reply`, token, settings({ awayEnabled: false }));
    const off = await customerSays(t.app, accountId, 'Halo', '6281200000302');
    expect(autos(await messagesOf(token, off.chatId))).toEqual([]);

    // on again: a message from ten minutes ago (history sync) and one sent from the phone get nothing
    await put(`/api/account/${accountId}/auto-reply`, token, settings());
    const contact = { externalId: '6281200000303', name: 'Lama', phone: '6281200000303' };
    const old = await ingestInbound(t.ctx, {
      accountId,
      externalId: 'wamid.OLD-1',
      contact,
      type: 'text',
      text: 'pesan lama',
      sentAt: new Date(t.clock.now().getTime() - 10 * 60 * 1000),
    });
    await ingestInbound(
      t.ctx,
      {
        accountId,
        externalId: 'wamid.MINE-1',
        contact,
        type: 'text',
        text: 'dari ponsel',
        sentAt: t.clock.now(),
      },
      { fromMe: true },
    );
    expect(autos(await messagesOf(token, old.chatId))).toEqual([]);
  });
});

describe('greeting', () => {
  it("answers a customer's first message in a new chat only, and is visible as automatic", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    // an existing conversation from before the greeting was on
    const before = await customerSays(t.app, accountId, 'Halo lama', '6281200000401');
    await put(
      `/api/account/${accountId}/auto-reply`,
      token,
      settings({
        hours: [{ day: 1, open: '08:00', close: '17:00' }],
        greetingEnabled: true,
        greetingText: 'Halo! Ada yang bisa kami bantu?',
      }),
    );
    const { chatId } = await customerSays(t.app, accountId, 'Permisi', '6281200000402');
    await customerSays(t.app, accountId, 'Mau tanya', '6281200000402');
    await drainJobs(t);
    const greeting = autos(await messagesOf(token, chatId));
    expect(greeting).toHaveLength(1);
    expect(greeting[0]).toMatchObject({
      kind: 'auto',
      isFromMe: true,
      text: 'Halo! Ada yang bisa kami bantu?',
    });
    expect(greeting[0]?.status).not.toBe('pending');

    await customerSays(t.app, accountId, 'Halo lagi', '6281200000401');
    expect(autos(await messagesOf(token, before.chatId))).toEqual([]);
  });

  it('outside hours with the away message on, a first message gets the away message alone', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await put(
      `/api/account/${accountId}/auto-reply`,
      token,
      settings({ greetingEnabled: true, greetingText: 'Halo! Ada yang bisa kami bantu?' }),
    );
    const { chatId } = await customerSays(t.app, accountId, 'Permisi', '6281200000501');
    expect(autos(await messagesOf(token, chatId)).map((m) => m.text)).toEqual([
      'Kami sedang tutup, dibalas besok pagi ya.',
    ]);
  });
});
