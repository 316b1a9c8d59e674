import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { PUBLICATION_MESSAGES as M, REPORT_MESSAGES, type BroadcastBody } from '@sapa/contracts';
import { broadcastDays } from '../../db/schema';
import { applyStatus } from '../chat/receipts';
import {
  agentFor,
  customerSays,
  drainJobs,
  json,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../test/helpers';

/**
 * The report endpoints (issue 24) after sandbox broadcasts driven through the API and the job runner
 * with the test clock (pacing off): the figures agree with the broadcast pages, the days fall on
 * Asia/Jakarta days, agents need the owner's permission, tenants stay apart.
 */
const { t, call } = useTestApp({ env: { SAPA_BROADCAST_PACING: '0' } });
const req = (method: Method, url: string, token: string, payload?: unknown) =>
  call(method, `/api${url}`, token, payload as object | undefined);

async function create(token: string, body: BroadcastBody) {
  const res = await req('POST', '/publication/broadcast', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.broadcast);
}

/** Sends everything due, then lets the simulated phones deliver (their receipts come 700 ms later). */
async function deliverAll() {
  await drainJobs(t);
  t.clock.advance(1000);
  await drainJobs(t);
}

const pageCounts = async (token: string, id: string) =>
  json(await req('GET', `/publication/broadcast/${id}`, token), api.broadcast).counts;
const reportOf = async (token: string, id: string) =>
  json(await req('GET', `/report/broadcast/${id}`, token), api.broadcastReport);
const periodOf = async (token: string, year: number, month: number) =>
  json(await req('GET', `/report/broadcast?year=${year}&month=${month}`, token), api.broadcastPeriodReport);
const recipientsOf = async (token: string, id: string, query = '') =>
  json(await req('GET', `/report/broadcast/${id}/recipient${query}`, token), api.broadcastRecipientPage);

/** What a broadcast's stored days add up to. */
async function daySums(broadcastId: string) {
  const rows = await t.ctx.db.select().from(broadcastDays).where(eq(broadcastDays.broadcastId, broadcastId));
  const sum = (key: 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'optedOut') =>
    rows.reduce((n, r) => n + r[key], 0);
  return {
    sent: sum('sent'),
    delivered: sum('delivered'),
    read: sum('read'),
    replied: sum('replied'),
    failed: sum('failed'),
    optedOut: sum('optedOut'),
  };
}

const jakarta = (date: Date) => api.jakartaDay(date);

describe('broadcast reports', () => {
  it("shows exactly the broadcast page's counts: reads, a reply, a failure by reason, a number not on WhatsApp", async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    json(await req('POST', '/publication/opt-out', token, { phoneNumber: '081355550009' }), api.optOut);
    const created = await create(token, {
      name: 'Promo Laporan',
      accountIds: [accountId],
      // ...0000 is not on WhatsApp in the sandbox; ...0009 opted out earlier
      phoneNumbers: [
        '081355550001',
        '081355550002',
        '081355550003',
        '081355550004',
        '081355550000',
        '081355550009',
      ].join('\n'),
      message: { type: 'text', text: 'Diskon akhir bulan' },
    });
    await deliverAll();
    const recipients = (await recipientsOf(token, created._id)).docs;
    const byPhone = (phone: string) => recipients.find((r) => r.phoneNumber === phone)!;
    await applyStatus(t.ctx, { messageId: byPhone('6281355550001')._id }, 'read');
    await applyStatus(t.ctx, { messageId: byPhone('6281355550002')._id }, 'read');
    await applyStatus(t.ctx, { messageId: byPhone('6281355550004')._id }, 'error', 'koneksi terputus');
    await customerSays(t.app, accountId, 'Mau yang merah kak', '6281355550001', 'Pembeli 1');

    const page = await pageCounts(token, created._id);
    expect(page).toMatchObject({
      total: 6,
      sent: 3,
      delivered: 3,
      read: 2,
      replied: 1,
      failed: 1,
      skipped: 2,
      optedOut: 1,
      pending: 0,
    });
    const report = await reportOf(token, created._id);
    expect(report.counts).toEqual(page);
    expect(report.broadcast).toMatchObject({ _id: created._id, name: 'Promo Laporan', state: 'finish' });
    expect(report.rates).toEqual({ delivered: 100, read: 66, replied: 33, failed: 16, optedOut: 16 });
    expect(report.failureReasons).toEqual([{ reason: 'koneksi terputus', count: 1 }]);
    const today = jakarta(t.clock.now());
    expect(report.days).toEqual([{ day: today, sent: 3, delivered: 3, read: 2, replied: 1, failed: 1 }]);
    expect(await daySums(created._id)).toEqual({
      sent: 3,
      delivered: 3,
      read: 2,
      replied: 1,
      failed: 1,
      optedOut: 1,
    });

    const period = await periodOf(token, 2026, 3);
    expect(period.counts).toEqual(page);
    expect(period.broadcasts).toEqual([expect.objectContaining({ _id: created._id, counts: page })]);
    expect(period.days).toHaveLength(31);
    expect(period.days.find((d) => d.day === today)).toEqual(report.days[0]);
    expect(period.failureReasons).toEqual(report.failureReasons);

    const read = await recipientsOf(token, created._id, '?state=read&limit=1');
    expect(read.docs).toHaveLength(1);
    expect(read.hasNextPage).toBe(true);
    const skipped = await recipientsOf(token, created._id, '?state=skipped');
    expect(skipped.docs.map((r) => [r.phoneNumber, r.reason]).sort()).toEqual([
      ['6281355550000', M.reasonNotOnWhatsapp],
      ['6281355550009', M.reasonOptedOut],
    ]);
    expect(
      (await req('GET', `/report/broadcast/${created._id}/recipient?state=nope`, token)).statusCode,
    ).toBe(400);
  });

  it('counts a reply 71:59 after the send and not one 72:01 after it, on the day of the reply', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const created = await create(token, {
      name: 'Jendela Balasan',
      accountIds: [accountId],
      phoneNumbers: '081388880001\n081388880002\n081388880003',
      message: { type: 'text', text: 'Ada stok baru' },
    });
    await deliverAll();
    const sentAt = Date.parse((await recipientsOf(token, created._id)).docs[0]!.sentAt!);
    const at = (ms: number) => t.clock.advance(sentAt + ms - t.clock.now().getTime());
    at(71 * 3600_000 + 59 * 60_000);
    await customerSays(t.app, accountId, 'Masih ada?', '6281388880001', 'Pembeli 1');
    const replyDay = jakarta(t.clock.now());
    at(72 * 3600_000 + 60_000);
    await customerSays(t.app, accountId, 'Masih ada?', '6281388880002', 'Pembeli 2');
    await customerSays(t.app, accountId, 'stop', '6281388880003', 'Pembeli 3');
    const report = await reportOf(token, created._id);
    expect(report.counts).toMatchObject({ sent: 3, replied: 1, optedOut: 0 });
    expect(report.days.find((d) => d.day === replyDay)).toMatchObject({ replied: 1 });
    expect(report.days.reduce((n, d) => n + d.replied, 0)).toBe(1);
    const rows = (await recipientsOf(token, created._id)).docs;
    expect(rows.filter((r) => r.repliedAt).map((r) => r.phoneNumber)).toEqual(['6281388880001']);
  });

  it("keeps tenants apart: another owner's broadcast is not found, and not in their period", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const created = await create(a.token, {
      name: 'Milik A',
      accountIds: [a.accountId],
      phoneNumbers: '081399990001',
      message: { type: 'text', text: 'Halo' },
    });
    await deliverAll();
    for (const url of [`/report/broadcast/${created._id}`, `/report/broadcast/${created._id}/recipient`]) {
      const res = await req('GET', url, b.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Milik A');
    }
    const month = new Date(t.clock.now().getTime() + 7 * 3600_000);
    const theirs = await periodOf(b.token, month.getUTCFullYear(), month.getUTCMonth() + 1);
    expect(theirs.broadcasts).toEqual([]);
    expect(theirs.counts.total).toBe(0);
    expect(theirs.days.every((d) => d.sent === 0)).toBe(true);
    const mine = await periodOf(a.token, month.getUTCFullYear(), month.getUTCMonth() + 1);
    expect(mine.broadcasts.map((r) => r._id)).toEqual([created._id]);
    expect((await req('GET', '/report/broadcast/tidak-ada', a.token)).statusCode).toBe(404);
  });

  it('lets an agent open reports only while the owner allows it', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const created = await create(token, {
      name: 'Untuk Agen',
      accountIds: [accountId],
      phoneNumbers: '081344440001',
      message: { type: 'text', text: 'Halo' },
    });
    await deliverAll();
    const agent = await agentFor(t, token, 'Agen Laporan');
    const urls = [
      '/report/broadcast?year=2026&month=3',
      `/report/broadcast/${created._id}`,
      `/report/broadcast/${created._id}/recipient?state=unread`,
      '/report/status?year=2026&month=3',
    ];
    for (const url of urls) {
      const res = await req('GET', url, agent.token);
      expect(res.statusCode, url).toBe(403);
      expect(json<{ message: string }>(res).message).toBe(REPORT_MESSAGES.agentDenied);
    }
    expect(json(await req('GET', `/agent/${agent.id}`, token), api.agent).canViewReports).toBe(false);

    const allow = await req('PUT', `/agent/${agent.id}`, token, {
      name: 'Agen Laporan',
      email: agent.input.email,
      canViewReports: true,
    });
    expect(allow.statusCode, allow.body).toBe(200);
    expect(json(allow, api.agentMutationResponse).agent.canViewReports).toBe(true);
    for (const url of urls) {
      const asAgent = await req('GET', url, agent.token);
      expect(asAgent.statusCode, url).toBe(200);
      expect(asAgent.json()).toEqual((await req('GET', url, token)).json());
    }
    // an edit that does not mention it keeps the permission
    await req('PUT', `/agent/${agent.id}`, token, { name: 'Agen Laporan 2', email: agent.input.email });
    expect(json(await req('GET', `/agent/${agent.id}`, token), api.agent).canViewReports).toBe(true);
    // an agent cannot give it to themselves, and taking it back works at once
    expect(
      (
        await req('PUT', `/agent/${agent.id}`, agent.token, {
          name: 'Agen',
          email: agent.input.email,
          canViewReports: true,
        })
      ).statusCode,
    ).toBe(403);
    await req('PUT', `/agent/${agent.id}`, token, {
      name: 'Agen Laporan',
      email: agent.input.email,
      canViewReports: false,
    });
    expect((await req('GET', urls[0]!, agent.token)).statusCode).toBe(403);
  });

  it('refuses periods outside the report years and answers an empty month with its days', async () => {
    const { token } = await ownerWithSandbox(t.app);
    expect((await req('GET', '/report/broadcast?year=2023&month=12', token)).statusCode).toBe(400);
    expect((await req('GET', '/report/broadcast?year=2025&month=13', token)).statusCode).toBe(400);
    const february = await periodOf(token, 2024, 2);
    expect(february.days.map((d) => d.day)).toEqual(
      Array.from({ length: 29 }, (_, i) => `2024-02-${String(i + 1).padStart(2, '0')}`),
    );
    expect(february).toMatchObject({ broadcasts: [], failureReasons: [], rates: { read: 0, failed: 0 } });
    const status = json(await req('GET', '/report/status?year=2024&month=2', token), api.statusPeriodReport);
    expect(status).toEqual({
      year: 2024,
      month: 2,
      totals: { posts: 0, sent: 0, failed: 0, audience: 0 },
      runs: [],
    });
  });
});

describe('reports at the edges of an Asia/Jakarta month', () => {
  const edge = useTestApp({ env: { SAPA_BROADCAST_PACING: '0' } });
  const r = (method: Method, url: string, token: string, payload?: unknown) =>
    edge.call(method, `/api${url}`, token, payload as object | undefined);

  it('puts a broadcast made at 23:59 WIB on March 31 in March, its sends on that day and its reads on April 1', async () => {
    const to = (iso: string) => edge.t.clock.advance(Date.parse(iso) - edge.t.clock.now().getTime());
    // signed up that evening (a trial's broadcasts)
    to('2026-03-31T12:00:00Z');
    const { token, accountId } = await ownerWithSandbox(edge.t.app);
    const post = async (name: string, phones: string) => {
      const res = await r('POST', '/publication/broadcast', token, {
        name,
        accountIds: [accountId],
        phoneNumbers: phones,
        message: { type: 'text', text: name },
      });
      expect(res.statusCode, res.body).toBe(201);
      return json(res, api.broadcast);
    };
    to('2026-03-31T16:59:00Z');
    const march = await post('Maret', '081322220001\n081322220002');
    await drainJobs(edge.t);
    edge.t.clock.advance(1000);
    await drainJobs(edge.t);
    to('2026-03-31T17:00:00Z');
    const april = await post('April', '081322220003');
    await drainJobs(edge.t);
    edge.t.clock.advance(1000);
    await drainJobs(edge.t);
    const first = json(
      await r('GET', `/report/broadcast/${march._id}/recipient`, token),
      api.broadcastRecipientPage,
    ).docs[0]!;
    await applyStatus(edge.t.ctx, { messageId: first._id }, 'read');

    const marchReport = json(
      await r('GET', '/report/broadcast?year=2026&month=3', token),
      api.broadcastPeriodReport,
    );
    expect(marchReport.broadcasts.map((b) => b.name)).toEqual(['Maret']);
    expect(marchReport.counts).toMatchObject({ total: 2, sent: 2, read: 1 });
    expect(marchReport.days.at(-1)).toEqual({
      day: '2026-03-31',
      sent: 2,
      delivered: 2,
      read: 0,
      replied: 0,
      failed: 0,
    });
    // the read came on April 1 (WIB): in the broadcast's own days, not in March's
    expect(marchReport.days.reduce((n, d) => n + d.read, 0)).toBe(0);
    const aprilReport = json(
      await r('GET', '/report/broadcast?year=2026&month=4', token),
      api.broadcastPeriodReport,
    );
    expect(aprilReport.broadcasts.map((b) => b.name)).toEqual(['April']);
    expect(aprilReport.days).toHaveLength(30);
    expect(aprilReport.days[0]).toEqual({
      day: '2026-04-01',
      sent: 1,
      delivered: 1,
      read: 0,
      replied: 0,
      failed: 0,
    });
    const own = json(await r('GET', `/report/broadcast/${march._id}`, token), api.broadcastReport);
    expect(own.days).toEqual([
      { day: '2026-03-31', sent: 2, delivered: 2, read: 0, replied: 0, failed: 0 },
      { day: '2026-04-01', sent: 0, delivered: 0, read: 1, replied: 0, failed: 0 },
    ]);
    expect(april._id).not.toBe(march._id);
  });
});
