import * as api from '@sapa/contracts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  interpolate,
  type ContactImport,
  type StartImportBody,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactGroups, contactImports, groupContacts, jobs, mediaFiles } from '../../../db/schema';
import {
  agentFor,
  drainJobs,
  json,
  registerOwner,
  useTestApp,
  verifiedOwner,
} from '../../../../test/helpers';
import { filesUnder, multipart } from '../../../../test/uploads';
import { assemble, deflatedZeros, filesOf, localRecord, zipOf } from '../../../../test/zips';
import { IMPORT_BATCH_ROWS } from './job';

const URL_BASE = '/api/group/excel/contact';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart/form-data body with one `file` part, written by hand. */
const form = (filename: string, type: string, data: Buffer | string, field = 'file') =>
  multipart([{ name: field, filename, type, data }]);

async function xlsx(rows: unknown[][], sheetName = 'Kontak'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('contact import', () => {
  const { t } = useTestApp({ dataDir: 'sapa-import-' });
  let token: string;
  let ownerId: string;

  beforeAll(async () => {
    ({ token, ownerId } = await verifiedOwner(t.app));
  });

  const upload = (filename: string, type: string, data: Buffer | string, as = token) => {
    const body = form(filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: URL_BASE,
      headers: { token: as, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploaded = async (filename: string, type: string, data: Buffer | string) => {
    const res = await upload(filename, type, data);
    expect(res.statusCode, res.body).toBe(201);
    return json(res, api.contactImport);
  };
  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) => {
    const options: InjectOptions = { method, url, headers: { token: as } };
    if (payload !== undefined) options.payload = payload;
    return t.app.inject(options);
  };
  const start = (id: string, body: StartImportBody, as = token) =>
    call('POST', `${URL_BASE}/${id}/start`, body, as);
  const get = async (id: string) => json(await call('GET', `${URL_BASE}/${id}`), api.contactImport);
  const importRow = async (id: string) =>
    (await t.ctx.db.select().from(contactImports).where(eq(contactImports.id, id)))[0]!;
  const storedFiles = () => filesUnder(path.join(t.dataDir, 'media')).filter((f) => !f.startsWith('.tmp'));
  const imports = async () =>
    (await t.ctx.db.select().from(contactImports).where(eq(contactImports.ownerId, ownerId))).length;
  const newGroup = async (name: string, columns: string[] = [], owner = ownerId) => {
    const [group] = await t.ctx.db
      .insert(contactGroups)
      .values({ ownerId: owner, name, columns })
      .returning();
    return group!;
  };
  const contactsOf = async (groupId: string) =>
    t.ctx.db
      .select({ name: groupContacts.name, phone: groupContacts.phoneNumber, values: groupContacts.values })
      .from(groupContacts)
      .where(eq(groupContacts.groupId, groupId))
      .orderBy(groupContacts.phoneNumber);
  const countIn = async (groupId: string) => {
    const [row] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupContacts)
      .where(eq(groupContacts.groupId, groupId));
    return row!.n;
  };
  const refusedFor = async (id: string) => {
    const res = await call('GET', `${URL_BASE}/${id}/refused`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
    });
    return { res, rows };
  };
  const expectRefused = (res: { statusCode: number; body: string }, message: string, status = 400) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ message });
  };
  const mapping = (...targets: (string | null)[]): StartImportBody['mapping'] =>
    targets.map((target) => {
      if (target === null) return { target: 'ignore' as const };
      if (target === 'name') return { target: 'name' as const };
      if (target === 'phone') return { target: 'phoneNumber' as const };
      return { target: 'column' as const, column: target };
    });

  describe('upload and preview', () => {
    it('reads an xlsx whole: header, the first 5 rows as text, and the count', async () => {
      const rows: unknown[][] = [['Nama', 'Nomor HP', 'Kota', 'Lahir', 'Skor', 'Situs']];
      rows.push([
        'Budi',
        6281234567890,
        { richText: [{ text: 'Ban' }, { text: 'dung', font: { bold: true } }] },
        new Date(Date.UTC(1990, 4, 6)),
        { formula: '1+1', result: 2 },
        { text: 'toko', hyperlink: 'https://toko.test' },
      ]);
      rows.push([]); // an empty row is not counted
      for (let i = 0; i < 8; i++)
        rows.push([`Orang ${i}`, `08123456${String(i).padStart(4, '0')}`, 0.1 + 0.2]);
      const before = storedFiles().length;
      const created = await uploaded('Pelanggan Maret.xlsx', XLSX_TYPE, await xlsx(rows));
      expect(created).toMatchObject({
        state: 'ready',
        fileName: 'Pelanggan Maret.xlsx',
        headers: ['Nama', 'Nomor HP', 'Kota', 'Lahir', 'Skor', 'Situs'],
        totalRows: 9,
        processedRows: 0,
        group: null,
        error: null,
        finishedAt: null,
      });
      expect(created.preview).toHaveLength(CONTACT_LIMITS.importPreviewRows);
      expect(created.preview[0]).toEqual(['Budi', '6281234567890', 'Bandung', '1990-05-06', '2', 'toko']);
      expect(created.preview[1]).toEqual(['Orang 0', '081234560000', '0.3', '', '', '']);
      expect(await get(created._id)).toEqual(created);

      // stored under a key of its own, never as a served media file
      const row = await importRow(created._id);
      expect(row.fileType).toBe('xlsx');
      expect(row.fileKey).toMatch(/\.xlsx$/);
      expect(storedFiles()).toHaveLength(before + 1);
      expect(await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, row.fileKey!))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/media/${row.fileKey}` })).statusCode).toBe(404);

      const list = json(await call('GET', `${URL_BASE}?limit=5`), api.contactImportList);
      expect(list.docs[0]!._id).toBe(created._id);
    });

    it('reads a CSV with semicolons, a byte order mark and quoted fields', async () => {
      const csv =
        '\ufeffNama;"Nomor; HP";Catatan\r\n' +
        '"Siti ""Ayu""";+62 812-3456-7890;"baris satu\nbaris dua"\r\n' +
        '\r\n' +
        'Andi;081298765432;biasa\r\n' +
        'Rina;6285711112222';
      const created = await uploaded('kontak.csv', 'text/csv', csv);
      expect(created.headers).toEqual(['Nama', 'Nomor; HP', 'Catatan']);
      expect(created.totalRows).toBe(3);
      expect(created.preview).toEqual([
        ['Siti "Ayu"', '+62 812-3456-7890', 'baris satu\nbaris dua'],
        ['Andi', '081298765432', 'biasa'],
        ['Rina', '6285711112222', ''],
      ]);
      expect((await importRow(created._id)).fileType).toBe('csv');
    });

    it('names blank header cells and reads a comma CSV sent as text/plain', async () => {
      const created = await uploaded('data.txt', 'text/plain', 'Nama,,Kota\nBudi,62812000111,Medan,extra\n');
      expect(created.headers).toEqual(['Nama', 'Kolom 2', 'Kota', 'Kolom 4']);
      expect(created.preview).toEqual([['Budi', '62812000111', 'Medan', 'extra']]);
    });

    it('refuses what is not an xlsx or CSV, broken files and empty ones, keeping nothing', async () => {
      const before = { rows: await imports(), files: storedFiles() };
      const good = await xlsx([
        ['Nama', 'HP'],
        ['Budi', '6281234567890'],
      ]);
      const flipped = Buffer.from(good);
      // inside the first compressed entry: the zip directory is intact, its data is not
      for (let i = 200; i < 400; i++) flipped[i] = flipped[i]! ^ 0x5a;
      const png = await sharp({
        create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } },
      })
        .png()
        .toBuffer();
      const cases: [string, string, Buffer | string, string][] = [
        [
          'rusak.xlsx',
          XLSX_TYPE,
          Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(3000)]),
          'importFileCorrupt',
        ],
        ['terpotong.xlsx', XLSX_TYPE, good.subarray(0, good.length - 200), 'importFileCorrupt'],
        ['rusak-isi.xlsx', XLSX_TYPE, flipped, 'importFileCorrupt'],
        ['gambar.xlsx', XLSX_TYPE, png, 'importFileType'],
        ['gambar.png', 'image/png', png, 'importFileType'],
        ['halaman.xlsx', XLSX_TYPE, '<!doctype html><html><body>hai</body></html>', 'importFileType'],
        ['halaman.csv', 'text/csv', '<!DOCTYPE html><html><body>hai</body></html>', 'importFileType'],
        ['biner.csv', 'text/csv', Buffer.from([0x4e, 0x61, 0x00, 0x01, 0x02]), 'importFileType'],
        ['latin1.csv', 'text/csv', Buffer.from('Nama,HP\nJos\xe9,62812\n', 'latin1'), 'importFileCorrupt'],
        ['kosong.csv', 'text/csv', '', 'importFileEmpty'],
        ['judul.csv', 'text/csv', 'Nama,HP\n\n', 'importFileEmpty'],
        ['kosong.xlsx', XLSX_TYPE, await xlsx([]), 'importFileEmpty'],
        ['judul.xlsx', XLSX_TYPE, await xlsx([['Nama', 'HP']]), 'importFileEmpty'],
      ];
      // a zip that is not a workbook
      const zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-zip-'));
      try {
        const docx = await xlsx([['a'], ['b']]);
        // rename the workbook part inside: still a valid zip, no longer a workbook
        const renamed = Buffer.from(
          docx.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xmm'),
          'latin1',
        );
        cases.push(['dokumen.xlsx', XLSX_TYPE, renamed, 'importFileType']);
      } finally {
        fs.rmSync(zipDir, { recursive: true, force: true });
      }
      for (const [name, type, data, key] of cases) {
        const res = await upload(name, type, data);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(json(res, api.apiErrorBody).message, name).toBe(
          CONTACT_MESSAGES[key as keyof typeof CONTACT_MESSAGES],
        );
      }
      expect({ rows: await imports(), files: storedFiles() }).toEqual(before);
      expect(filesUnder(path.join(t.dataDir, 'media', '.tmp'))).toEqual([]);
    });

    it('refuses a missing file field and an upload over 10 MB, keeping nothing', async () => {
      const before = { rows: await imports(), files: storedFiles() };
      const noFile = form('a.csv', 'text/csv', 'Nama,HP\nBudi,62812\n', 'lampiran');
      const missing = await t.app.inject({
        method: 'POST',
        url: URL_BASE,
        headers: { token, 'content-type': noFile.contentType },
        payload: noFile.payload,
      });
      expectRefused(missing, CONTACT_MESSAGES.importFileRequired);
      const json415 = await call('POST', URL_BASE, { file: 'x' });
      expect(json415.statusCode).toBe(400);

      const line = 'Budi Santoso,6281234567890,Jakarta Selatan,catatan panjang sekali\n';
      const big = `Nama,HP,Kota,Catatan\n${line.repeat(Math.ceil((10.5 * 1024 * 1024) / line.length))}`;
      const res = await upload('besar.csv', 'text/csv', big);
      expectRefused(res, CONTACT_MESSAGES.importTooLarge);
      expect({ rows: await imports(), files: storedFiles() }).toEqual(before);
      expect(filesUnder(path.join(t.dataDir, 'media', '.tmp'))).toEqual([]);
    });

    it('refuses crafted archives, as .xlsx or as .csv, with the message and nothing kept', async () => {
      const before = { rows: await imports(), files: storedFiles() };
      const files = filesOf(
        await xlsx([
          ['Nama', 'HP'],
          ['Budi', '6281234567890'],
        ]),
      );
      const records = files.map((file) => localRecord(file));
      const sheetAt = records.findIndex((record) => record.name === 'xl/worksheets/sheet1.xml');
      // an unlisted sheet before the listed one: exceljs would read it instead
      const hiddenSheet = localRecord({
        name: 'xl/worksheets/sheet1.xml',
        data: files[sheetAt]!.data.toString().replace('<sheetData>', '<sheetData><row r="9"/>'),
      });
      const hidden = assemble(
        [...records.slice(0, sheetAt), hiddenSheet, ...records.slice(sheetAt)],
        records,
      );
      // an unlisted entry inflating to 300 MB
      const bomb = assemble(
        [...records, localRecord({ name: 'xl/media/bom.bin', raw: await deflatedZeros(300e6) })],
        records,
      );
      // 8 MiB of zeros listed, at a ratio of about 1000
      const deep = zipOf([...files, { name: 'xl/media/bom.bin', raw: await deflatedZeros(8 * 1024 * 1024) }]);
      // the same workbook written with data descriptors is fine
      const descriptors = zipOf(files.map((file) => ({ ...file, descriptor: true })));
      const corrupt = CONTACT_MESSAGES.importFileCorrupt;
      const cases: [string, Buffer | string, string][] = [
        ['tersembunyi.xlsx', hidden, corrupt],
        ['tersembunyi.csv', hidden, corrupt],
        ['bom.xlsx', bomb, corrupt],
        ['bom.csv', bomb, corrupt],
        ['dalam.xlsx', deep, CONTACT_MESSAGES.importContentTooLarge],
        ['dalam.csv', deep, CONTACT_MESSAGES.importContentTooLarge],
        // an archive that is no workbook, named .csv
        [
          'arsip.csv',
          zipOf([{ name: 'catatan.txt', data: 'Nama,HP\nBudi,62812\n' }]),
          CONTACT_MESSAGES.importFileType,
        ],
        // binary past the first 4 KB that is still valid UTF-8: a NUL, which PostgreSQL text cannot hold
        ['nul.csv', `Nama,${'K'.repeat(5000)}\nBudi,\u0000\u0001\n`, corrupt],
        // a quote never closed would swallow every row after it into one cell
        ['kutip.csv', `Nama,HP\n"Budi,62812\nAni,62813\n${'Orang,62814\n'.repeat(1000)}`, corrupt],
      ];
      const started = Date.now();
      for (const [name, data, message] of cases) {
        const res = await upload(name, name.endsWith('.csv') ? 'text/csv' : XLSX_TYPE, data);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(json(res, api.apiErrorBody).message, name).toBe(message);
      }
      expect(Date.now() - started).toBeLessThan(15_000);
      expect({ rows: await imports(), files: storedFiles() }).toEqual(before);
      expect(filesUnder(path.join(t.dataDir, 'media', '.tmp'))).toEqual([]);

      const created = await uploaded('deskriptor.xlsx', XLSX_TYPE, descriptors);
      expect(created).toMatchObject({ headers: ['Nama', 'HP'], preview: [['Budi', '6281234567890']] });
      await call('POST', `${URL_BASE}/${created._id}/cancel`);
    });

    it('keeps a hundred columns of a line of millions, and refuses nothing for its length', async () => {
      const line = `Nama,HP${',x'.repeat(2_000_000)}`;
      const created = await uploaded(
        'lebar.csv',
        'text/csv',
        `${line}\nBudi,62812${',y'.repeat(2_000_000)}\n`,
      );
      expect(created.headers).toHaveLength(100);
      expect(created.preview[0]!.slice(0, 3)).toEqual(['Budi', '62812', 'y']);
      expect(created.preview[0]).toHaveLength(100);
      await call('POST', `${URL_BASE}/${created._id}/cancel`);
    });

    it(`refuses more than ${CONTACT_LIMITS.importRowsMax} rows`, async () => {
      const rows = Array.from({ length: CONTACT_LIMITS.importRowsMax + 1 }, (_, i) => `N${i},${i}`);
      const res = await upload('banyak.csv', 'text/csv', `Nama,HP\n${rows.join('\n')}`);
      expectRefused(
        res,
        interpolate(CONTACT_MESSAGES.importTooManyRows, { max: CONTACT_LIMITS.importRowsMax }),
      );
    });
  });

  describe('start', () => {
    it('starts into a new group, adding the mapped columns to it', async () => {
      const created = await uploaded('a.csv', 'text/csv', 'Nama,HP,Kota,Abaikan\nBudi,62812000111,Medan,x\n');
      const res = await start(created._id, {
        groupName: 'Pelanggan Baru',
        mapping: mapping('name', 'phone', 'Kota', null),
      });
      expect(res.statusCode, res.body).toBe(200);
      const started = json(res, api.contactImport);
      expect(started.state).toBe('queued');
      expect(started.group?.name).toBe('Pelanggan Baru');
      const [group] = await t.ctx.db
        .select()
        .from(contactGroups)
        .where(eq(contactGroups.id, started.group!._id));
      expect(group!.columns).toEqual(['Kota']);
      const [job] = await t.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `contact-import:${created._id}`));
      expect(job?.state).toBe('queued');

      // only once
      const again = await start(created._id, {
        groupName: 'Lain',
        mapping: mapping('name', 'phone', null, null),
      });
      expectRefused(again, CONTACT_MESSAGES.importNotReady, 409);
      await drainJobs(t);
      expect(await get(created._id)).toMatchObject({ state: 'done', added: 1 });
    });

    it('starts into an existing group, matching its columns in any case and adding new ones', async () => {
      const group = await newGroup('Reseller', ['Kota']);
      const created = await uploaded(
        'b.csv',
        'text/csv',
        'Nama,HP,kota,Produk\nBudi,62812000222,Medan,Batik\n',
      );
      const res = await start(created._id, {
        groupId: group.id,
        mapping: mapping('name', 'phone', 'KOTA', 'Produk'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [after] = await t.ctx.db.select().from(contactGroups).where(eq(contactGroups.id, group.id));
      expect(after!.columns).toEqual(['Kota', 'Produk']);
      expect((await importRow(created._id)).mapping).toEqual([
        { target: 'name' },
        { target: 'phoneNumber' },
        { target: 'column', column: 'Kota' },
        { target: 'column', column: 'Produk' },
      ]);
      await drainJobs(t);
      expect(await contactsOf(group.id)).toEqual([
        { name: 'Budi', phone: '62812000222', values: { Kota: 'Medan', Produk: 'Batik' } },
      ]);
    });

    it('refuses wrong mappings and groups', async () => {
      const created = await uploaded('c.csv', 'text/csv', 'Nama,HP,Kota\nBudi,62812000333,Medan\n');
      await newGroup('Sudah Ada');
      const full = await newGroup(
        'Penuh',
        Array.from({ length: CONTACT_LIMITS.columnsPerGroup }, (_, i) => `K${i}`),
      );
      const cases: [StartImportBody, string, number][] = [
        [{ groupName: 'X', mapping: mapping('name', 'phone') }, CONTACT_MESSAGES.importMappingLength, 400],
        [{ groupName: 'X', mapping: mapping('name', null, null) }, CONTACT_MESSAGES.importNeedsPhone, 400],
        [{ groupName: 'X', mapping: mapping(null, 'phone', null) }, CONTACT_MESSAGES.importNeedsName, 400],
        [
          { groupName: 'X', mapping: mapping('name', 'phone', 'Nama') },
          CONTACT_MESSAGES.columnNameReserved,
          400,
        ],
        [
          { groupName: 'X', mapping: [{ target: 'name' }, { target: 'phoneNumber' }, { target: 'name' }] },
          CONTACT_MESSAGES.importDuplicateTarget,
          400,
        ],
        [{ mapping: mapping('name', 'phone', null) }, CONTACT_MESSAGES.importGroupRequired, 400],
        [
          { groupName: 'sudah ada', mapping: mapping('name', 'phone', null) },
          CONTACT_MESSAGES.groupNameTaken,
          409,
        ],
        [
          { groupId: 'tidak-ada', mapping: mapping('name', 'phone', null) },
          CONTACT_MESSAGES.groupNotFound,
          404,
        ],
        [
          { groupId: full.id, mapping: mapping('name', 'phone', 'Kota') },
          interpolate(CONTACT_MESSAGES.columnsTooMany, { max: CONTACT_LIMITS.columnsPerGroup }),
          400,
        ],
      ];
      for (const [body, message, status] of cases)
        expectRefused(await start(created._id, body), message, status);
      // nothing changed: still ready, no group 'X', the full group untouched
      expect((await get(created._id)).state).toBe('ready');
      const x = await t.ctx.db
        .select()
        .from(contactGroups)
        .where(and(eq(contactGroups.ownerId, ownerId), eq(contactGroups.name, 'X')));
      expect(x).toEqual([]);
      // an existing column needs no room
      const ok = await start(created._id, { groupId: full.id, mapping: mapping('name', 'phone', 'k1') });
      expect(ok.statusCode, ok.body).toBe(200);
      await drainJobs(t);
      expect((await contactsOf(full.id))[0]!.values).toEqual({ K1: 'Medan' });
    });
  });

  describe('the job', () => {
    it('adds, updates, merges duplicates and refuses rows, with a report of the refused', async () => {
      const group = await newGroup('Campuran', ['Kota']);
      await t.ctx.db.insert(groupContacts).values({
        ownerId,
        groupId: group.id,
        name: 'Lama',
        phoneNumber: '6281200000001',
        values: { Kota: 'Bogor', Lain: 'tetap' },
      });
      const long = 'x'.repeat(CONTACT_LIMITS.valueMax + 1);
      const rows: unknown[][] = [
        ['Nama', 'Telepon', 'Kota', 'Hobi'],
        ['Budi', 6281200000001, 'Jakarta', ''], // already in the group: updated, Lain kept
        ['Siti', '0812-0000-0002', 'Depok', 'Masak'], // added
        ['', '6281200000003', 'Solo', ''], // no name
        ['Andi', '', 'Solo', ''], // no number
        ['Rina', 'bukan nomor', 'Solo', ''], // invalid number
        ['Joko', '6281200000004', long, ''], // value too long
        ['Siti Baru', '+62 812 0000 0002', '', 'Lari'], // same number as Siti: merged, later wins
        ['Budi Lagi', '6281200000001', 'Bekasi', ''], // duplicate of an updated one
      ];
      const created = await uploaded('campuran.xlsx', XLSX_TYPE, await xlsx(rows));
      const res = await start(created._id, {
        groupId: group.id,
        mapping: mapping('name', 'phone', 'Kota', 'Hobi'),
      });
      expect(res.statusCode, res.body).toBe(200);
      await drainJobs(t);

      const done = await get(created._id);
      expect(done).toMatchObject({
        state: 'done',
        totalRows: 8,
        processedRows: 8,
        added: 1,
        updated: 1,
        duplicates: 2,
        refused: 4,
        error: null,
        group: { _id: group.id, name: 'Campuran' },
      });
      expect(done.finishedAt).toBe(t.clock.now().toISOString());
      expect(await contactsOf(group.id)).toEqual([
        { name: 'Budi Lagi', phone: '6281200000001', values: { Kota: 'Bekasi', Lain: 'tetap' } },
        { name: 'Siti Baru', phone: '6281200000002', values: { Kota: 'Depok', Hobi: 'Lari' } },
      ]);
      // the file is gone once done
      const row = await importRow(created._id);
      expect(row.fileKey).toBeNull();

      const { res: download, rows: report } = await refusedFor(created._id);
      expect(download.headers['content-type']).toBe(XLSX_TYPE);
      expect(download.headers['content-disposition']).toContain('campuran - ditolak.xlsx');
      expect(report).toEqual([
        ['Baris', 'Nama', 'Telepon', 'Kota', 'Hobi', 'Alasan'],
        ['4', '', '6281200000003', 'Solo', '', CONTACT_MESSAGES.refusedNameEmpty],
        ['5', 'Andi', '', 'Solo', '', CONTACT_MESSAGES.refusedPhoneEmpty],
        ['6', 'Rina', 'bukan nomor', 'Solo', '', CONTACT_MESSAGES.refusedPhoneInvalid],
        ['7', 'Joko', '6281200000004', long, '', CONTACT_MESSAGES.refusedValueTooLong],
      ]);
    });

    it('answers 404 for the report when nothing was refused', async () => {
      const created = await uploaded('bersih.csv', 'text/csv', 'Nama,HP\nBudi,62812000555\n');
      expectRefused(
        await call('GET', `${URL_BASE}/${created._id}/refused`),
        CONTACT_MESSAGES.importNoRefused,
        404,
      );
    });

    it('imports several batches', async () => {
      const n = IMPORT_BATCH_ROWS * 2 + 500;
      const lines = Array.from(
        { length: n },
        (_, i) => `Orang ${i},62813${String(i).padStart(7, '0')},${i % 7}`,
      );
      const created = await uploaded('besar.csv', 'text/csv', `Nama,HP,Nilai\n${lines.join('\n')}\n`);
      const res = await start(created._id, {
        groupName: 'Besar',
        mapping: mapping('name', 'phone', 'Nilai'),
      });
      await drainJobs(t);
      const done = await get(created._id);
      expect(done).toMatchObject({ state: 'done', processedRows: n, added: n, refused: 0 });
      const count = await countIn(json(res, api.contactImport).group!._id);
      expect(count).toBe(n);
    });

    describe('cancel and resume', () => {
      const csvOf = (n: number, prefix = '62814') =>
        `Nama,HP\n${Array.from({ length: n }, (_, i) => `Orang ${i},${prefix}${String(i).padStart(7, '0')}`).join('\n')}\n`;

      it('cancels a ready import and removes its file', async () => {
        const created = await uploaded('batal.csv', 'text/csv', csvOf(3));
        const key = (await importRow(created._id)).fileKey!;
        expect(storedFiles().some((f) => f.endsWith(key))).toBe(true);
        const res = await call('POST', `${URL_BASE}/${created._id}/cancel`);
        expect(res.statusCode, res.body).toBe(200);
        expect(json(res, api.contactImport)).toMatchObject({
          state: 'cancelled',
          finishedAt: t.clock.now().toISOString(),
        });
        expect((await importRow(created._id)).fileKey).toBeNull();
        expect(storedFiles().some((f) => f.endsWith(key))).toBe(false);
        expectRefused(
          await call('POST', `${URL_BASE}/${created._id}/cancel`),
          CONTACT_MESSAGES.importNotRunning,
          409,
        );
        expectRefused(
          await start(created._id, { groupName: 'Batal', mapping: mapping('name', 'phone') }),
          CONTACT_MESSAGES.importNotReady,
          409,
        );
      });

      it('a queued import cancelled before it runs inserts nothing', async () => {
        const created = await uploaded('antre.csv', 'text/csv', csvOf(5));
        const started = json(
          await start(created._id, { groupName: 'Antre', mapping: mapping('name', 'phone') }),
          api.contactImport,
        );
        const res = await call('POST', `${URL_BASE}/${created._id}/cancel`);
        expect(json(res, api.contactImport).state).toBe('cancelled');
        await drainJobs(t);
        expect(await get(created._id)).toMatchObject({ state: 'cancelled', processedRows: 0, added: 0 });
        expect(await countIn(started.group!._id)).toBe(0);
      });

      it('stops between batches when cancelled while running, keeping what is done', async () => {
        const n = IMPORT_BATCH_ROWS * 3;
        const created = await uploaded('jalan.csv', 'text/csv', csvOf(n, '62815'));
        const started = json(
          await start(created._id, { groupName: 'Jalan', mapping: mapping('name', 'phone') }),
          api.contactImport,
        );
        // the owner presses cancel while the job is between its first and second batch
        const db = t.ctx.db;
        const original = db.transaction.bind(db);
        let batches = 0;
        let cancelled: ContactImport | null = null;
        db.transaction = (async (fn: Parameters<typeof original>[0]) => {
          const isBatch = (await importRow(created._id)).state === 'running' && cancelled === null;
          if (isBatch && ++batches === 2) {
            db.transaction = original;
            cancelled = json(await call('POST', `${URL_BASE}/${created._id}/cancel`), api.contactImport);
          }
          return original(fn);
        }) as typeof db.transaction;
        try {
          await drainJobs(t);
        } finally {
          db.transaction = original;
        }
        expect(cancelled).toMatchObject({ state: 'cancelled', processedRows: IMPORT_BATCH_ROWS });
        expect(await get(created._id)).toMatchObject({
          state: 'cancelled',
          processedRows: IMPORT_BATCH_ROWS,
          added: IMPORT_BATCH_ROWS,
        });
        expect(await countIn(started.group!._id)).toBe(IMPORT_BATCH_ROWS);
        expect((await importRow(created._id)).fileKey).toBeNull();
        expectRefused(
          await call('POST', `${URL_BASE}/${created._id}/cancel`),
          CONTACT_MESSAGES.importNotRunning,
          409,
        );
      });

      it('resumes after the rows already imported, still counting their repeats as duplicates', async () => {
        const lines = [
          'Nama,HP',
          'A,6281600000001',
          'B,6281600000002',
          'C,6281600000003',
          'A lagi,6281600000001',
          '',
        ];
        const created = await uploaded('lanjut.csv', 'text/csv', lines.join('\n'));
        const started = json(
          await start(created._id, { groupName: 'Lanjut', mapping: mapping('name', 'phone') }),
          api.contactImport,
        );
        // as if a run crashed after committing the first two rows
        await t.ctx.db.insert(groupContacts).values([
          { ownerId, groupId: started.group!._id, name: 'A', phoneNumber: '6281600000001' },
          { ownerId, groupId: started.group!._id, name: 'B', phoneNumber: '6281600000002' },
        ]);
        await t.ctx.db
          .update(contactImports)
          .set({ state: 'running', processedRows: 2, added: 2 })
          .where(eq(contactImports.id, created._id));
        await drainJobs(t);
        expect(await get(created._id)).toMatchObject({
          state: 'done',
          processedRows: 4,
          added: 3,
          updated: 0,
          duplicates: 1,
        });
        expect(await contactsOf(started.group!._id)).toEqual([
          { name: 'A lagi', phone: '6281600000001', values: {} },
          { name: 'B', phone: '6281600000002', values: {} },
          { name: 'C', phone: '6281600000003', values: {} },
        ]);
      });

      it('leaves an import another process has taken over (and moved on) to that process', async () => {
        const created = await uploaded('ambil.csv', 'text/csv', csvOf(IMPORT_BATCH_ROWS + 10, '62817'));
        const started = json(
          await start(created._id, { groupName: 'Ambil Alih', mapping: mapping('name', 'phone') }),
          api.contactImport,
        );
        const db = t.ctx.db;
        const original = db.transaction.bind(db);
        db.transaction = (async (fn: Parameters<typeof original>[0]) => {
          // the other process committed the first batch while this one was still reading
          db.transaction = original;
          await db
            .update(contactImports)
            .set({ processedRows: IMPORT_BATCH_ROWS })
            .where(eq(contactImports.id, created._id));
          return original(fn);
        }) as typeof db.transaction;
        try {
          await drainJobs(t);
        } finally {
          db.transaction = original;
        }
        const row = await importRow(created._id);
        expect(row).toMatchObject({ state: 'running', processedRows: IMPORT_BATCH_ROWS, added: 0 });
        expect(row.fileKey).not.toBeNull();
        expect(await countIn(started.group!._id)).toBe(0);
      });

      it('fails for good when its file is gone, with the message and no file', async () => {
        const created = await uploaded('hilang.csv', 'text/csv', csvOf(2));
        await start(created._id, { groupName: 'Hilang', mapping: mapping('name', 'phone') });
        const key = (await importRow(created._id)).fileKey!;
        for (const file of storedFiles().filter((f) => f.endsWith(key)))
          fs.rmSync(path.join(t.dataDir, 'media', file));
        await drainJobs(t);
        expect(await get(created._id)).toMatchObject({
          state: 'failed',
          error: CONTACT_MESSAGES.importFailed,
        });
        expect((await importRow(created._id)).fileKey).toBeNull();
      });

      it("holds the job claim for the definition's lockMs", async () => {
        let lockedFor = 0;
        t.ctx.jobs.define({
          name: 'test-long-lock',
          lockMs: 5 * 60_000,
          run: async () => {
            const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'test-long-lock'));
            lockedFor = row!.lockedUntil!.getTime() - t.clock.now().getTime();
          },
        });
        await t.ctx.jobs.enqueue(t.ctx.db, 'test-long-lock', {});
        await drainJobs(t);
        expect(lockedFor).toBe(5 * 60_000);
      });
    });

    describe('access', () => {
      it('keeps each tenant to its own imports and groups', async () => {
        const created = await uploaded('milik.csv', 'text/csv', 'Nama,HP\nBudi,62812000777\n');
        const mine = await newGroup('Milik Saya');
        const other = (await registerOwner(t.app, undefined, { verify: true })).token;
        const id = created._id;
        for (const [method, url] of [
          ['GET', `${URL_BASE}/${id}`],
          ['POST', `${URL_BASE}/${id}/cancel`],
          ['GET', `${URL_BASE}/${id}/refused`],
        ] as const) {
          expectRefused(await call(method, url, undefined, other), CONTACT_MESSAGES.importNotFound, 404);
        }
        expectRefused(
          await start(id, { groupName: 'Curian', mapping: mapping('name', 'phone') }, other),
          CONTACT_MESSAGES.importNotFound,
          404,
        );
        expect(json(await call('GET', URL_BASE, undefined, other), api.contactImportList).docs).toEqual([]);
        // and the other owner's own import cannot go into my group
        const body = form('x.csv', 'text/csv', 'Nama,HP\nAni,62812000888\n');
        const theirs = json(
          await t.app.inject({
            method: 'POST',
            url: URL_BASE,
            headers: { token: other, 'content-type': body.contentType },
            payload: body.payload,
          }),
          api.contactImport,
        );
        expectRefused(
          await start(theirs._id, { groupId: mine.id, mapping: mapping('name', 'phone') }, other),
          CONTACT_MESSAGES.groupNotFound,
          404,
        );
        expect((await get(id)).state).toBe('ready');
      });

      it('refuses agents and anonymous callers', async () => {
        const agent = await agentFor(t, token, 'Agen Impor');
        const created = await uploaded('agen.csv', 'text/csv', 'Nama,HP\nBudi,62812000999\n');
        const id = created._id;
        const body = form('a.csv', 'text/csv', 'Nama,HP\nBudi,62812000999\n');
        const agentUpload = await t.app.inject({
          method: 'POST',
          url: URL_BASE,
          headers: { token: agent.token, 'content-type': body.contentType },
          payload: body.payload,
        });
        expectRefused(agentUpload, CONTACT_MESSAGES.ownerOnly, 403);
        for (const [method, url, payload] of [
          ['GET', URL_BASE, undefined],
          ['GET', `${URL_BASE}/${id}`, undefined],
          ['POST', `${URL_BASE}/${id}/start`, { groupName: 'Agen', mapping: mapping('name', 'phone') }],
          ['POST', `${URL_BASE}/${id}/cancel`, undefined],
          ['GET', `${URL_BASE}/${id}/refused`, undefined],
        ] as const) {
          expectRefused(await call(method, url, payload, agent.token), CONTACT_MESSAGES.ownerOnly, 403);
          expect((await t.app.inject({ method, url })).statusCode).toBe(401);
        }
        expect((await get(id)).state).toBe('ready');
      });
    });
  });
});
