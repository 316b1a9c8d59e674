import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PUBLICATION_MESSAGES as M,
  RECIPIENT_STATE_LABELS,
  REPORT_MESSAGES,
  userProfile,
} from '@sapa/contracts';
import { agentFor, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';
import { accounts, agents, broadcastRecipients, broadcasts, statusPosts, statusRuns } from '../../db/schema';
import {
  BROADCAST_EXPORT_HEADERS,
  DATE_FORMAT,
  EXPORT_PAGE,
  PERIOD_EXPORT_HEADERS,
  STATUS_EXPORT_HEADERS,
  exportBroadcast,
  slugOf,
} from './export';

const { t, get } = useTestApp({ listen: true });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SENDER = '6281100001111';

interface Owner {
  token: string;
  ownerId: string;
  accountId: string;
}

async function owner(): Promise<Owner> {
  const { token, accountId } = await ownerWithSandbox(t.app);
  const ownerId = json(await get('/api/user', token), userProfile)._id;
  await t.ctx.db.update(accounts).set({ phoneNumber: SENDER }).where(eq(accounts.id, accountId));
  return { token, ownerId, accountId };
}

async function addBroadcast(o: Owner, name: string, createdAt: Date): Promise<string> {
  const [row] = await t.ctx.db
    .insert(broadcasts)
    .values({
      ownerId: o.ownerId,
      name,
      state: 'finish',
      accountIds: [o.accountId],
      message: { type: 'text', text: 'Halo' },
      createdAt,
    })
    .returning({ id: broadcasts.id });
  return row!.id;
}

/** `count` recipients in one statement: 62857 + position, every third read, every seventh failed. */
async function addManyRecipients(o: Owner, broadcastId: string, count: number) {
  await t.ctx.db.execute(sql`
    insert into broadcast_recipients (id, broadcast_id, owner_id, position, phone, name, state, reason,
      account_id, sent_at, read_at)
    select gen_random_uuid()::text, ${broadcastId}, ${o.ownerId}, g, '62857' || lpad(g::text, 8, '0'),
      'Pelanggan ' || g,
      case when g % 7 = 0 then 'failed' when g % 3 = 0 then 'read' else 'unread' end,
      case when g % 7 = 0 then 'Pesan gagal dikirim' end,
      ${o.accountId},
      case when g % 7 <> 0 then timestamptz '2026-03-02 08:00:00+00' + g * interval '1 second' end,
      case when g % 7 <> 0 and g % 3 = 0 then timestamptz '2026-03-02 09:00:00+00' + g * interval '1 second' end
    from generate_series(1, ${count}) g`);
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const headersOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
const cells = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

let a: Owner;
let b: Owner;
let single: string;

beforeAll(async () => {
  a = await owner();
  b = await owner();
  single = await addBroadcast(a, 'Promo Ramadhan 2026!', new Date('2026-03-01T03:00:00Z'));
  await t.ctx.db.insert(broadcastRecipients).values([
    {
      broadcastId: single,
      ownerId: a.ownerId,
      position: 1,
      phone: '6281200000001',
      name: 'Budi',
      state: 'read',
      accountId: a.accountId,
      // 23:30 in Jakarta on 2 March; read past midnight, replied on the 3rd
      sentAt: new Date('2026-03-02T16:30:00Z'),
      readAt: new Date('2026-03-02T17:05:00Z'),
      repliedAt: new Date('2026-03-03T01:00:00Z'),
    },
    {
      broadcastId: single,
      ownerId: a.ownerId,
      position: 2,
      phone: '6281200000002',
      name: 'Siti',
      state: 'skipped',
      reason: M.reasonNotOnWhatsapp,
    },
    {
      broadcastId: single,
      ownerId: a.ownerId,
      position: 3,
      phone: '6281200000003',
      name: '',
      state: 'pending',
    },
  ]);
});

describe('GET /api/report/broadcast/:id/export', () => {
  it('streams every recipient with Indonesian headers, state labels and real Jakarta dates', async () => {
    const res = await get(`/api/report/broadcast/${single}/export`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain(
      'filename=laporan-broadcast-promo-ramadhan-2026-20260302.xlsx;',
    );
    expect(res.headers['content-length']).toBeUndefined();
    const sheet = await workbookOf(res.rawPayload);
    expect(headersOf(sheet)).toEqual(BROADCAST_EXPORT_HEADERS);
    expect(BROADCAST_EXPORT_HEADERS).toEqual([
      'Nama',
      'Nomor',
      'Status',
      'Alasan',
      'Dikirim',
      'Dibaca',
      'Dibalas',
      'Nomor Pengirim',
    ]);
    expect(sheet.actualRowCount).toBe(4);
    const [name, phone, state, reason, sent, read, replied, sender] = cells(sheet, 2);
    expect([name, phone, state, reason, sender]).toEqual([
      'Budi',
      '6281200000001',
      RECIPIENT_STATE_LABELS.read,
      undefined,
      SENDER,
    ]);
    // real dates (exceljs reads a date-formatted number back as a Date) showing the Jakarta wall time
    expect(sent).toBeInstanceOf(Date);
    expect((sent as Date).toISOString()).toBe('2026-03-02T23:30:00.000Z');
    expect((read as Date).toISOString()).toBe('2026-03-03T00:05:00.000Z');
    expect((replied as Date).toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(sheet.getRow(2).getCell(5).numFmt).toBe(DATE_FORMAT);
    expect(sheet.getRow(2).getCell(5).type).toBe(ExcelJS.ValueType.Date);
    const siti = sheet.getRow(3);
    expect([siti.getCell(1).value, siti.getCell(3).value, siti.getCell(4).value]).toEqual([
      'Siti',
      RECIPIENT_STATE_LABELS.skipped,
      M.reasonNotOnWhatsapp,
    ]);
    expect(siti.getCell(5).value).toBeNull();
    expect(cells(sheet, 4).slice(0, 3)).toEqual([undefined, '6281200000003', RECIPIENT_STATE_LABELS.pending]);
  });

  it("is 404 for another owner's broadcast (and an unknown one), before any byte of a workbook", async () => {
    const theirs = await get(`/api/report/broadcast/${single}/export`, b.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).toMatch(/application\/json/);
    expect(json<{ message: string }>(theirs).message).toBe(M.notFound);
    expect(theirs.body).not.toContain('Budi');
    expect((await get('/api/report/broadcast/tidak-ada/export', a.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/report/broadcast/${single}/export` })).statusCode,
    ).toBe(401);
  });

  it('refuses agents unless the owner allowed them to open reports', async () => {
    const agent = await agentFor(t, a.token, 'Agen Laporan');
    for (const url of [
      `/api/report/broadcast/${single}/export`,
      '/api/report/broadcast/export?year=2026&month=3',
      '/api/report/status/export?year=2026&month=3',
    ]) {
      const res = await get(url, agent.token);
      expect(res.statusCode, url).toBe(403);
      expect(json<{ message: string }>(res).message).toBe(REPORT_MESSAGES.agentDenied);
    }
    // allowed on the agent page: the agent downloads; taken back: refused again at once
    await t.ctx.db.update(agents).set({ canViewReports: true }).where(eq(agents.id, agent.id));
    const res = await get(`/api/report/broadcast/${single}/export`, agent.token);
    expect(res.statusCode).toBe(200);
    expect((await workbookOf(res.rawPayload)).actualRowCount).toBe(4);
    await t.ctx.db.update(agents).set({ canViewReports: false }).where(eq(agents.id, agent.id));
    expect((await get('/api/report/status/export?year=2026&month=3', agent.token)).statusCode).toBe(403);
    // another owner's agent, allowed by their owner, gets a 404 for this owner's broadcast
    const theirs = await agentFor(t, b.token, 'Agen Lain');
    await t.ctx.db.update(agents).set({ canViewReports: true }).where(eq(agents.id, theirs.id));
    expect((await get(`/api/report/broadcast/${single}/export`, theirs.token)).statusCode).toBe(404);
  });

  it('streams 10,000 rows in pages with a modest memory footprint', async () => {
    const big = await addBroadcast(a, 'Sepuluh Ribu', new Date('2026-02-10T03:00:00Z'));
    await addManyRecipients(a, big, 10_000);
    global.gc?.();
    const heapStart = process.memoryUsage().heapUsed;
    const rssStart = process.memoryUsage().rss;
    let heapPeak = heapStart;
    let rssPeak = rssStart;
    const sample = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 10);
    const select = vi.spyOn(t.ctx.db, 'select');
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api/report/broadcast/${big}/export`, {
      headers: { token: a.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of Readable.fromWeb(res.body! as never)) {
      chunks.push(chunk as Buffer);
      received += (chunk as Buffer).length;
    }
    clearInterval(sample);
    const pages = select.mock.calls.length;
    select.mockRestore();
    const sheet = await workbookOf(Buffer.concat(chunks));
    expect(sheet.actualRowCount).toBe(10_001);
    // the broadcast, the sender numbers, then ceil(10,001 / EXPORT_PAGE) recipient pages
    expect(pages).toBe(2 + Math.ceil(10_001 / EXPORT_PAGE));
    // 21 (g=21) failed, 3 read: spot checks through the pages
    expect(cells(sheet, 2).slice(0, 3)).toEqual([
      'Pelanggan 1',
      '6285700000001',
      RECIPIENT_STATE_LABELS.unread,
    ]);
    expect(cells(sheet, 22).slice(0, 4)).toEqual([
      'Pelanggan 21',
      '6285700000021',
      RECIPIENT_STATE_LABELS.failed,
      'Pesan gagal dikirim',
    ]);
    const last = sheet.getRow(10_001);
    expect(last.getCell(1).value).toBe('Pelanggan 10000');
    expect((last.getCell(5).value as Date).toISOString()).toBe('2026-03-02T17:46:40.000Z');
    const heapGrowthMb = (heapPeak - heapStart) / 2 ** 20;
    const rssGrowthMb = (rssPeak - rssStart) / 2 ** 20;
    const figures = `${(received / 1024).toFixed(0)} KiB, heap +${heapGrowthMb.toFixed(1)} MB, RSS +${rssGrowthMb.toFixed(1)} MB`;
    expect(heapGrowthMb, figures).toBeLessThan(64);
    expect(rssGrowthMb, figures).toBeLessThan(128);
  });

  it('stops reading when the client goes away', async () => {
    const big = await addBroadcast(a, 'Empat Puluh Ribu', new Date('2026-02-11T03:00:00Z'));
    await addManyRecipients(a, big, 40_000);
    const pages = Math.ceil(40_000 / EXPORT_PAGE);
    const select = vi.spyOn(t.ctx.db, 'select');
    const download = await exportBroadcast(t.ctx, { ownerId: a.ownerId, agentId: null }, big);
    /** waits until no query has been made for 300 ms; returns how many were made */
    const settled = async () => {
      for (let seen = -1; seen !== select.mock.calls.length;) {
        seen = select.mock.calls.length;
        await new Promise((r) => setTimeout(r, 300));
      }
      return select.mock.calls.length;
    };
    // a client that reads a first piece and then nothing: the reading pauses long before the end
    await new Promise<void>((resolve) => download.stream.once('readable', resolve));
    download.stream.read();
    const paused = await settled();
    // the broadcast, the sender numbers, then a few recipient pages (2 of 20 in practice)
    expect(paused).toBeLessThan(2 + pages / 2);
    // it leaves (fastify destroys the stream when the socket closes): nothing more is read
    download.stream.destroy();
    expect(await settled()).toBeLessThanOrEqual(paused + 1);
    select.mockRestore();

    // over HTTP: a client that leaves after the first bytes closes its side; the server's ends too
    const port = (t.app.server.address() as AddressInfo).port;
    const connections = () => new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    const before = await connections();
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/report/broadcast/${big}/export`,
          headers: { token: a.token },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    for (let i = 0; i < 50 && (await connections()) > before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await connections()).toBe(before);
    expect((await get(`/api/report/broadcast/${single}/export`, a.token)).statusCode).toBe(200);
  });
});

describe('GET /api/report/broadcast/export?year&month', () => {
  it("lists every recipient of the Jakarta month's broadcasts, the broadcast first", async () => {
    const c = await owner();
    // 00:30 on 1 April in Jakarta: April's; 23:30 on 31 March in Jakarta: March's
    const april = await addBroadcast(c, 'Awal April', new Date('2026-03-31T17:30:00Z'));
    const march = await addBroadcast(c, 'Akhir Maret', new Date('2026-03-31T16:30:00Z'));
    const early = await addBroadcast(c, 'Awal Maret', new Date('2026-02-28T17:00:00Z'));
    for (const [id, n] of [
      [april, 2],
      [march, 3],
      [early, 1],
    ] as const) {
      await t.ctx.db.insert(broadcastRecipients).values(
        Array.from({ length: n }, (_, i) => ({
          broadcastId: id,
          ownerId: c.ownerId,
          position: i + 1,
          phone: `628130000000${i}`,
          name: `Penerima ${i + 1}`,
          state: 'sent',
          accountId: c.accountId,
          sentAt: new Date('2026-03-31T18:00:00Z'),
        })),
      );
    }
    const res = await get('/api/report/broadcast/export?year=2026&month=3', c.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('laporan-broadcast-2026-03-20260302.xlsx');
    const sheet = await workbookOf(res.rawPayload);
    expect(headersOf(sheet)).toEqual(PERIOD_EXPORT_HEADERS);
    expect(sheet.actualRowCount).toBe(5);
    const rows = [2, 3, 4, 5].map((n) => cells(sheet, n).slice(0, 3));
    expect(rows).toEqual([
      ['Awal Maret', 'Penerima 1', '6281300000000'],
      ['Akhir Maret', 'Penerima 1', '6281300000000'],
      ['Akhir Maret', 'Penerima 2', '6281300000001'],
      ['Akhir Maret', 'Penerima 3', '6281300000002'],
    ]);
    expect((sheet.getRow(2).getCell(6).value as Date).toISOString()).toBe('2026-04-01T01:00:00.000Z');
    expect(sheet.getRow(2).getCell(9).value).toBe(SENDER);

    const aprilSheet = await workbookOf(
      (await get('/api/report/broadcast/export?year=2026&month=4', c.token)).rawPayload,
    );
    expect(aprilSheet.actualRowCount).toBe(3);
    expect(aprilSheet.getRow(2).getCell(1).value).toBe('Awal April');

    // another owner's month has none of them
    const other = await workbookOf(
      (await get('/api/report/broadcast/export?year=2026&month=3', b.token)).rawPayload,
    );
    expect(other.actualRowCount).toBe(1);
    expect(headersOf(other)).toEqual(PERIOD_EXPORT_HEADERS);

    expect((await get('/api/report/broadcast/export?year=2023&month=3', c.token)).statusCode).toBe(400);
    expect((await get('/api/report/broadcast/export?year=2026&month=13', c.token)).statusCode).toBe(400);
    expect((await get('/api/report/broadcast/export', c.token)).statusCode).toBe(400);
  });
});

describe('GET /api/report/status/export?year&month', () => {
  it("lists the month's status runs with their number, type, text, audience, state and reason", async () => {
    const [post] = await t.ctx.db
      .insert(statusPosts)
      .values({
        ownerId: a.ownerId,
        accountId: a.accountId,
        type: 'image',
        text: 'Koleksi baru',
        audience: 'all',
        state: 'running',
        repeat: 'daily',
        time: '09:00',
      })
      .returning({ id: statusPosts.id });
    await t.ctx.db.insert(statusRuns).values([
      // posted 09:00:05 in Jakarta on 1 March
      {
        postId: post!.id,
        ownerId: a.ownerId,
        dueAt: new Date('2026-03-01T02:00:00Z'),
        at: new Date('2026-03-01T02:00:05Z'),
        state: 'sent',
        viewers: 42,
      },
      {
        postId: post!.id,
        ownerId: a.ownerId,
        dueAt: new Date('2026-03-02T02:00:00Z'),
        at: new Date('2026-03-02T02:00:01Z'),
        state: 'failed',
        viewers: 5,
        reason: M.statusReasonDisconnected,
      },
      // 09:00 on 1 April in Jakarta: April's
      { postId: post!.id, ownerId: a.ownerId, dueAt: new Date('2026-04-01T02:00:00Z'), state: 'pending' },
      // 23:00 on 28 February in Jakarta: February's
      {
        postId: post!.id,
        ownerId: a.ownerId,
        dueAt: new Date('2026-02-28T16:00:00Z'),
        at: new Date('2026-02-28T16:00:00Z'),
        state: 'sent',
        viewers: 7,
      },
    ]);
    const res = await get('/api/report/status/export?year=2026&month=3', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain('laporan-status-2026-03-20260302.xlsx');
    const sheet = await workbookOf(res.rawPayload);
    expect(headersOf(sheet)).toEqual(STATUS_EXPORT_HEADERS);
    expect(STATUS_EXPORT_HEADERS).toEqual([
      'Tanggal',
      'Nomor',
      'Tipe',
      'Teks',
      'Audiens',
      'Status',
      'Alasan',
    ]);
    expect(sheet.actualRowCount).toBe(3);
    const first = cells(sheet, 2);
    expect((first[0] as Date).toISOString()).toBe('2026-03-01T09:00:05.000Z');
    expect(sheet.getRow(2).getCell(1).numFmt).toBe(DATE_FORMAT);
    expect(first.slice(1)).toEqual([SENDER, 'Gambar', 'Koleksi baru', 42, M.statusPosted]);
    expect(sheet.getRow(2).getCell(7).value).toBeNull();
    // a failed run reached no one
    expect(cells(sheet, 3).slice(4)).toEqual([0, M.statusFailed, M.statusReasonDisconnected]);

    const april = await workbookOf(
      (await get('/api/report/status/export?year=2026&month=4', a.token)).rawPayload,
    );
    expect(cells(april, 2).slice(5, 6)).toEqual([M.statusWaiting]);
    // another owner sees none of them
    expect(
      (await workbookOf((await get('/api/report/status/export?year=2026&month=3', b.token)).rawPayload))
        .actualRowCount,
    ).toBe(1);
  });
});

describe('slugOf', () => {
  it('makes file-name slugs', () => {
    expect(slugOf('Promo Ramadhan 2026!', 'x')).toBe('promo-ramadhan-2026');
    expect(slugOf('Café  «Spesial»', 'x')).toBe('cafe-spesial');
    expect(slugOf('???', 'broadcast')).toBe('broadcast');
  });
});
