import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_MESSAGES as M,
  account as accountSchema,
  cloudTemplateList,
  DEFAULT_BILLING_SETTINGS,
  interpolate,
  t as t_,
  temporaryId,
} from '@sapa/contracts';
import { accounts, channelLinks, chats, users } from '../../db/schema';
import { linkOf } from '../../channels/meta/link-store';
import { startFakeGraph, graphError, type FakeGraph } from '../../../test/fake-graph';
import {
  addCloudNumber,
  addSignupCode,
  cloudState,
  deliverToApp,
  inboundMessage,
  installCloud,
  linkCloud,
  messagesDelivery,
  metaEnv,
  setTemplates,
} from '../../../test/fake-graph-cloud';
import { drainJobs, json, registerOwner, useTestApp, verifiedOwner } from '../../../test/helpers';
import { connectCloudFromCallback } from './cloud';

const env: Record<string, string> = {};
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  installCloud(fake, { signup: true });
  Object.assign(env, metaEnv(fake));
});
afterAll(() => fake.close());

describe('linking a WhatsApp Cloud API number', () => {
  const { t, post, get } = useTestApp({ env, dataDir: 'sapa-cloud-link-' });

  it('checks the number with the token, subscribes the app and stores the account with its token sealed', async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    const number = addCloudNumber(fake, {
      displayPhoneNumber: '+62 811-2233-4455',
      verifiedName: 'Toko Sapa',
    });
    const res = await post('/api/account/whatsapp-cloud', token, {
      labelName: 'CS Cloud',
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: number.token,
    });
    expect(res.statusCode).toBe(201);
    const created = json(res, accountSchema);
    expect(created).toMatchObject({
      type: 'whatsapp',
      provider: 'whatsapp-cloud',
      status: 'connected',
      label: { name: 'CS Cloud', phoneNumber: '6281122334455' },
      channel: {
        kind: 'whatsapp-cloud',
        externalId: number.phoneNumberId,
        handle: '+62 811-2233-4455',
        needsRelink: false,
      },
    });
    // the number was read with the token in the header, never in the url
    const check = fake.requestsTo(new RegExp(`^/${number.phoneNumberId}$`), 'GET').at(-1)!;
    expect(check.token).toBe(number.token);
    expect(check.query.get('fields')).toBe('display_phone_number,verified_name,quality_rating');
    expect(fake.requests.some((r) => r.query.toString().includes(number.token))).toBe(false);
    expect(cloudState(fake).subscribed.has(number.wabaId)).toBe(true);

    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, created._id));
    expect(row).toMatchObject({ ownerId, replyWindowHours: 24, provider: 'whatsapp-cloud' });
    expect(row!.linkedAt).not.toBeNull();
    // sealed at rest: the table never holds the token, yet the link opens it
    const [link] = await t.ctx.db.select().from(channelLinks).where(eq(channelLinks.accountId, created._id));
    expect(link).toMatchObject({ kind: 'whatsapp-cloud', parentId: number.wabaId, ownerId });
    expect(JSON.stringify(link)).not.toContain(number.token);
    expect(link!.tokenSealed).toMatch(/^v1\./);
    expect((await linkOf(t.ctx, created._id))!.token).toBe(number.token);

    const list = json<{ docs: { _id: string }[] }>(await get('/api/account?types=whatsapp', token));
    expect(list.docs.map((a) => a._id)).toContain(created._id);
  });

  it("refuses a token Meta does not accept for the number, with Meta's reason and without the token", async () => {
    const { token } = await verifiedOwner(t.app);
    const number = addCloudNumber(fake);
    const wrong = `EAAGsalah${'x'.repeat(30)}`;
    const res = await post('/api/account/whatsapp-cloud', token, {
      labelName: 'Salah',
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: wrong,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      interpolate(M.cloudCheckFailed, { reason: 'Invalid OAuth access token - Cannot parse access token' }),
    );
    expect(res.body).not.toContain(wrong);
    expect(
      await t.ctx.db.select().from(channelLinks).where(eq(channelLinks.externalId, number.phoneNumberId)),
    ).toEqual([]);

    // Meta away: 503, nothing stored
    fake.failNext(new RegExp(`^/${number.phoneNumberId}$`), {
      status: 502,
      raw: { body: 'bad gateway', type: 'text/html' },
    });
    const away = await post('/api/account/whatsapp-cloud', token, {
      labelName: 'Jauh',
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: number.token,
    });
    expect(away.statusCode).toBe(503);
    expect(away.json().message).toBe(M.metaUnreachable);
  });

  it('validates the form in Indonesian and lets only owners link', async () => {
    const { token } = await verifiedOwner(t.app);
    const bad = await post('/api/account/whatsapp-cloud', token, {
      labelName: 'X',
      phoneNumberId: 'abc',
      wabaId: '123456',
      token: 'pendek',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.cloudPhoneNumberIdInvalid);
    expect(bad.json().fields).toMatchObject({ token: M.cloudTokenInvalid });
  });

  it('refuses a number another tenant holds (409) and lets the same tenant link it again', async () => {
    const a = await verifiedOwner(t.app);
    const b = await verifiedOwner(t.app);
    const number = addCloudNumber(fake);
    const first = await linkCloud(t.app, a.token, number, 'Nomor A');

    const taken = await post('/api/account/whatsapp-cloud', b.token, {
      labelName: 'Nomor B',
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: number.token,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.takenByOther);
    const bList = json<{ docs: { provider: string }[] }>(await get('/api/account?types=whatsapp', b.token));
    expect(bList.docs.filter((d) => d.provider === 'whatsapp-cloud')).toEqual([]);

    // the token was refused meanwhile; A links again with a new one: same account, link healthy
    await t.ctx.db
      .update(channelLinks)
      .set({ tokenInvalidAt: t.clock.now() })
      .where(eq(channelLinks.accountId, first._id));
    number.token = `EAAGbaru${'y'.repeat(30)}`;
    const again = await linkCloud(t.app, a.token, number, 'Nomor A baru');
    expect(again._id).toBe(first._id);
    expect(again.channel?.needsRelink).toBe(false);
    expect((await linkOf(t.ctx, first._id))!.token).toBe(number.token);
    const aList = json<{ docs: { _id: string }[] }>(await get('/api/account?types=whatsapp', a.token));
    expect(aList.docs.filter((d) => d._id === first._id)).toHaveLength(1);

    // once A deletes the account, the number is free for B
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/${first._id}`,
      headers: { token: a.token },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const bLinked = await linkCloud(t.app, b.token, number, 'Nomor B');
    expect(bLinked._id).not.toBe(first._id);
  });

  it('waits for a subscription, like any new number', async () => {
    const { token } = await registerOwner(t.app, undefined, { trial: false });
    const number = addCloudNumber(fake);
    const res = await post('/api/account/whatsapp-cloud', token, {
      labelName: 'Tanpa langganan',
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      token: number.token,
    });
    expect(res.statusCode).toBe(402);
  });

  it("refuses a number past the plan, by the form (403) and by Embedded Signup (skipped with the plan's reason)", async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    await t.ctx.db
      .update(users)
      .set({
        subscriptionPlan: { ...DEFAULT_BILLING_SETTINGS.plans[0]!, name: 'Hemat', numbers: 1 },
        subscriptionExpiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      })
      .where(eq(users.id, ownerId));
    const full = t_('billing.planNumbersFull', { plan: 'Hemat', limit: 1 });
    const link = (number: ReturnType<typeof addCloudNumber>) =>
      post('/api/account/whatsapp-cloud', token, {
        labelName: 'CS Cloud',
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        token: number.token,
      });
    const first = addCloudNumber(fake, { verifiedName: 'Toko Satu' });
    expect((await link(first)).statusCode).toBe(201);
    const second = addCloudNumber(fake, { verifiedName: 'Toko Dua' });
    const refused = await link(second);
    expect(refused.statusCode).toBe(403);
    expect(json<{ message: string }>(refused).message).toBe(full);
    // the number it holds links again: no new place taken
    expect((await link(first)).statusCode).toBe(201);

    const signup = await connectCloudFromCallback(t.ctx, ownerId, {
      kind: 'whatsapp-cloud',
      state: 's',
      code: addSignupCode(fake, second.token),
      waba_id: second.wabaId,
      phone_number_id: second.phoneNumberId,
    });
    expect(signup).toEqual({ connected: [], skipped: [{ name: second.phoneNumberId, reason: full }] });
    const list = json<{ docs: { isSandbox: boolean }[] }>(await get('/api/account', token));
    expect(list.docs.filter((d) => !d.isSandbox)).toHaveLength(1);
  });

  it('links the number Embedded Signup picked, after exchanging the code', async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    const number = addCloudNumber(fake, { verifiedName: 'Toko Daftar' });
    const code = addSignupCode(fake, number.token);
    const result = await connectCloudFromCallback(t.ctx, ownerId, {
      kind: 'whatsapp-cloud',
      state: 'diperiksa-oleh-rute-callback',
      code,
      waba_id: number.wabaId,
      phone_number_id: number.phoneNumberId,
    });
    expect(result.skipped).toEqual([]);
    expect(result.connected).toMatchObject([
      { name: 'Toko Daftar', handle: number.displayPhoneNumber, relinked: false },
    ]);
    const exchange = fake.requestsTo(/^\/oauth\/access_token$/).at(-1)!;
    expect(exchange.query.get('client_id')).toBe(fake.appId);
    expect(exchange.query.get('code')).toBe(code);
    expect((await linkOf(t.ctx, result.connected[0]!.accountId))!.token).toBe(number.token);
    const list = json<{ docs: { _id: string }[] }>(await get('/api/account', token));
    expect(list.docs.map((d) => d._id)).toContain(result.connected[0]!.accountId);

    // another tenant with the same number: skipped with the reason
    const other = await verifiedOwner(t.app);
    const skipped = await connectCloudFromCallback(t.ctx, other.ownerId, {
      kind: 'whatsapp-cloud',
      state: 's',
      code: addSignupCode(fake, number.token),
      waba_id: number.wabaId,
      phone_number_id: number.phoneNumberId,
    });
    expect(skipped).toEqual({
      connected: [],
      skipped: [{ name: number.phoneNumberId, reason: M.takenByOther }],
    });

    // no number picked, or a code Meta does not know
    await expect(
      connectCloudFromCallback(t.ctx, ownerId, {
        kind: 'whatsapp-cloud',
        state: 's',
        code: 'x',
        waba_id: number.wabaId,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: M.cloudSignupIncomplete });
    await expect(
      connectCloudFromCallback(t.ctx, ownerId, {
        kind: 'whatsapp-cloud',
        state: 's',
        code: 'kode-tidak-dikenal',
        waba_id: number.wabaId,
        phone_number_id: number.phoneNumberId,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: M.loginExpired });
  });
});

describe('the templates of a chat on the Cloud API', () => {
  const { t, get } = useTestApp({ env, dataDir: 'sapa-cloud-templates-' });

  it("lists the number's approved templates with their placeholders, across pages", async () => {
    const { token } = await verifiedOwner(t.app);
    const number = addCloudNumber(fake);
    const account = await linkCloud(t.app, token, number);
    const many = Array.from({ length: 120 }, (_, i) => ({
      name: `promo_${String(i).padStart(3, '0')}`,
      language: 'id',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Halo {{1}}' }],
    }));
    setTemplates(fake, number.wabaId, [
      {
        name: 'pesanan_dikirim',
        language: 'id',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Pesanan Anda' },
          { type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} sudah dikirim. Terima kasih, {{1}}!' },
          { type: 'FOOTER', text: 'Toko Uji' },
        ],
      },
      { name: 'ditolak', language: 'id', status: 'REJECTED', components: [{ type: 'BODY', text: 'x' }] },
      {
        name: 'gambar',
        language: 'en_US',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Hi' },
        ],
      },
      ...many,
    ]);
    // the customer writes first, so there is a chat
    const chatId = await customerWrites(number, '6281234500001');
    const res = await get(`/api/chat/${chatId}/template-cloud`, token);
    expect(res.statusCode).toBe(200);
    const { docs } = json(res, cloudTemplateList);
    expect(docs).toHaveLength(122);
    expect(docs.find((d) => d.name === 'pesanan_dikirim')).toEqual({
      name: 'pesanan_dikirim',
      language: 'id',
      category: 'UTILITY',
      body: 'Halo {{1}}, pesanan {{2}} sudah dikirim. Terima kasih, {{1}}!',
      header: 'Pesanan Anda',
      footer: 'Toko Uji',
      parameterCount: 2,
    });
    expect(docs.find((d) => d.name === 'gambar')).toMatchObject({ header: null, parameterCount: 0 });
    expect(docs.some((d) => d.name === 'ditolak')).toBe(false);
    expect(fake.requestsTo(new RegExp(`^/${number.wabaId}/message_templates$`)).length).toBe(2);
    expect(account.provider).toBe('whatsapp-cloud');

    // another tenant cannot read them through the chat id
    const stranger = await verifiedOwner(t.app);
    expect((await get(`/api/chat/${chatId}/template-cloud`, stranger.token)).statusCode).toBe(404);
  });

  it('refuses a chat that is not on the Cloud API', async () => {
    const { token } = await registerOwner(t.app);
    const accountsList = json<{ docs: { _id: string; isSandbox: boolean }[] }>(
      await get('/api/account', token),
    );
    const sandbox = accountsList.docs.find((a) => a.isSandbox)!;
    const inbound = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound',
      headers: { token },
      payload: { accountId: sandbox._id, phoneNumber: '6281234500002', name: 'Budi', text: 'halo' },
    });
    const { chatId } = inbound.json<{ chatId: string }>();
    const res = await get(`/api/chat/${chatId}/template-cloud`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.cloudOnly);
    // nor may a template go out there
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/message`,
      headers: { token },
      payload: { temporaryId: temporaryId(), text: 'x', template: { name: 'a', language: 'id' } },
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().message).toBe(M.cloudOnly);
  });

  it('marks the link when Meta refuses the token while listing', async () => {
    const { token } = await verifiedOwner(t.app);
    const number = addCloudNumber(fake);
    const account = await linkCloud(t.app, token, number);
    const chatId = await customerWrites(number, '6281234500003');
    fake.failNext(
      new RegExp(`^/${number.wabaId}/message_templates$`),
      graphError(190, 'Error validating access token', 460, 401),
    );
    const res = await get(`/api/chat/${chatId}/template-cloud`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M['send.tokenInvalid']);
    const after = json<{ docs: { _id: string; channel: { needsRelink: boolean } | null }[] }>(
      await get('/api/account?types=whatsapp', token),
    );
    expect(after.docs.find((d) => d._id === account._id)?.channel?.needsRelink).toBe(true);
  });

  /** A customer's text to the number; answers the chat's id. */
  async function customerWrites(number: ReturnType<typeof addCloudNumber>, waId: string): Promise<string> {
    await deliverToApp(
      t.app,
      fake,
      messagesDelivery(number, { waId, name: 'Pelanggan' }, [
        inboundMessage({ waId }, 'text', { body: 'halo' }),
      ]),
    );
    await drainJobs(t);
    const [link] = await t.ctx.db
      .select()
      .from(channelLinks)
      .where(eq(channelLinks.externalId, number.phoneNumberId));
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.accountId, link!.accountId));
    return chat!.id;
  }
});
