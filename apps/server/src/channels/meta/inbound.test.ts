import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, interpolate, temporaryId } from '@sapa/contracts';
import { chats, jobs, messages } from '../../db/schema';
import { drainJobs } from '../../../test/helpers';
import {
  addPage,
  addPerson,
  fakeFile,
  TINY_PNG,
  type FakePage,
  type FakePerson,
} from '../../../test/fake-graph-pages';
import { graphError } from '../../../test/fake-graph';
import {
  betaOwner,
  linkThroughDialog,
  messaging,
  postWebhook,
  receive,
  startMetaHarness,
  VERIFY_TOKEN,
  type MetaHarness,
} from '../../../test/meta-fixture';

let h: MetaHarness;
let a: { token: string; ownerId: string };
let b: { token: string; ownerId: string };
/** A's Messenger Page and Instagram account, B's Page */
let pageA: FakePage;
let igPage: FakePage;
let pageB: FakePage;
let accountA: string;
let accountIg: string;
let accountB: string;
let budi: FakePerson;
let rina: FakePerson;
let joko: FakePerson;

let seq = 0;
const mid = () => `m_uji${++seq}${Date.now()}`;
const now = () => h.t.clock.now().getTime();

beforeAll(async () => {
  h = await startMetaHarness();
  a = await betaOwner(h);
  b = await betaOwner(h);
  pageA = addPage(h.fake, { name: 'Toko A' });
  igPage = addPage(h.fake, { name: 'Butik A', instagram: { username: 'butika' } });
  pageB = addPage(h.fake, { name: 'Toko B' });
  accountA = (await linkThroughDialog(h, a.token, 'messenger', [pageA.id])).connected[0]!.accountId;
  accountIg = (await linkThroughDialog(h, a.token, 'instagram', [igPage.id])).connected[0]!.accountId;
  accountB = (await linkThroughDialog(h, b.token, 'messenger', [pageB.id])).connected[0]!.accountId;
  budi = addPerson(h.fake, { of: pageA.id, name: 'Budi Santoso' });
  rina = addPerson(h.fake, { of: igPage.instagram!.id, name: 'Rina Wati', username: 'rinawati' });
  joko = addPerson(h.fake, { of: pageB.id, name: 'Joko Widodo' });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const dm = (person: FakePerson, page: { id: string }, message: Record<string, unknown>, at = now()) => ({
  sender: { id: person.id },
  recipient: { id: page.id },
  timestamp: at,
  message: { mid: mid(), ...message },
});

async function chatOf(accountId: string, personId: string) {
  const [row] = await h.t.ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.accountId, accountId), eq(chats.externalId, personId)));
  return row;
}

async function messagesOf(accountId: string, personId: string) {
  const chat = await chatOf(accountId, personId);
  if (!chat) return [];
  return h.t.ctx.db.select().from(messages).where(eq(messages.chatId, chat.id)).orderBy(asc(messages.seq));
}

async function reply(accountId: string, personId: string, text: string) {
  const chat = (await chatOf(accountId, personId))!;
  const res = await h.t.app.inject({
    method: 'POST',
    url: `/api/chat/${chat.id}/message`,
    headers: { token: a.token },
    payload: { temporaryId: temporaryId(), text },
  });
  if (res.statusCode >= 300) throw new Error(`reply: ${res.statusCode} ${res.body}`);
  await drainJobs(h.t);
  const sent = (await messagesOf(accountId, personId)).filter((m) => m.isFromMe).at(-1)!;
  expect(sent.status).toBe('sent');
  return sent;
}

describe('GET /webhooks/meta', () => {
  it('answers the challenge for our verify token, 403 otherwise', async () => {
    const ok = await h.t.app.inject({
      method: 'GET',
      url: `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await h.t.app.inject({
      method: 'GET',
      url: '/webhooks/meta?hub.mode=subscribe&hub.verify_token=salah&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
    const noMode = await h.t.app.inject({
      method: 'GET',
      url: `/webhooks/meta?hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(noMode.statusCode).toBe(403);
  });
});

describe('POST /webhooks/meta signature', () => {
  it('is checked over the raw bytes as Meta escapes them; anything else is 401 and nothing is kept', async () => {
    const id = mid();
    // Meta's own escaping: é as \u00e9, '/' as \/, '@' as \u0040, an emoji as its surrogate pair
    const raw =
      `{"object":"page","entry":[{"id":"${pageA.id}","time":${now()},"messaging":[{"sender":{"id":"${budi.id}"},` +
      `"recipient":{"id":"${pageA.id}"},"timestamp":${now()},"message":{"mid":"${id}",` +
      `"text":"Caf\\u00e9 \\u0040budi https:\\/\\/contoh.id\\/a \\ud83d\\ude00 ok"}}]}]}`;
    const countJobs = async () => (await h.t.ctx.db.select().from(jobs)).length;
    const before = await countJobs();

    // the same content re-serialised, with the signature of the raw bytes: refused
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(reserialised).not.toBe(raw);
    expect((await postWebhook(h, reserialised, h.fake.sign(raw))).statusCode).toBe(401);
    // signed with another secret, or not at all: refused
    expect((await postWebhook(h, raw, h.fake.sign(raw, 'rahasia-lain'))).statusCode).toBe(401);
    expect((await postWebhook(h, raw, 'sha256=')).statusCode).toBe(401);
    expect(await countJobs()).toBe(before);
    await drainJobs(h.t);
    expect(await messagesOf(accountA, budi.id)).toEqual([]);

    const ok = await postWebhook(h, raw);
    expect(ok.statusCode).toBe(200);
    await drainJobs(h.t);
    const [stored] = await messagesOf(accountA, budi.id);
    expect(stored).toMatchObject({
      externalId: id,
      text: 'Café @budi https://contoh.id/a 😀 ok',
      isFromMe: false,
    });
  });
});

describe('inbound messages', () => {
  it("a DM lands in its Page's inbox with the person's name and picture, and nowhere else", async () => {
    const person = addPerson(h.fake, { of: pageA.id, name: 'Siti Aminah' });
    const event = dm(person, pageA, { text: 'Halo, kue masih ada?' });
    await receive(h, messaging('page', pageA.id, [event]));
    const chat = (await chatOf(accountA, person.id))!;
    expect(chat).toMatchObject({
      ownerId: a.ownerId,
      contactName: 'Siti Aminah',
      contactPhone: '',
      unreadCount: 1,
    });
    expect(chat.contactPicture).toMatch(/^\/api\/media\//);
    const picture = await h.t.app.inject({ method: 'GET', url: chat.contactPicture! });
    expect(picture.statusCode).toBe(200);
    expect(await h.t.ctx.db.select().from(chats).where(eq(chats.ownerId, b.ownerId))).toEqual([]);

    // a replay (Meta retries) stores nothing twice
    await receive(h, messaging('page', pageA.id, [event]));
    expect(await messagesOf(accountA, person.id)).toHaveLength(1);
  });

  it('Instagram DMs go to the Instagram account; a failing profile call still keeps the message', async () => {
    await receive(
      h,
      messaging('instagram', igPage.instagram!.id, [dm(rina, igPage.instagram!, { text: 'Ready kak?' })]),
    );
    expect(await chatOf(accountIg, rina.id)).toMatchObject({ contactName: 'Rina Wati' });

    const stranger = addPerson(h.fake, { of: igPage.instagram!.id, name: 'Tanpa Izin' });
    h.fake.failNext(
      new RegExp(`^/${stranger.id}$`),
      graphError(230, 'User consent is required', undefined, 400),
    );
    await receive(
      h,
      messaging('instagram', igPage.instagram!.id, [dm(stranger, igPage.instagram!, { text: 'Permisi' })]),
    );
    const chat = (await chatOf(accountIg, stranger.id))!;
    expect(chat).toMatchObject({ contactName: M['contact.instagram'], contactPicture: null });
    expect((await messagesOf(accountIg, stranger.id))[0]!.text).toBe('Permisi');
  });

  it('attachments are kept in media storage; links and unsupported shapes become text', async () => {
    const person = addPerson(h.fake, { of: pageA.id, name: 'Dewi Lestari' });
    const photo = fakeFile(h.fake, 'foto.png', TINY_PNG, 'image/png');
    const note = fakeFile(h.fake, 'catatan.txt', Buffer.from('daftar pesanan\n'), 'text/plain');
    const first = dm(person, pageA, {
      text: 'Ini fotonya',
      attachments: [
        { type: 'image', payload: { url: photo } },
        { type: 'file', payload: { url: note } },
      ],
    });
    const sticker = dm(person, pageA, {
      attachments: [{ type: 'image', payload: { url: photo, sticker_id: 369239263222822 } }],
    });
    const share = dm(person, pageA, {
      attachments: [{ type: 'fallback', payload: { url: 'https://contoh.id/promo', title: 'Promo' } }],
    });
    const gone = dm(person, pageA, {
      attachments: [{ type: 'video', payload: { url: `${h.fake.url}/fake-files/hilang.mp4` } }],
    });
    const unsupported = dm(person, pageA, { is_unsupported: true });
    const quoting = dm(person, pageA, {
      text: 'yang ini',
      reply_to: { mid: (first.message as { mid: string }).mid },
    });
    await receive(h, messaging('page', pageA.id, [first, sticker, share, gone, unsupported, quoting]));

    const stored = await messagesOf(accountA, person.id);
    const firstMid = (first.message as { mid: string }).mid;
    expect(stored.map((m) => [m.externalId, m.type])).toEqual([
      [firstMid, 'text'],
      [`${firstMid}#1`, 'image'],
      [`${firstMid}#2`, 'document'],
      [(sticker.message as { mid: string }).mid, 'image'],
      [(share.message as { mid: string }).mid, 'text'],
      [(gone.message as { mid: string }).mid, 'text'],
      [(unsupported.message as { mid: string }).mid, 'text'],
      [(quoting.message as { mid: string }).mid, 'text'],
    ]);
    expect(stored[1]!.media).toMatchObject({
      url: expect.stringMatching(/^\/api\/media\//),
      mimetype: 'image/png',
    });
    expect(stored[2]!.media).toMatchObject({ name: 'catatan.txt', mimetype: 'text/plain' });
    expect(stored[4]!.text).toBe('Promo\nhttps://contoh.id/promo');
    expect(stored[5]!.text).toBe(interpolate(M['inbound.metaMediaFailed'], { type: 'video' }));
    expect(stored[6]!.text).toBe(interpolate(M['inbound.metaUnsupported'], { app: 'Messenger' }));
    expect(stored[7]!.quotedMessageId).toBe(stored[0]!.id);
    // a replay downloads nothing again and stores nothing twice
    const downloads = h.fake.requestsTo(/^\/fake-files\/foto\.png$/).length;
    await receive(h, messaging('page', pageA.id, [first, sticker]));
    expect(h.fake.requestsTo(/^\/fake-files\/foto\.png$/).length).toBe(downloads);
    expect(await messagesOf(accountA, person.id)).toHaveLength(stored.length);
    // the file is ours now: Meta's url may expire
    const file = await h.t.app.inject({ method: 'GET', url: (stored[1]!.media as { url: string }).url });
    expect(file.statusCode).toBe(200);
  });

  it('Instagram shares, story mentions and unsends', async () => {
    const person = addPerson(h.fake, { of: igPage.instagram!.id, name: 'Putri' });
    const ig = igPage.instagram!;
    const story = dm(person, ig, {
      attachments: [{ type: 'story_mention', payload: { url: 'https://cdn.contoh/story1' } }],
    });
    const reel = dm(person, ig, {
      attachments: [{ type: 'ig_reel', payload: { url: 'https://contoh/reel/1', title: 'Lucu' } }],
    });
    const replyToStory = dm(person, ig, {
      text: 'mau yang ini',
      reply_to: { story: { url: 'https://cdn.contoh/story2', id: '1' } },
    });
    await receive(h, messaging('instagram', ig.id, [story, reel, replyToStory]));
    const stored = await messagesOf(accountIg, person.id);
    expect(stored.map((m) => m.text)).toEqual([
      interpolate(M['inbound.storyMention'], { url: 'https://cdn.contoh/story1' }),
      `Lucu\n${interpolate(M['inbound.reel'], { url: 'https://contoh/reel/1' })}`,
      `${interpolate(M['inbound.storyReply'], { url: 'https://cdn.contoh/story2' })}\nmau yang ini`,
    ]);
    const unsend = {
      sender: { id: person.id },
      recipient: { id: ig.id },
      timestamp: now(),
      message: { mid: (reel.message as { mid: string }).mid, is_deleted: true },
    };
    await receive(h, messaging('instagram', ig.id, [unsend]));
    expect((await messagesOf(accountIg, person.id))[1]!.isDeleted).toBe(true);
  });

  it('postbacks are text; reactions, standby and unknown shapes are logged, never a crash', async () => {
    const person = addPerson(h.fake, { of: pageA.id, name: 'Agus' });
    const postback = {
      sender: { id: person.id },
      recipient: { id: pageA.id },
      timestamp: now(),
      postback: { title: 'Lihat Menu', payload: 'MENU', mid: mid() },
    };
    const reaction = {
      sender: { id: person.id },
      recipient: { id: pageA.id },
      timestamp: now(),
      reaction: { mid: 'm_x', action: 'react', emoji: '❤️', reaction: 'love' },
    };
    const odd = {
      sender: { id: person.id },
      recipient: { id: pageA.id },
      timestamp: now(),
      optin: { ref: 'x' },
    };
    const payload = {
      object: 'page',
      entry: [
        { id: pageA.id, time: now(), messaging: [postback, reaction, odd, 'bukan objek'] },
        { id: pageA.id, time: now(), standby: [dm(person, pageA, { text: 'di inbox lain' })] },
        { time: now() },
      ],
    };
    await receive(h, payload);
    await receive(h, payload);
    expect((await messagesOf(accountA, person.id)).map((m) => m.text)).toEqual(['Lihat Menu']);
    expect(await h.t.ctx.db.select().from(jobs).where(eq(jobs.state, 'failed'))).toEqual([]);
  });
});

describe('echoes', () => {
  it('a reply from Meta Business Suite is stored as outbound; its replay is not', async () => {
    const person = addPerson(h.fake, { of: pageA.id, name: 'Rudi' });
    await receive(h, messaging('page', pageA.id, [dm(person, pageA, { text: 'Pesan saya' })]));
    const echo = {
      sender: { id: pageA.id },
      recipient: { id: person.id },
      timestamp: now(),
      message: { mid: mid(), is_echo: true, app_id: 263902037430900, text: 'Dibalas dari Business Suite' },
    };
    await receive(h, messaging('page', pageA.id, [echo]));
    await receive(h, messaging('page', pageA.id, [echo]));
    const stored = await messagesOf(accountA, person.id);
    expect(stored.map((m) => [m.text, m.isFromMe, m.status])).toEqual([
      ['Pesan saya', false, 'unread'],
      ['Dibalas dari Business Suite', true, 'sent'],
    ]);
    expect((await chatOf(accountA, person.id))!.unreadCount).toBe(1);
  });

  it('the echo of our own send is the same message (deduped by its mid)', async () => {
    const sent = await reply(accountA, budi.id, 'Masih ada, kak');
    const echo = {
      sender: { id: pageA.id },
      recipient: { id: budi.id },
      timestamp: now(),
      message: { mid: sent.externalId, is_echo: true, app_id: Number(h.fake.appId), text: 'Masih ada, kak' },
    };
    await receive(h, messaging('page', pageA.id, [echo]));
    expect((await messagesOf(accountA, budi.id)).filter((m) => m.text === 'Masih ada, kak')).toHaveLength(1);
  });
});

describe('receipts', () => {
  it('Messenger: delivery by watermark (no mids) and by mids, read by watermark; never backwards', async () => {
    const person = addPerson(h.fake, { of: pageA.id, name: 'Wati' });
    await receive(h, messaging('page', pageA.id, [dm(person, pageA, { text: 'Halo' })]));
    const first = await reply(accountA, person.id, 'Satu');
    h.t.clock.advance(1000);
    const second = await reply(accountA, person.id, 'Dua');
    const status = async () =>
      (await messagesOf(accountA, person.id)).filter((m) => m.isFromMe).map((m) => m.status);
    const receipt = (body: Record<string, unknown>) => ({
      sender: { id: person.id },
      recipient: { id: pageA.id },
      timestamp: now(),
      ...body,
    });

    // delivered up to the first message only
    await receive(
      h,
      messaging('page', pageA.id, [receipt({ delivery: { watermark: first.createdAt.getTime() } })]),
    );
    expect(await status()).toEqual(['unread', 'sent']);
    // read up to the first, before the second's delivery arrives (out of order)
    await receive(
      h,
      messaging('page', pageA.id, [receipt({ read: { watermark: first.createdAt.getTime() } })]),
    );
    expect(await status()).toEqual(['read', 'sent']);
    await receive(
      h,
      messaging('page', pageA.id, [receipt({ delivery: { mids: [second.externalId], watermark: 1 } })]),
    );
    expect(await status()).toEqual(['read', 'unread']);
    // a late replay of the first delivery moves nothing back
    await receive(
      h,
      messaging('page', pageA.id, [receipt({ delivery: { mids: [first.externalId], watermark: now() } })]),
    );
    expect(await status()).toEqual(['read', 'unread']);
    await receive(h, messaging('page', pageA.id, [receipt({ read: { watermark: now() } })]));
    expect(await status()).toEqual(['read', 'read']);
    await receive(h, messaging('page', pageA.id, [receipt({ delivery: { watermark: now() } })]));
    expect(await status()).toEqual(['read', 'read']);
  });

  it('Instagram: read.mid marks that message and every earlier one', async () => {
    const ig = igPage.instagram!;
    const person = addPerson(h.fake, { of: ig.id, name: 'Nina' });
    await receive(h, messaging('instagram', ig.id, [dm(person, ig, { text: 'Kak' })]));
    const one = await reply(accountIg, person.id, 'Satu');
    h.t.clock.advance(1000);
    const two = await reply(accountIg, person.id, 'Dua');
    h.t.clock.advance(1000);
    await reply(accountIg, person.id, 'Tiga');
    const status = async () =>
      (await messagesOf(accountIg, person.id)).filter((m) => m.isFromMe).map((m) => m.status);
    const read = (m: string) => ({
      sender: { id: person.id },
      recipient: { id: ig.id },
      timestamp: now(),
      read: { mid: m },
    });
    await receive(h, messaging('instagram', ig.id, [read(two.externalId!)]));
    expect(await status()).toEqual(['read', 'read', 'sent']);
    await receive(h, messaging('instagram', ig.id, [read(one.externalId!)]));
    expect(await status()).toEqual(['read', 'read', 'sent']);
  });
});

describe('tenant isolation', () => {
  it("a webhook for B's Page lands in B's inbox only; an id nobody linked is dropped", async () => {
    await receive(h, messaging('page', pageB.id, [dm(joko, pageB, { text: 'Untuk B' })]));
    expect((await chatOf(accountB, joko.id))!.ownerId).toBe(b.ownerId);
    const aChats = await h.t.ctx.db.select().from(chats).where(eq(chats.ownerId, a.ownerId));
    expect(aChats.some((c) => c.externalId === joko.id)).toBe(false);

    // B's person writing with A's Page id in the entry still reaches A only (the entry decides)
    const unknown = addPage(h.fake, { name: 'Belum Ditautkan' });
    const before = (await h.t.ctx.db.select().from(messages)).length;
    await receive(h, messaging('page', unknown.id, [dm(joko, unknown, { text: 'Siapa?' })]));
    await receive(h, messaging('instagram', pageA.id, [dm(budi, pageA, { text: 'salah objek' })]));
    expect((await h.t.ctx.db.select().from(messages)).length).toBe(before);
  });
});
