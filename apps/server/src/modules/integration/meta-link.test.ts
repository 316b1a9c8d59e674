import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountPage,
  DEFAULT_BILLING_SETTINGS,
  INTEGRATION_MESSAGES as M,
  interpolate,
  type Account,
  t,
  type RealtimeEvent,
} from '@sapa/contracts';
import { accounts, channelLinks, metaOauthStates, users } from '../../db/schema';
import { open } from '../../lib/secret-box';
import { json } from '../../../test/helpers';
import { addPage, pagesOf, revokePage, renewPageToken } from '../../../test/fake-graph-pages';
import {
  betaOwner,
  linkThroughDialog,
  loginUrl,
  postCallback,
  startMetaHarness,
  throughDialog,
  type MetaHarness,
} from '../../../test/meta-fixture';
import { markTokenInvalid } from '../../channels/meta/link-store';
import { SUBSCRIBED_FIELDS } from './meta-link';

const DASAR = DEFAULT_BILLING_SETTINGS.plans[0]!;

let h: MetaHarness;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  h = await startMetaHarness();
  h.t.ctx.bus.subscribe((m) => {
    if (m.kind === 'tenant') events.push(m.event);
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function accountsOf(token: string, type: 'messenger' | 'instagram'): Promise<Account[]> {
  const res = await h.t.app.inject({
    method: 'GET',
    url: `/api/account?types=${type}&limit=200`,
    headers: { token },
  });
  return json(res, accountPage).docs;
}

const linkRow = async (accountId: string) =>
  (await h.t.ctx.db.select().from(channelLinks).where(eq(channelLinks.accountId, accountId)))[0];

describe('Messenger', () => {
  it("links only as many new Pages as the plan has room for; the rest are skipped with the plan's reason", async () => {
    const owner = await betaOwner(h);
    await h.t.ctx.db
      .update(users)
      .set({
        subscriptionPlan: { ...DASAR, name: 'Hemat', numbers: 1 },
        subscriptionExpiresAt: new Date(h.t.clock.now().getTime() + 30 * 86_400_000),
      })
      .where(eq(users.id, owner.ownerId));
    const kopi = addPage(h.fake, { name: 'Kedai Kopi' });
    const teh = addPage(h.fake, { name: 'Kedai Teh' });
    const answer = await linkThroughDialog(h, owner.token, 'messenger', [kopi.id, teh.id]);
    expect(answer.connected.map((c) => c.name)).toEqual(['Kedai Kopi']);
    expect(answer.skipped).toEqual([
      {
        name: 'Kedai Teh',
        reason: t('billing.planNumbersFull', { plan: 'Hemat', limit: 1 }),
      },
    ]);
    expect((await accountsOf(owner.token, 'messenger')).map((a) => a.label.name)).toEqual(['Kedai Kopi']);
    // the Page it holds links again though the plan is full: a relink takes no new place
    const again = await linkThroughDialog(h, owner.token, 'messenger', [kopi.id]);
    expect(again.connected.map((c) => [c.name, c.relinked])).toEqual([['Kedai Kopi', true]]);
  });

  it('links the Pages picked in the dialog as accounts, subscribed to the webhooks, tokens sealed', async () => {
    const owner = await betaOwner(h);
    const sari = addPage(h.fake, { name: 'Toko Kue Sari' });
    const budi = addPage(h.fake, { name: 'Bengkel Budi' });
    const other = addPage(h.fake, { name: 'Halaman Lain' });
    events.length = 0;
    const answer = await linkThroughDialog(h, owner.token, 'messenger', [sari.id, budi.id]);
    expect(answer.skipped).toEqual([]);
    expect(answer.connected.map((c) => [c.name, c.handle, c.relinked])).toEqual([
      ['Toko Kue Sari', 'Toko Kue Sari', false],
      ['Bengkel Budi', 'Bengkel Budi', false],
    ]);
    expect(answer.connected[0]!.picture).toMatch(/^\/api\/media\//);

    const listed = await accountsOf(owner.token, 'messenger');
    const card = listed.find((a) => a.id === answer.connected[0]!.accountId)!;
    expect(card).toMatchObject({
      type: 'messenger',
      provider: 'meta',
      status: 'connected',
      label: { name: 'Toko Kue Sari', phoneNumber: '' },
      channel: {
        kind: 'messenger',
        externalId: sari.id,
        handle: 'Toko Kue Sari',
        needsRelink: false,
        humanAgent: false,
      },
    });
    expect(listed.some((a) => a.channel?.externalId === other.id)).toBe(false);
    const published = events.filter((e) => e.type === 'account.updated').map((e) => e.account!.id);
    expect(published).toEqual(answer.connected.map((c) => c.accountId));

    // Meta sends this Page's messages to our webhook
    expect(pagesOf(h.fake).pages.get(sari.id)!.subscribedFields).toEqual(SUBSCRIBED_FIELDS);
    expect(pagesOf(h.fake).pages.get(other.id)!.subscribedFields).toBeNull();

    const [account] = await h.t.ctx.db.select().from(accounts).where(eq(accounts.id, card.id));
    expect(account!.replyWindowHours).toBe(24);
    // the Page token is sealed at rest: not readable in the table, usable by the server
    const link = (await linkRow(card.id))!;
    expect(link.parentId).toBe(sari.id);
    expect(link.tokenSealed.startsWith('v1.')).toBe(true);
    expect(JSON.stringify(await h.t.ctx.db.select().from(channelLinks))).not.toContain(sari.token);
    expect(JSON.stringify(await h.t.ctx.db.select().from(channelLinks))).not.toContain(
      sari.token.slice(3, 20),
    );
    expect(open(h.t.ctx.config, link.tokenSealed)).toBe(sari.token);
    expect(JSON.stringify(await h.t.ctx.db.select().from(metaOauthStates))).not.toContain(sari.token);
  });

  it('reads every page of /me/accounts', async () => {
    const owner = await betaOwner(h);
    const many = [1, 2, 3].map((n) => addPage(h.fake, { name: `Cabang ${n}`, picture: false }));
    pagesOf(h.fake).maxPageSize = 1;
    try {
      const answer = await linkThroughDialog(
        h,
        owner.token,
        'messenger',
        many.map((p) => p.id),
      );
      expect(answer.connected.map((c) => c.name)).toEqual(['Cabang 1', 'Cabang 2', 'Cabang 3']);
      expect(answer.connected.every((c) => c.picture === null)).toBe(true);
    } finally {
      pagesOf(h.fake).maxPageSize = 100;
    }
  });

  it('with no Page picked: noPage; a permission declined: named', async () => {
    const owner = await betaOwner(h);
    const none = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'), { pick: [] });
    const res = await postCallback(h, owner.token, 'messenger', none);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.noPage);

    const page = addPage(h.fake, { name: 'Toko Tanpa Izin' });
    pagesOf(h.fake).declined.add('pages_messaging');
    try {
      const query = await throughDialog(h, await loginUrl(h, owner.token, 'messenger'), { pick: [page.id] });
      const refused = await postCallback(h, owner.token, 'messenger', query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        interpolate(M.permissionMissing, { permissions: 'pages_messaging' }),
      );
    } finally {
      pagesOf(h.fake).declined.clear();
    }
    expect(await accountsOf(owner.token, 'messenger')).toEqual([]);
  });

  it('with the Human Agent permission: replies up to 7 days (168 hours)', async () => {
    const owner = await betaOwner(h);
    const page = addPage(h.fake, { name: 'Toko Layanan' });
    pagesOf(h.fake).extraGranted.add('human_agent');
    try {
      const answer = await linkThroughDialog(h, owner.token, 'messenger', [page.id]);
      const id = answer.connected[0]!.accountId;
      const [row] = await h.t.ctx.db.select().from(accounts).where(eq(accounts.id, id));
      expect(row!.replyWindowHours).toBe(168);
      expect((await accountsOf(owner.token, 'messenger'))[0]!.channel!.humanAgent).toBe(true);
    } finally {
      pagesOf(h.fake).extraGranted.clear();
    }
  });

  it('linking a Page again refreshes its token and clears the red card, without a second account', async () => {
    const owner = await betaOwner(h);
    const page = addPage(h.fake, { name: 'Toko Ulang' });
    const first = await linkThroughDialog(h, owner.token, 'messenger', [page.id]);
    const id = first.connected[0]!.accountId;
    const before = (await linkRow(id))!;
    revokePage(h.fake, page.id);
    await markTokenInvalid(h.t.ctx, id);
    expect((await accountsOf(owner.token, 'messenger'))[0]!.channel!.needsRelink).toBe(true);

    const fresh = renewPageToken(h.fake, page.id);
    const again = await linkThroughDialog(h, owner.token, 'messenger', [page.id]);
    expect(again.connected).toEqual([expect.objectContaining({ accountId: id, relinked: true })]);
    const cards = await accountsOf(owner.token, 'messenger');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.channel!.needsRelink).toBe(false);
    const after = (await linkRow(id))!;
    expect(after.tokenSealed).not.toBe(before.tokenSealed);
    expect(open(h.t.ctx.config, after.tokenSealed)).toBe(fresh);
  });
});

describe('Instagram', () => {
  it('links the Instagram professional accounts of the picked Pages, sent through their Page', async () => {
    const owner = await betaOwner(h);
    const withIg = addPage(h.fake, {
      name: 'Butik Rina',
      instagram: { username: 'butikrina', name: 'Butik Rina Official' },
    });
    const without = addPage(h.fake, { name: 'Halaman Tanpa IG' });
    const answer = await linkThroughDialog(h, owner.token, 'instagram', [withIg.id, without.id]);
    expect(answer.connected).toEqual([
      expect.objectContaining({ name: '@butikrina', handle: '@butikrina', relinked: false }),
    ]);
    expect(answer.connected[0]!.picture).toMatch(/^\/api\/media\//);
    const [card] = await accountsOf(owner.token, 'instagram');
    expect(card).toMatchObject({
      type: 'instagram',
      provider: 'meta',
      label: { name: '@butikrina' },
      channel: { kind: 'instagram', externalId: withIg.instagram!.id, handle: '@butikrina' },
    });
    const link = (await linkRow(card!.id))!;
    expect(link.parentId).toBe(withIg.id);
    expect(open(h.t.ctx.config, link.tokenSealed)).toBe(withIg.token);
    expect(pagesOf(h.fake).pages.get(withIg.id)!.subscribedFields).toEqual(SUBSCRIBED_FIELDS);
    expect(await accountsOf(owner.token, 'messenger')).toEqual([]);
  });

  it('Pages without an Instagram account: noInstagram', async () => {
    const owner = await betaOwner(h);
    const page = addPage(h.fake, { name: 'Warung Tanpa IG' });
    const query = await throughDialog(h, await loginUrl(h, owner.token, 'instagram'), { pick: [page.id] });
    const res = await postCallback(h, owner.token, 'instagram', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.noInstagram);
  });
});

describe('tenants', () => {
  it("B cannot link A's Page (nothing of it kept); once A deletes it, B can, and the webhooks stay on", async () => {
    const a = await betaOwner(h);
    const b = await betaOwner(h);
    const page = addPage(h.fake, { name: 'Toko Bersama', instagram: { username: 'tokobersama' } });
    const mine = await linkThroughDialog(h, a.token, 'messenger', [page.id]);
    const aLink = (await linkRow(mine.connected[0]!.accountId))!;

    const theirs = await linkThroughDialog(h, b.token, 'messenger', [page.id]);
    expect(theirs).toEqual({ connected: [], skipped: [{ name: 'Toko Bersama', reason: M.takenByOther }] });
    expect(await accountsOf(b.token, 'messenger')).toEqual([]);
    expect(await h.t.ctx.db.select().from(channelLinks).where(eq(channelLinks.ownerId, b.ownerId))).toEqual(
      [],
    );
    expect(
      await h.t.ctx.db.select().from(accounts).where(eq(accounts.ownerId, b.ownerId)),
    ).not.toContainEqual(expect.objectContaining({ type: 'messenger' }));
    // A's link is untouched, and B's answer names none of A's ids
    expect(await linkRow(aLink.accountId)).toEqual(aLink);
    expect(JSON.stringify(theirs)).not.toContain(aLink.accountId);

    // A also has the Page's Instagram account: deleting the Messenger account keeps the Page subscribed
    const ig = await linkThroughDialog(h, a.token, 'instagram', [page.id]);
    const del = await h.t.app.inject({
      method: 'DELETE',
      url: `/api/account/${aLink.accountId}`,
      headers: { token: a.token },
    });
    expect(del.statusCode).toBe(200);
    expect(await linkRow(aLink.accountId)).toBeUndefined();
    expect(pagesOf(h.fake).pages.get(page.id)!.subscribedFields).toEqual(SUBSCRIBED_FIELDS);

    const now = await linkThroughDialog(h, b.token, 'messenger', [page.id]);
    expect(now.connected).toEqual([expect.objectContaining({ name: 'Toko Bersama', relinked: false })]);
    expect((await accountsOf(b.token, 'messenger')).map((x) => x.channel!.externalId)).toEqual([page.id]);

    // B deletes it too, and A's Instagram account still uses the Page: still subscribed
    const bId = now.connected[0]!.accountId;
    await h.t.app.inject({ method: 'DELETE', url: `/api/account/${bId}`, headers: { token: b.token } });
    expect(pagesOf(h.fake).pages.get(page.id)!.subscribedFields).toEqual(SUBSCRIBED_FIELDS);
    // the last account of the Page goes: the app's webhooks are taken off it
    await h.t.app.inject({
      method: 'DELETE',
      url: `/api/account/${ig.connected[0]!.accountId}`,
      headers: { token: a.token },
    });
    expect(pagesOf(h.fake).pages.get(page.id)!.subscribedFields).toBeNull();
    expect(
      await h.t.ctx.db
        .select()
        .from(channelLinks)
        .where(and(eq(channelLinks.kind, 'instagram'), eq(channelLinks.externalId, page.instagram!.id))),
    ).toEqual([]);
  });
});
