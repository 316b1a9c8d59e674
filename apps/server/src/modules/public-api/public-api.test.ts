import { and, eq } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  chatPage,
  message as messageSchema,
  messagePage,
  numbersCheckResult,
  PUBLIC_API_MESSAGES,
  resetTokenResponse,
  userProfile,
  type Message,
} from '@sapa/contracts';
import { accounts, apiIdempotency, messages } from '../../db/schema';
import {
  createTestApp,
  customerSays,
  drainJobs,
  json,
  operatorToken,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../test/helpers';
import { apiTokenHolder, createSandboxAccount, forgetApiTokens, hashApiToken } from '../account/service';
import { publicApiFixture, type ApiNumber, type ApiOwner } from '../../../test/public-api-fixture';
import { pruneIdempotency } from './idempotency';

const { t, get, call } = useTestApp();

const { newToken, owner, secondNumber, api } = publicApiFixture(t);
type Owner = ApiOwner;

async function messagesOf(chatId: string, token: string): Promise<Message[]> {
  const res = await api('GET', `/chats/${chatId}/messages?limit=100`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, messagePage).docs as Message[];
}

let o: Owner;
let second: ApiNumber;
let stranger: Owner;

beforeAll(async () => {
  o = await owner();
  second = await secondNumber(o);
  stranger = await owner();
});

describe('public API: authentication (issue 26)', () => {
  it('refuses no token, a session token (as the token header or the bearer) and a made-up token', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['none', {}, PUBLIC_API_MESSAGES.tokenMissing],
      ['session header', { token: o.session }, PUBLIC_API_MESSAGES.tokenMissing],
      ['session bearer', { authorization: `Bearer ${o.session}` }, PUBLIC_API_MESSAGES.tokenInvalid],
      ['made up', { authorization: 'Bearer sapa_bukanTokenYangAda' }, PUBLIC_API_MESSAGES.tokenInvalid],
      ['not bearer', { authorization: `Basic ${o.a.token}` }, PUBLIC_API_MESSAGES.tokenMissing],
    ];
    for (const [name, headers, message] of cases) {
      for (const [method, url, payload] of [
        ['GET', '/chats', undefined],
        ['POST', '/messages', { to: '6281234500001', text: 'Halo' }],
        ['POST', '/numbers/check', { phones: ['6281234500001'] }],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${name} ${method} ${url}`).toBe(401);
        expect(json(res)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message });
        if (message === PUBLIC_API_MESSAGES.tokenInvalid)
          expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    }
    // nothing was sent by any of them
    expect(await t.ctx.db.select().from(messages).where(eq(messages.ownerId, o.ownerId))).toEqual([]);
  });

  it('refuses a token at once once it is reset, and the token of a deleted number', async () => {
    const extra = await secondNumber(o);
    expect((await api('GET', '/chats', extra.token)).statusCode).toBe(200);
    const fresh = await newToken(o.session, extra.accountId);
    const old = await api('GET', '/chats', extra.token);
    expect(old.statusCode).toBe(401);
    expect(json(old).message).toBe(PUBLIC_API_MESSAGES.tokenInvalid);
    expect((await api('GET', '/chats', fresh)).statusCode).toBe(200);

    const deleted = await call('DELETE', `/api/account/${extra.accountId}`, o.session);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await api('POST', '/messages', fresh, { to: '6281234500009', text: 'Masih bisa?' });
    expect(gone.statusCode).toBe(401);
    expect(json(gone).message).toBe(PUBLIC_API_MESSAGES.tokenInvalid);
  });

  it("refuses a disabled owner's token (403) at once and lets it in again once enabled", async () => {
    const other = await owner();
    // used, so this process keeps the number's token
    expect((await api('GET', '/chats', other.a.token)).statusCode).toBe(200);
    const operator = await operatorToken(t.app);
    const admin = (action: string, payload: object) =>
      call('POST', `/api/admin/user/${other.ownerId}/${action}`, operator, payload);
    expect((await admin('disable', { reason: 'Spam ke pelanggan' })).statusCode).toBe(200);
    const res = await api('GET', '/chats', other.a.token);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(PUBLIC_API_MESSAGES.ownerDisabled);
    expect((await admin('enable', {})).statusCode).toBe(200);
    expect((await api('GET', '/chats', other.a.token)).statusCode).toBe(200);
  });

  it('does not keep a number read while its token was being reset', async () => {
    const extra = await secondNumber(o);
    // the read begins, the reset is announced before it ends: what it read may be the old token's
    const reading = apiTokenHolder(t.ctx, extra.token);
    forgetApiTokens(t.ctx, { accountId: extra.accountId });
    expect((await reading)?.account.id).toBe(extra.accountId);
    await t.ctx.db
      .update(accounts)
      .set({ apiTokenHash: hashApiToken('sapa_tokenBaruDiProsesLain') })
      .where(eq(accounts.id, extra.accountId));
    expect(await apiTokenHolder(t.ctx, extra.token)).toBeNull();
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('public API: tokens across processes (REDIS_URL)', () => {
  it('a reset, a deleted number and a disabled owner in one server are refused by the other once announced', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, database: first.ctx.database });
    try {
      const { token: session, accountId } = await ownerWithSandbox(first.app);
      const asOwner = (method: Method, url: string) =>
        first.app.inject({ method, url, headers: { token: session } });
      const ownerId = json(await asOwner('GET', '/api/user'), userProfile)._id;
      const reset = async (id: string) =>
        json(await asOwner('PUT', `/api/account/whatsapp/${id}/reset-token`), resetTokenResponse).token;
      const onSecond = (token: string) =>
        second.app.inject({
          method: 'GET',
          url: '/api/v1/chats',
          headers: { authorization: `Bearer ${token}` },
        });
      /** runs `act` on the first server, then waits until the second has heard its announcement */
      const heard = async (kind: 'api-token' | 'revoke', act: () => Promise<unknown>) => {
        let off = () => {};
        const arrived = new Promise<void>((resolve) => {
          off = second.ctx.bus.subscribe((m) => {
            if (m.kind === kind) resolve();
          });
        });
        await act();
        await arrived;
        off();
      };

      // a reset: the old token was kept by the second server
      const old = await reset(accountId);
      expect((await onSecond(old)).statusCode).toBe(200);
      let fresh = '';
      await heard('api-token', async () => {
        fresh = await reset(accountId);
      });
      expect((await onSecond(old)).statusCode).toBe(401);
      expect((await onSecond(fresh)).statusCode).toBe(200);

      // a deleted number
      const other = await createSandboxAccount(first.ctx.db, ownerId, 'Nomor Kedua', first.clock.now());
      const otherToken = await reset(other.id);
      expect((await onSecond(otherToken)).statusCode).toBe(200);
      await heard('api-token', () => asOwner('DELETE', `/api/account/${other.id}`));
      expect((await onSecond(otherToken)).statusCode).toBe(401);

      // a disabled owner
      const operator = await operatorToken(first.app);
      await heard('revoke', () =>
        first.app.inject({
          method: 'POST',
          url: `/api/admin/user/${ownerId}/disable`,
          headers: { token: operator },
          payload: { reason: 'Spam ke pelanggan' },
        }),
      );
      expect((await onSecond(fresh)).statusCode).toBe(403);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

describe('public API: sending and reading', () => {
  it('sends a text from the number: 201 with the Message, shown in the inbox, delivered by the jobs', async () => {
    const res = await api('POST', '/messages', o.a.token, { to: '6281234500001', text: 'Halo dari API' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = json(res, messageSchema);
    expect(sent).toMatchObject({ type: 'text', text: 'Halo dari API', isFromMe: true, status: 'pending' });
    expect(sent.agentId).toBeNull();
    expect(res.headers['x-ratelimit-limit']).toBe('600');

    // the app's inbox shows the chat on that number, with the message as its last
    const inbox = json(await get(`/api/chat?state=all&accountIds=${o.a.accountId}`, o.session), chatPage);
    const chat = inbox.docs.find((c) => c._id === sent.chatId);
    expect(chat).toMatchObject({ accountId: o.a.accountId, lastMessage: { text: 'Halo dari API' } });

    await drainJobs(t);
    const after = (await messagesOf(sent.chatId, o.a.token)).find((m) => m._id === sent._id);
    expect(after?.status).toMatch(/^(sent|unread|read)$/);
    expect(after?.messageId).toBeTruthy();

    // the same number again: the same chat; a body without type is text; other types go as the app's
    const again = json(
      await api('POST', '/messages', o.a.token, { to: '6281234500001', type: 'text', text: 'Kedua' }),
      messageSchema,
    );
    expect(again.chatId).toBe(sent.chatId);
    const located = await api('POST', '/messages', o.a.token, {
      to: '6281234500001',
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8, name: 'Kantor', address: 'Jl. Sudirman 1' },
    });
    expect(located.statusCode, located.body).toBe(201);
    expect(json(located, messageSchema).type).toBe('location');
  });

  it('stores a burst of concurrent sends (batched into shared statements) each once, with its job, each chat ending on its newest', async () => {
    // 24 sends at once from two numbers to four customers: they share the statements of a batch
    const third = await secondNumber(o);
    const phones = ['6281234500041', '6281234500042', '6281234500043', '6281234500044'];
    const sends = Array.from({ length: 24 }, (_, i) => ({
      token: i % 3 === 0 ? third.token : o.a.token,
      to: phones[i % phones.length]!,
      text: `Serbuan ${i}`,
    }));
    const answers = await Promise.all(
      sends.map((s) => api('POST', '/messages', s.token, { to: s.to, text: s.text })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const sent = answers.map((res) => json(res, messageSchema));
    expect(new Set(sent.map((m) => m._id)).size).toBe(24);
    // one chat per number and customer, on the sending number
    const chatOf = new Map<string, string>();
    for (const [i, m] of sent.entries()) {
      const key = `${sends[i]!.token} ${sends[i]!.to}`;
      expect(chatOf.get(key) ?? m.chatId).toBe(m.chatId);
      chatOf.set(key, m.chatId);
    }
    expect(new Set(chatOf.values()).size).toBe(chatOf.size);
    for (const [key, chatId] of chatOf) {
      const token = key.split(' ')[0]!;
      const stored = await messagesOf(chatId, token);
      const mine = sent.filter((m) => m.chatId === chatId);
      expect(stored.map((m) => m._id).sort()).toEqual(mine.map((m) => m._id).sort());
      // the inbox's last message is the chat's newest one
      const inbox = json(await get(`/api/chat?state=all`, o.session), chatPage);
      expect(inbox.docs.find((c) => c._id === chatId)?.lastMessage?.text).toBe(stored.at(-1)!.text);
    }
    // every one is sent by its job
    await drainJobs(t);
    for (const [key, chatId] of chatOf) {
      for (const m of await messagesOf(chatId, key.split(' ')[0]!)) expect(m.status).not.toBe('pending');
    }
  });

  it('refuses a body the app would refuse, with its Indonesian message, and sends nothing', async () => {
    const before = (await t.ctx.db.select().from(messages)).length;
    const bad = await api('POST', '/messages', o.a.token, { to: '081234', text: 'Halo' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/Nomor Telepon tidak valid/);
    const empty = await api('POST', '/messages', o.a.token, { to: '6281234500001', text: '  ' });
    expect(empty.statusCode).toBe(400);
    const image = await api('POST', '/messages', o.a.token, {
      to: '6281234500001',
      type: 'image',
      image: { url: '/api/media/tidakAdaSamaSekali.png' },
    });
    expect(image.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(messages)).length).toBe(before);
  });

  it("lists only the number's own chats and messages; another number's or tenant's chat is 404", async () => {
    const mine = await customerSays(t.app, o.a.accountId, 'Halo nomor utama', '6281234500002');
    const theirs = await customerSays(t.app, second.accountId, 'Halo nomor kedua', '6281234500003');
    const foreign = await customerSays(t.app, stranger.a.accountId, 'Rahasia tenant lain', '6281234500004');

    const listA = json(await api('GET', '/chats?limit=100', o.a.token), chatPage);
    const idsA = listA.docs.map((c) => c._id);
    expect(idsA).toContain(mine.chatId);
    expect(idsA).not.toContain(theirs.chatId);
    expect(idsA).not.toContain(foreign.chatId);
    expect(listA.docs.every((c) => c.accountId === o.a.accountId)).toBe(true);

    const listB = json(await api('GET', '/chats', second.token), chatPage);
    expect(listB.docs.map((c) => c._id)).toEqual([theirs.chatId]);

    const paged = json(await api('GET', '/chats?limit=1&page=1', o.a.token), chatPage);
    expect(paged.docs).toHaveLength(1);
    expect(paged.hasNextPage).toBe(true);

    expect((await messagesOf(mine.chatId, o.a.token)).map((m) => m.text)).toContain('Halo nomor utama');
    for (const [chatId, token] of [
      [theirs.chatId, o.a.token],
      [mine.chatId, second.token],
      [foreign.chatId, o.a.token],
      [mine.chatId, stranger.a.token],
      ['tidak-ada', o.a.token],
    ] as const) {
      const res = await api('GET', `/chats/${chatId}/messages`, token);
      expect(res.statusCode, `${chatId}`).toBe(404);
      expect(res.body).not.toContain('Rahasia');
      expect(res.body).not.toContain('Halo nomor');
    }
  });

  it("cannot send into another number's chat: quoting its message is refused, a new chat is opened on its own number", async () => {
    const theirs = await customerSays(t.app, second.accountId, 'Pesan di nomor kedua', '6281234500005');
    const foreign = await customerSays(t.app, stranger.a.accountId, 'Pesan tenant lain', '6281234500006');
    for (const quoted of [theirs.messageId, foreign.messageId]) {
      const res = await api('POST', '/messages', o.a.token, {
        to: '6281234500005',
        text: 'Balas',
        quotedMessageId: quoted,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(ATTACHMENT_MESSAGES.quotedNotFound);
    }
    // the same customer number from number A is A's own chat, never the second number's
    const sent = json(
      await api('POST', '/messages', o.a.token, { to: '6281234500005', text: 'Dari nomor utama' }),
      messageSchema,
    );
    expect(sent.chatId).not.toBe(theirs.chatId);
    expect((await messagesOf(theirs.chatId, second.token)).map((m) => m.text)).toEqual([
      'Pesan di nomor kedua',
    ]);
    // the stranger's token sends from the stranger's number only
    const strangers = json(
      await api('POST', '/messages', stranger.a.token, { to: '6281234500005', text: 'Dari tenant lain' }),
      messageSchema,
    );
    expect(strangers.chatId).not.toBe(sent.chatId);
    expect((await api('GET', `/chats/${strangers.chatId}/messages`, o.a.token)).statusCode).toBe(404);
  });

  it('checks numbers through the channel: sandbox numbers ending in 0000 do not exist', async () => {
    const res = await api('POST', '/numbers/check', o.a.token, {
      phones: ['6281234567890', '6281200000000', '6281234567890'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, numbersCheckResult)).toEqual([
      { phone: '6281234567890', exists: true },
      { phone: '6281200000000', exists: false },
      { phone: '6281234567890', exists: true },
    ]);
    const tooMany = await api('POST', '/numbers/check', o.a.token, {
      phones: Array.from({ length: 51 }, (_, i) => `62812345${String(i).padStart(5, '0')}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe(PUBLIC_API_MESSAGES.phonesInvalid);
    expect((await api('POST', '/numbers/check', o.a.token, { phones: ['08123'] })).statusCode).toBe(400);

    // a channel that cannot tell (the WhatsApp Cloud API has no check): a clear 400
    const [cloud] = await t.ctx.db
      .insert(accounts)
      .values({
        ownerId: o.ownerId,
        type: 'whatsapp',
        provider: 'whatsapp-cloud',
        labelName: 'Cloud',
        apiTokenHash: hashApiToken('sapa_token-cloud-uji'),
      })
      .returning();
    expect(cloud).toBeTruthy();
    const unsupported = await api('POST', '/numbers/check', 'sapa_token-cloud-uji', {
      phones: ['6281234567890'],
    });
    expect(unsupported.statusCode).toBe(400);
    expect(json(unsupported).message).toBe(PUBLIC_API_MESSAGES.checkUnsupported);
  });
});

describe('public API: Idempotency-Key', () => {
  const key = (k: string) => ({ 'idempotency-key': k });
  const countIn = async (chatId: string) =>
    (await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))).length;

  it('answers a repeat with the first answer and sends once; another body with the key is 409', async () => {
    const body = { to: '6281234500011', text: 'Sekali saja' };
    const first = await api('POST', '/messages', o.a.token, body, key('pesanan-1001'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const sent = json(first, messageSchema);

    // the same body with its keys in another order is the same request
    const repeat = await api(
      'POST',
      '/messages',
      o.a.token,
      { text: body.text, to: body.to },
      key('pesanan-1001'),
    );
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await countIn(sent.chatId)).toBe(1);

    const other = await api('POST', '/messages', o.a.token, { ...body, text: 'Lain' }, key('pesanan-1001'));
    expect(other.statusCode).toBe(409);
    expect(json(other).message).toBe(PUBLIC_API_MESSAGES.idempotencyKeyReused);
    // the key is the number's: another number may use it for its own request
    const elsewhere = await api('POST', '/messages', second.token, body, key('pesanan-1001'));
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    // another route with the key is another request
    const check = await api('POST', '/numbers/check', o.a.token, { phones: [body.to] }, key('pesanan-1001'));
    expect(check.statusCode).toBe(409);
    expect(await countIn(sent.chatId)).toBe(1);
  });

  it('keeps no refusal: the key runs again once the cause is gone; refuses a malformed key', async () => {
    const body = { to: '6281234500012', text: 'Balas', quotedMessageId: 'tidak-ada' };
    const first = await api('POST', '/messages', o.a.token, body, key('kutip-1'));
    expect(first.statusCode).toBe(400);
    const repeat = await api('POST', '/messages', o.a.token, body, key('kutip-1'));
    expect(repeat.statusCode).toBe(400);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
    // the body corrected, the same key: it runs (no 409), once
    const fixed = { to: '6281234500012', text: 'Balas' };
    const sent = await api('POST', '/messages', o.a.token, fixed, key('kutip-1'));
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await api('POST', '/messages', o.a.token, fixed, key('kutip-1'));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(sent.json());

    for (const bad of ['', 'ada spasi', 'x'.repeat(101), 'kunci/miring']) {
      const res = await api('POST', '/messages', o.a.token, { to: '6281234500012', text: 'x' }, key(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(res).message).toBe(PUBLIC_API_MESSAGES.idempotencyKeyInvalid);
    }
    expect(
      (await t.ctx.db.select().from(messages).where(eq(messages.text, 'x'))).length,
      'a malformed key sends nothing',
    ).toBe(0);
  });

  it('sends exactly one message for 10 identical requests at once', async () => {
    const body = { to: '6281234500013', text: 'Serentak' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', '/messages', o.a.token, body, key('serentak-1'))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const fresh = answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    const sent = json(fresh[0]!, messageSchema);
    for (const r of answers.filter((a) => a.statusCode === 201)) expect(r.json()).toEqual(fresh[0]!.json());
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(json(r).message).toBe(PUBLIC_API_MESSAGES.idempotencyInProgress);
    expect(await countIn(sent.chatId)).toBe(1);
    await drainJobs(t);
    expect(await countIn(sent.chatId)).toBe(1);
  });

  it('sends nothing twice when the first request died holding the key, and forgets keys after 24 h', async () => {
    const body = { to: '6281234500014', text: 'Setelah mati' };
    const first = json(await api('POST', '/messages', o.a.token, body, key('mati-1')), messageSchema);
    // as if the process died before keeping the answer
    await t.ctx.db
      .update(apiIdempotency)
      .set({ status: null, body: null })
      .where(and(eq(apiIdempotency.accountId, o.a.accountId), eq(apiIdempotency.key, 'mati-1')));
    const waiting = await api('POST', '/messages', o.a.token, body, key('mati-1'));
    expect(waiting.statusCode).toBe(409);
    t.clock.advance(3 * 60 * 1000);
    const retaken = await api('POST', '/messages', o.a.token, body, key('mati-1'));
    expect(retaken.statusCode).toBe(201);
    expect(json(retaken, messageSchema)._id).toBe(first._id);
    expect(await countIn(first.chatId)).toBe(1);

    // 24 h on: the key is free for another request, and housekeeping removes it
    t.clock.advance(24 * 60 * 60 * 1000);
    const reused = await api(
      'POST',
      '/messages',
      o.a.token,
      { ...body, text: 'Hari berikutnya' },
      key('mati-1'),
    );
    expect(reused.statusCode).toBe(201);
    expect(await countIn(first.chatId)).toBe(2);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await pruneIdempotency(t.ctx);
    expect(
      await t.ctx.db.select().from(apiIdempotency).where(eq(apiIdempotency.accountId, o.a.accountId)),
    ).toEqual([]);
  });
});

describe('public API: the document', () => {
  it('lists the public routes with the bearer token as their only security', async () => {
    const document = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.paths['/api/v1/messages']?.post?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/chats']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/chats/{id}/messages']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/numbers/check']?.post?.security).toEqual([{ bearer: [] }]);
  });
});
