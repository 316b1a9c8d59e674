import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountPage,
  INTEGRATION_MESSAGES as M,
  interpolate,
  temporaryId,
  type RealtimeEvent,
} from '@sapa/contracts';
import { accounts, chats, jobs, messages } from '../../db/schema';
import { drainJobs, json } from '../../../test/helpers';
import { graphError } from '../../../test/fake-graph';
import {
  addPage,
  addPerson,
  pagesOf,
  renewPageToken,
  revokePage,
  sentTo,
  type FakePage,
} from '../../../test/fake-graph-pages';
import {
  betaOwner,
  linkThroughDialog,
  messaging,
  receive,
  startMetaHarness,
  type MetaHarness,
} from '../../../test/meta-fixture';
import { multipart } from '../../../test/uploads';
import { PermanentSendError } from '../connector';
import { messagingTypeFor, STANDARD_WINDOW_MS } from './meta-connector';
import { metaWebhookHandler } from './webhook';

let h: MetaHarness;
let owner: { token: string; ownerId: string };
let page: FakePage;
let humanPage: FakePage;
let igPage: FakePage;
let account: string;
const events: RealtimeEvent[] = [];

const HOUR = 60 * 60 * 1000;
let seq = 0;
const mid = () => `m_kirim${++seq}${Date.now()}`;
const now = () => h.t.clock.now().getTime();

beforeAll(async () => {
  h = await startMetaHarness();
  owner = await betaOwner(h);
  page = addPage(h.fake, { name: 'Toko Kirim' });
  humanPage = addPage(h.fake, { name: 'Toko Layanan Manusia' });
  igPage = addPage(h.fake, { name: 'Butik Kirim', instagram: { username: 'butikkirim' } });
  account = (await linkThroughDialog(h, owner.token, 'messenger', [page.id])).connected[0]!.accountId;
  await linkThroughDialog(h, owner.token, 'instagram', [igPage.id]);
  pagesOf(h.fake).extraGranted.add('human_agent');
  await linkThroughDialog(h, owner.token, 'messenger', [humanPage.id]);
  pagesOf(h.fake).extraGranted.clear();
  h.t.ctx.bus.subscribe((m) => {
    if (m.kind === 'tenant') events.push(m.event);
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A person who wrote `hoursAgo` hours ago to the Page (or Instagram account); answers their chat id. */
async function personWrote(target: FakePage, name: string, hoursAgo = 0, instagram = false) {
  const scope = instagram ? target.instagram!.id : target.id;
  const person = addPerson(h.fake, { of: scope, name });
  await receive(
    h,
    messaging(instagram ? 'instagram' : 'page', scope, [
      {
        sender: { id: person.id },
        recipient: { id: scope },
        timestamp: now() - hoursAgo * HOUR,
        message: { mid: mid(), text: 'Halo' },
      },
    ]),
  );
  const [chat] = await h.t.ctx.db.select().from(chats).where(eq(chats.externalId, person.id));
  return { person, chatId: chat!.id };
}

const post = (chatId: string, payload: Record<string, unknown>) =>
  h.t.app.inject({
    method: 'POST',
    url: `/api/chat/${chatId}/message`,
    headers: { token: owner.token },
    payload: { temporaryId: temporaryId(), ...payload },
  });

async function outbound(chatId: string) {
  return h.t.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.isFromMe, true)))
    .orderBy(asc(messages.seq));
}

async function upload(name: string, type: string, data: Buffer) {
  const form = multipart([{ name: 'file', filename: name, type, data }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/chat/media',
    headers: { token: owner.token, 'content-type': form.contentType },
    payload: form.payload,
  });
  if (res.statusCode >= 300) throw new Error(`upload: ${res.body}`);
  return json<{ url: string }>(res).url;
}

describe('sending', () => {
  it('a reply within 24 hours goes to the Send API as RESPONSE with the Page token; its id is kept', async () => {
    const { person, chatId } = await personWrote(page, 'Budi');
    const res = await post(chatId, { text: 'Halo kak, ada yang bisa dibantu?' });
    expect(res.statusCode).toBe(200);
    await drainJobs(h.t);
    const [stored] = await outbound(chatId);
    const [call] = sentTo(h.fake, page.id).filter((s) => s.messageId);
    expect(call!.token).toBe(page.token);
    expect(call!.body).toEqual({
      recipient: { id: person.id },
      messaging_type: 'RESPONSE',
      message: { text: 'Halo kak, ada yang bisa dibantu?', metadata: `sapa:${stored!.id}` },
    });
    expect(stored).toMatchObject({ status: 'sent', externalId: call!.messageId });
  });

  it('media are uploaded first and sent by attachment id; a caption goes as its own text first', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const url = await upload('menu.png', 'image/png', png);
    const { person, chatId } = await personWrote(igPage, 'Rina', 0, true);
    const res = await post(chatId, { type: 'image', text: 'Ini menunya', image: { url } });
    expect(res.statusCode).toBe(200);
    await drainJobs(h.t);
    const upload0 = pagesOf(h.fake).uploads.at(-1)!;
    expect(upload0).toMatchObject({
      pageId: igPage.id,
      platform: 'instagram',
      mimetype: 'image/png',
      message: { attachment: { type: 'image', payload: { is_reusable: true } } },
    });
    const calls = sentTo(h.fake, igPage.id).filter(
      (s) => s.messageId && (s.body.recipient as { id: string }).id === person.id,
    );
    expect(calls.map((c) => c.body.message)).toEqual([
      { text: 'Ini menunya' },
      { attachment: { type: 'image', payload: { attachment_id: upload0.attachmentId } } },
    ]);
    const [stored] = await outbound(chatId);
    expect(stored).toMatchObject({ status: 'sent', externalId: calls[1]!.messageId });

    // Instagram sends no documents (spec §5): refused when the message is posted
    const doc = await upload('daftar.txt', 'text/plain', Buffer.from('daftar\n'));
    const refused = await post(chatId, {
      type: 'document',
      text: '',
      document: { url: doc, name: 'daftar.txt' },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the reply window', () => {
  it('from 24 hours to 7 days only a human reply on a Human Agent Page, tagged HUMAN_AGENT', async () => {
    const plain = await personWrote(page, 'Lama', 30);
    const refused = await post(plain.chatId, { text: 'Maaf telat' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(interpolate(M.windowClosedMessenger, { hours: 24 }));

    const human = await personWrote(humanPage, 'Pelanggan Setia', 30);
    expect((await post(human.chatId, { text: 'Maaf baru sempat membalas' })).statusCode).toBe(200);
    await drainJobs(h.t);
    const call = sentTo(h.fake, humanPage.id)
      .filter((s) => s.messageId)
      .at(-1)!;
    expect(call.body).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    const [stored] = await outbound(human.chatId);
    expect(stored!.status).toBe('sent');

    // an automatic reply is no human's: never tagged, refused before Meta is asked
    const [row] = await h.t.ctx.db
      .select({ account: accounts, chat: chats })
      .from(chats)
      .innerJoin(accounts, eq(accounts.id, chats.accountId))
      .where(eq(chats.id, human.chatId));
    const before = sentTo(h.fake).length;
    const connector = h.t.ctx.connectors.get('meta')!;
    await expect(
      connector.send(row!.account, row!.chat, {
        ...stored!,
        id: 'pesan-otomatis',
        kind: 'auto',
        externalId: null,
      }),
    ).rejects.toThrow(PermanentSendError);
    expect(sentTo(h.fake).length).toBe(before);

    const old = await personWrote(humanPage, 'Sudah Lama Sekali', 8 * 24);
    const tooLate = await post(old.chatId, { text: 'Halo?' });
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().message).toBe(interpolate(M.windowClosedMessenger, { hours: 168 }));
  });

  it('messagingTypeFor: the rules on their own', () => {
    const at = Date.parse('2026-03-02T08:00:00Z');
    const chat = (hoursAgo: number | null) => ({
      fromSenderAt: hoursAgo === null ? null : new Date(at - hoursAgo * HOUR),
    });
    const human = { kind: 'message' };
    expect(messagingTypeFor(chat(null), human, { humanAgent: false }, at)).toEqual({
      messaging_type: 'RESPONSE',
    });
    expect(messagingTypeFor(chat(23.9), { kind: 'auto' }, { humanAgent: false }, at)).toEqual({
      messaging_type: 'RESPONSE',
    });
    expect(messagingTypeFor(chat(24), human, { humanAgent: true }, at)).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    expect(() => messagingTypeFor(chat(24), human, { humanAgent: false }, at)).toThrow(
      M['send.outsideWindow'],
    );
    expect(() => messagingTypeFor(chat(25), { kind: 'auto' }, { humanAgent: true }, at)).toThrow(
      PermanentSendError,
    );
    expect(() => messagingTypeFor(chat(168), human, { humanAgent: true }, at)).toThrow(PermanentSendError);
    expect(STANDARD_WINDOW_MS).toBe(24 * HOUR);
  });
});

describe("Meta's refusals", () => {
  it('an expired token (190): the card turns red, the message fails in Indonesian; relinking clears it', async () => {
    const { chatId } = await personWrote(page, 'Token Kedaluwarsa');
    revokePage(h.fake, page.id);
    events.length = 0;
    await post(chatId, { text: 'Pesan pertama' });
    await drainJobs(h.t);
    const [failed] = await outbound(chatId);
    expect(failed).toMatchObject({ status: 'error', errorMessage: M['send.tokenInvalid'] });
    const cards = async () =>
      json(
        await h.t.app.inject({
          method: 'GET',
          url: '/api/account?types=messenger',
          headers: { token: owner.token },
        }),
        accountPage,
      ).docs.find((x) => x.id === account)!;
    expect((await cards()).channel!.needsRelink).toBe(true);
    expect(events.some((e) => e.type === 'account.updated' && e.account?.channel?.needsRelink)).toBe(true);

    // while red, nothing more is tried at Meta
    const calls = h.fake.requestsTo(/\/messages$/).length;
    await post(chatId, { text: 'Pesan kedua' });
    await drainJobs(h.t);
    expect(h.fake.requestsTo(/\/messages$/).length).toBe(calls);
    expect((await outbound(chatId))[1]).toMatchObject({
      status: 'error',
      errorMessage: M['send.tokenInvalid'],
    });

    renewPageToken(h.fake, page.id);
    const again = await linkThroughDialog(h, owner.token, 'messenger', [page.id]);
    expect(again.connected[0]).toMatchObject({ accountId: account, relinked: true });
    expect((await cards()).channel!.needsRelink).toBe(false);
    await post(chatId, { text: 'Pesan ketiga' });
    await drainJobs(h.t);
    expect((await outbound(chatId))[2]!.status).toBe('sent');
  });

  it('rate limits are retried; window, unavailable and bad requests fail with their reason', async () => {
    const { chatId } = await personWrote(page, 'Sibuk');
    h.fake.failNext(/\/messages$/, graphError(613, 'Calls to this api have exceeded the rate limit.'));
    await post(chatId, { text: 'Coba lagi nanti' });
    await drainJobs(h.t);
    expect((await outbound(chatId))[0]!.status).toBe('pending');
    const [retry] = await h.t.ctx.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    expect(retry?.lastError).toBe(M['send.rateLimited']);
    h.t.clock.advance(60_000);
    await drainJobs(h.t);
    expect((await outbound(chatId))[0]!.status).toBe('sent');

    const cases: [ReturnType<typeof graphError>, string][] = [
      [graphError(10, 'This message is sent outside of allowed window.', 2018278), M['send.outsideWindow']],
      [graphError(551, "This person isn't available right now.", 1545041), M['send.userUnavailable']],
      [graphError(100, 'Invalid parameter'), M['send.badParameter']],
    ];
    for (const [answer, reason] of cases) {
      h.fake.failNext(/\/messages$/, answer);
      await post(chatId, { text: 'x' });
      await drainJobs(h.t);
      expect((await outbound(chatId)).at(-1)).toMatchObject({ status: 'error', errorMessage: reason });
    }
  });
});

describe('echoes racing the Send API', () => {
  it('Messenger: an echo before the answer names our message (metadata); stored once', async () => {
    const { person, chatId } = await personWrote(page, 'Cepat');
    let recordedEarly: string | null = null;
    pagesOf(h.fake).beforeAnswer = async (sent) => {
      const body = sent.body as { message: { text: string; metadata: string } };
      await metaWebhookHandler(h.t.ctx, 'page')!(
        messaging('page', page.id, [
          {
            sender: { id: page.id },
            recipient: { id: person.id },
            timestamp: now(),
            message: { mid: sent.messageId, is_echo: true, app_id: Number(h.fake.appId), ...body.message },
          },
        ]),
      );
      recordedEarly = (await outbound(chatId))[0]!.externalId;
    };
    try {
      await post(chatId, { text: 'Secepat kilat' });
      await drainJobs(h.t);
    } finally {
      pagesOf(h.fake).beforeAnswer = null;
    }
    const sent = await outbound(chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'sent', text: 'Secepat kilat' });
    expect(sent[0]!.externalId).toBe(sentTo(h.fake, page.id).at(-1)!.messageId);
    // the echo recorded the mid before the Send API had answered
    expect(recordedEarly).toBe(sent[0]!.externalId);
  });

  it('Instagram: an echo before the answer waits for the send, then is the same message', async () => {
    const { person, chatId } = await personWrote(igPage, 'Kilat', 0, true);
    const ig = igPage.instagram!;
    pagesOf(h.fake).beforeAnswer = async (sent) => {
      await metaWebhookHandler(h.t.ctx, 'instagram')!(
        messaging('instagram', ig.id, [
          {
            sender: { id: ig.id },
            recipient: { id: person.id },
            timestamp: now(),
            message: { mid: sent.messageId, is_echo: true, text: 'Sebentar ya' },
          },
        ]),
      );
    };
    try {
      await post(chatId, { text: 'Sebentar ya' });
      await drainJobs(h.t);
    } finally {
      pagesOf(h.fake).beforeAnswer = null;
    }
    expect(await outbound(chatId)).toHaveLength(1);
    // the echo was put off a few seconds; looked at again, it is our message
    const deferred = await h.t.ctx.db.select().from(jobs).where(eq(jobs.name, 'meta.webhook'));
    expect(deferred).toHaveLength(1);
    expect(deferred[0]!.runAt.getTime()).toBeGreaterThan(now());
    h.t.clock.advance(10_000);
    await drainJobs(h.t);
    const sent = await outbound(chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      status: 'sent',
      externalId: sentTo(h.fake, igPage.id).at(-1)!.messageId,
    });
  });
});

describe('read receipts to the person', () => {
  it('refuses a text longer than the channel takes (Instagram 1,000, Messenger 2,000), naming the limit', async () => {
    const ig = await personWrote(igPage, 'Penulis Panjang IG', 0, true);
    const fb = await personWrote(page, 'Penulis Panjang FB');
    const stored = async (chatId: string) => (await outbound(chatId)).length;
    const igLong = await post(ig.chatId, { type: 'text', text: 'a'.repeat(1001) });
    expect(igLong.statusCode).toBe(400);
    expect(igLong.json().message).toBe(interpolate(M.textTooLong, { channel: 'Instagram', max: 1000 }));
    expect(await stored(ig.chatId)).toBe(0);
    // counted in characters, not UTF-16 units: 1,000 emoji fit
    expect((await post(ig.chatId, { type: 'text', text: '🙏'.repeat(1000) })).statusCode).toBe(200);
    const fbLong = await post(fb.chatId, { type: 'text', text: 'b'.repeat(2001) });
    expect(fbLong.statusCode).toBe(400);
    expect(fbLong.json().message).toBe(interpolate(M.textTooLong, { channel: 'Messenger', max: 2000 }));
    expect((await post(fb.chatId, { type: 'text', text: 'b'.repeat(2000) })).statusCode).toBe(200);
    await drainJobs(h.t);
  });

  it('opening a chat sends mark_seen through the Page (best effort)', async () => {
    const { person, chatId } = await personWrote(page, 'Dibaca');
    const res = await h.t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message/read`,
      headers: { token: owner.token },
      payload: {},
    });
    expect(res.statusCode).toBeLessThan(300);
    for (let i = 0; i < 50 && !sentTo(h.fake, page.id).some((s) => s.body.sender_action); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(sentTo(h.fake, page.id).find((s) => s.body.sender_action)!.body).toEqual({
      recipient: { id: person.id },
      sender_action: 'mark_seen',
    });
  });
});
