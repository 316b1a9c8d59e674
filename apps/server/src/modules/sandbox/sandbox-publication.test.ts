import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onAccountTrouble, type AccountTrouble } from '../../channels/account-events';
import { RestrictedSendError, type AccountRow, type StatusContent } from '../../channels/connector';
import { accounts, chats, messages, sandboxStatuses } from '../../db/schema';
import {
  customerSays,
  drainJobs,
  json,
  ownerWithSandbox,
  sandboxHeaders,
  useTestApp,
} from '../../../test/helpers';
import { openSocket, until } from '../../../test/sockets';

const { t, get, put } = useTestApp({ listen: true });

const accountRow = async (id: string): Promise<AccountRow> =>
  (await t.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const connector = () => t.ctx.connectors.get('sandbox')!;

/** The owner replies in the chat through the inbox, and the send job runs. */
async function reply(token: string, chatId: string, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${chatId}/message`,
    headers: { token },
    payload: { temporaryId: api.temporaryId(), text },
  });
  expect(res.statusCode).toBeLessThan(300);
  await drainJobs(t);
  const id = json(res, api.message)._id;
  return (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!;
}

const restrict = (accountId: string, headers: Record<string, string>, restricted: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/sandbox/account/${accountId}/restricted`,
    headers,
    payload: { restricted },
  });

describe("the simulator's 'Batasi nomor (463)' switch", () => {
  it('makes every send fail as restricted and tells the trouble listeners; off again, sends go out', async () => {
    const troubles: AccountTrouble[] = [];
    const stop = onAccountTrouble(t.ctx, (trouble) => {
      troubles.push(trouble);
    });
    // a failing listener never breaks the channel
    const stopBroken = onAccountTrouble(t.ctx, () => {
      throw new Error('listener down');
    });
    try {
      const { token, accountId } = await ownerWithSandbox(t.app);
      const { chatId } = await customerSays(t.app, accountId, 'Halo kak');

      const on = await restrict(accountId, { token }, true);
      expect(json(on, api.sandboxRestricted)).toEqual({ _id: accountId, restricted: true });
      const listed = json(await get('/api/sandbox/accounts', token), api.sandboxAccountList).docs;
      expect(listed.find((a) => a._id === accountId)?.restricted).toBe(true);

      const refused = await reply(token, chatId, 'Promo hari ini');
      expect(refused).toMatchObject({ status: 'error', errorMessage: api.t('sandbox.restricted') });
      const account = await accountRow(accountId);
      expect(troubles).toEqual([{ accountId, ownerId: account.ownerId, kind: 'restricted', code: '463' }]);

      // the connector's own answer: a restricted error with WhatsApp's code, never a retry
      const error = await connector()
        .send(account, (await t.ctx.db.select().from(chats).where(eq(chats.id, chatId)))[0]!, refused)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestrictedSendError);
      expect((error as RestrictedSendError).code).toBe('463');
      // checking numbers still works on a restricted number
      expect(await connector().checkNumbers!(account, ['6281234567890'])).toEqual(
        new Map([['6281234567890', true]]),
      );

      expect(json(await restrict(accountId, { token }, false), api.sandboxRestricted).restricted).toBe(false);
      const sent = await reply(token, chatId, 'Maaf, ini promonya');
      expect(sent.status).not.toBe('error');
      expect(troubles).toHaveLength(2);
    } finally {
      stop();
      stopBroken();
    }
  });

  it('only the owner or the link of that account can flip it; others get 404, strangers 401', async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    expect((await restrict(a.accountId, {}, true)).statusCode).toBe(401);
    expect((await restrict(a.accountId, { token: b.token }, true)).statusCode).toBe(404);
    expect((await restrict(a.accountId, await sandboxHeaders(t.app, b.accountId), true)).statusCode).toBe(
      404,
    );
    expect((await accountRow(a.accountId)).sandboxRestricted).toBe(false);

    // the link of A's account flips A's switch
    const viaLink = await restrict(a.accountId, await sandboxHeaders(t.app, a.accountId), true);
    expect(json(viaLink, api.sandboxRestricted).restricted).toBe(true);
    expect((await accountRow(a.accountId)).sandboxRestricted).toBe(true);

    // a real WhatsApp number, even the owner's own, is not the simulator's
    const [real] = await t.ctx.db
      .insert(accounts)
      .values({
        ownerId: (await accountRow(a.accountId)).ownerId,
        type: 'whatsapp',
        provider: 'whatsapp-web',
        labelName: 'Toko',
        phoneNumber: '6281377778888',
        status: 'connected',
      })
      .returning();
    expect((await restrict(real!.id, { token: a.token }, true)).statusCode).toBe(404);
    expect((await accountRow(real!.id)).sandboxRestricted).toBe(false);

    const bad = await put(`/api/sandbox/account/${a.accountId}/restricted`, a.token, { restricted: 'ya' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('numbers on WhatsApp (sandbox)', () => {
  it('every number ending in 0000 is not on WhatsApp, every other one is', async () => {
    const { accountId } = await ownerWithSandbox(t.app);
    const found = await connector().checkNumbers!(await accountRow(accountId), [
      '6281200000000',
      '6281234567890',
      '6281255550000',
      '6281200001',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      '6281200000000': false,
      '6281234567890': true,
      '6281255550000': false,
      '6281200001': true,
    });
  });

  it('a sandbox account counts as linked when it is created', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    expect((await accountRow(accountId)).linkedAt?.getTime()).toBe(t.clock.now().getTime());
    const added = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/account',
        headers: { token },
        payload: { accountId, type: 'instagram' },
      }),
      api.sandboxAccount,
    );
    expect((await accountRow(added._id)).linkedAt?.getTime()).toBe(t.clock.now().getTime());
  });
});

describe("the simulator's status feed", () => {
  const text: StatusContent = {
    type: 'text',
    text: 'Diskon 20% hari ini',
    backgroundColor: '#25d366',
    mediaUrl: null,
    mimetype: null,
  };

  it('a status is posted once however often it is asked, listed newest first and pushed live', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const frames: { type: string; status?: api.SandboxStatus }[] = [];
    const socket = await openSocket(
      `${t.base}/ws/sandbox?accountId=${accountId}&phoneNumber=6281234567890&token=${token}`,
      (data) => frames.push(JSON.parse(JSON.parse(String(data)) as string)),
    );
    const account = await accountRow(accountId);
    const viewers = ['6281234567890', '6281234567891', '6281234567891'];
    const first = await connector().postStatus!(account, 'status-run-1', text, viewers);
    // the job ran again (a crash after posting): the same post, not a second one
    expect(await connector().postStatus!(account, 'status-run-1', text, viewers)).toEqual(first);
    t.clock.advance(60_000);
    await connector().postStatus!(
      account,
      'status-run-2',
      {
        type: 'image',
        text: 'Koleksi baru',
        backgroundColor: '#000000',
        mediaUrl: '/api/media/a.png',
        mimetype: 'image/png',
      },
      ['6281234567890'],
    );

    const feed = json(await get(`/api/sandbox/account/${accountId}/status`, token), api.sandboxStatusList);
    expect(feed.docs).toMatchObject([
      {
        _id: 'status-run-2',
        type: 'image',
        text: 'Koleksi baru',
        mediaUrl: '/api/media/a.png',
        backgroundColor: null,
        viewers: 1,
      },
      {
        _id: 'status-run-1',
        type: 'text',
        text: 'Diskon 20% hari ini',
        backgroundColor: '#25d366',
        mediaUrl: null,
        viewers: 2,
      },
    ]);
    expect(
      await t.ctx.db.select().from(sandboxStatuses).where(eq(sandboxStatuses.accountId, accountId)),
    ).toHaveLength(2);

    await until(() => frames.filter((f) => f.type === 'sandbox.status').length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    const pushed = frames.filter((f) => f.type === 'sandbox.status').map((f) => f.status?._id);
    expect(pushed).toEqual(['status-run-1', 'status-run-2']);
    socket.close();
  });

  it("another tenant cannot read an account's feed", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    await connector().postStatus!(await accountRow(a.accountId), `rahasia-${a.accountId}`, text, []);
    expect((await get(`/api/sandbox/account/${a.accountId}/status`, b.token)).statusCode).toBe(404);
    const viaOtherLink = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/account/${a.accountId}/status`,
      headers: await sandboxHeaders(t.app, b.accountId),
    });
    expect(viaOtherLink.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sandbox/account/${a.accountId}/status` })).statusCode,
    ).toBe(401);
    const own = json(await get(`/api/sandbox/account/${a.accountId}/status`, a.token), api.sandboxStatusList);
    expect(own.docs.map((d) => d._id)).toEqual([`rahasia-${a.accountId}`]);
  });
});

describe('the customer deletes a message for everyone', () => {
  const remove = async (accountId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: await sandboxHeaders(t.app, accountId),
      payload: { type: 'deleted', accountId, ...body },
    });
  const conversation = async (token: string, accountId: string, phone: string) =>
    json(
      await get(`/api/sandbox/conversation?accountId=${accountId}&phoneNumber=${phone}`, token),
      api.sandboxConversation,
    ).messages;

  it('their latest message, or the one named, is deleted like a WhatsApp revoke', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phone = '6281233330001';
    const one = await customerSays(t.app, accountId, 'Pesan pertama', phone);
    t.clock.advance(1000);
    const two = await customerSays(t.app, accountId, 'Salah kirim', phone);

    const latest = await remove(accountId, { phoneNumber: phone });
    expect(latest.statusCode).toBe(200);
    expect(json(latest, api.sandboxInboundResponse)).toEqual({
      chatId: two.chatId,
      messageId: two.messageId,
    });
    let seen = await conversation(token, accountId, phone);
    expect(seen.map((m) => [m._id, m.type])).toEqual([
      [one.messageId, 'text'],
      [two.messageId, 'deleted'],
    ]);
    // the inbox row says so too
    const chat = json(await get(`/api/chat/${two.chatId}`, token), api.chat);
    expect(chat.lastMessage).toMatchObject({ type: 'deleted', text: '' });

    const named = await remove(accountId, { phoneNumber: phone, messageId: one.messageId });
    expect(json(named, api.sandboxInboundResponse).messageId).toBe(one.messageId);
    seen = await conversation(token, accountId, phone);
    expect(seen.map((m) => m.type)).toEqual(['deleted', 'deleted']);
    // nothing of the customer's is left to delete
    expect((await remove(accountId, { phoneNumber: phone })).statusCode).toBe(404);
  });

  it("refuses the business's messages and messages of another chat", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const phone = '6281233330002';
    const { chatId } = await customerSays(t.app, accountId, 'Halo', phone);
    const business = await reply(token, chatId, 'Halo juga');
    const refused = await remove(accountId, { phoneNumber: phone, messageId: business.id });
    expect(refused.statusCode).toBe(400);
    expect(json(refused, api.apiErrorBody).message).toBe(api.t('sandbox.notCustomerMessage'));

    const other = await customerSays(t.app, accountId, 'Dari orang lain', '6281233330003');
    const elsewhere = await remove(accountId, { phoneNumber: phone, messageId: other.messageId });
    expect(elsewhere.statusCode).toBe(404);
    expect((await remove(accountId, { phoneNumber: '6281233339999' })).statusCode).toBe(404);
    expect((await conversation(token, accountId, phone)).map((m) => m.type)).toEqual(['text', 'text']);
    expect((await conversation(token, accountId, '6281233330003')).map((m) => m.type)).toEqual(['text']);
    // another tenant cannot delete in this account
    const b = await ownerWithSandbox(t.app);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token: b.token },
      payload: { type: 'deleted', accountId, phoneNumber: '6281233330003' },
    });
    expect(stranger.statusCode).toBe(404);
    expect((await conversation(token, accountId, '6281233330003')).map((m) => m.type)).toEqual(['text']);
  });
});
