import * as api from '@sapa/contracts';
import path from 'node:path';
import { t as message } from '@sapa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { contactImports, mediaFiles } from '../../db/schema';
import { sweep } from '../../lib/housekeeping';
import { json, ownerWithSandbox, useTestApp, verifiedOwner } from '../../../test/helpers';
import { filesUnder, multipart } from '../../../test/uploads';
import { UNSTARTED_IMPORT_MS } from '../group/import/service';
import { storedBytes } from './quota';
import { storeFile } from './service';

const KiB = 1024;
const QUOTA = 1024 * KiB; // SAPA_STORAGE_QUOTA_MB=1
/** 150 KiB: six fit in the quota (900 KiB), seven do not (1050 KiB) */
const PIECE = 150 * KiB;
const FULL = message('common.storageFull', { max: 1 });

/** A text document of exactly `size` bytes: stored as it is, no thumbnail. */
const text = (size: number, fill = 'a') => fill.repeat(size);

/** A CSV of exactly `size` bytes with a header and rows. */
function csv(size: number): string {
  const head = 'Nama,HP\n';
  const row = 'Budi,6281234567890\n';
  const body = row.repeat(Math.floor((size - head.length) / row.length));
  return `${head}${body}${'x'.repeat(size - head.length - body.length)}`;
}

describe('storage quota per owner', () => {
  const { t } = useTestApp({ dataDir: 'sapa-quota-', env: { SAPA_STORAGE_QUOTA_MB: '1' } });

  const send = (url: string, token: string, filename: string, type: string, data: string) => {
    const body = multipart([{ name: 'file', filename, type, data }]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { token, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const media = (token: string, data: string, name = 'catatan.txt') =>
    send('/api/chat/media', token, name, 'text/plain', data);
  const importFile = (token: string, data: string) =>
    send('/api/group/excel/contact', token, 'kontak.csv', 'text/csv', data);
  const mediaBytes = async (ownerId: string) => {
    const [row] = await t.ctx.db
      .select({ bytes: sql<string>`coalesce(sum(${mediaFiles.size}), 0)` })
      .from(mediaFiles)
      .where(eq(mediaFiles.ownerId, ownerId));
    return Number(row!.bytes);
  };
  const storedFiles = () => filesUnder(path.join(t.dataDir, 'media')).filter((f) => !f.startsWith('.tmp'));
  const rowCount = async () => {
    const [m] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(mediaFiles);
    const [i] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactImports)
      .where(sql`${contactImports.fileKey} is not null`);
    return m!.n + i!.n;
  };
  const expectFull = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res, api.apiErrorBody)).toMatchObject({ code: 'STORAGE_FULL', message: FULL });
  };

  let other: { token: string; ownerId: string };
  beforeAll(async () => {
    other = await verifiedOwner(t.app);
  });

  it('stores at most the quota when ten uploads that each fit arrive at once', async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => media(token, text(PIECE, String(i)))),
      // another owner's upload at the same moment is not held to this owner's quota
      media(other.token, text(PIECE)),
    ]);
    const mine = answers.slice(0, 10);
    expect(mine.filter((res) => res.statusCode === 200)).toHaveLength(6);
    for (const res of mine.filter((r) => r.statusCode !== 200)) expectFull(res);
    expect(answers[10]!.statusCode, answers[10]!.body).toBe(200);
    expect(await mediaBytes(ownerId)).toBe(6 * PIECE);
    expect(await storedBytes(t.ctx.db, ownerId)).toBe(6 * PIECE);
    // the refused left no file behind: one stored file per row, nothing in the temporary folder
    expect(storedFiles()).toHaveLength(await rowCount());
    expect(filesUnder(path.join(t.dataDir, 'media', '.tmp'))).toEqual([]);
    // full: even a small file waits for room
    expectFull(await media(token, text(200 * KiB)));
    expect((await media(token, text(QUOTA - 6 * PIECE))).statusCode).toBe(200);
    expectFull(await media(token, text(1)));
  });

  it('counts waiting import files with media, under a mixed burst, and frees their room when they end', async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? importFile(token, csv(PIECE)) : media(token, text(PIECE)),
      ),
    );
    const stored = answers.filter((res) => res.statusCode === 200 || res.statusCode === 201);
    expect(stored, answers.map((res) => `${res.statusCode}`).join()).toHaveLength(6);
    for (const res of answers.filter((r) => !stored.includes(r))) expectFull(res);
    const imported = answers
      .filter((res) => res.statusCode === 201)
      .map((res) => json(res, api.contactImport));
    expect(imported.length).toBeGreaterThan(0);
    expect(await storedBytes(t.ctx.db, ownerId)).toBe(6 * PIECE);
    expect(storedFiles()).toHaveLength(await rowCount());
    // a refused import leaves no row
    const [rows] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactImports)
      .where(eq(contactImports.ownerId, ownerId));
    expect(rows!.n).toBe(imported.length);

    expectFull(await importFile(token, csv(PIECE)));
    // cancelling an import removes its file and gives its bytes back
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/group/excel/contact/${imported[0]!._id}/cancel`,
      headers: { token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await storedBytes(t.ctx.db, ownerId)).toBe(5 * PIECE);
    expect((await importFile(token, csv(PIECE))).statusCode).toBe(201);
  });

  it("refuses a body too big for the room left before reading it, and counts the connectors' and the simulator's files", async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    expect((await media(token, text(900 * KiB))).statusCode).toBe(200);
    // Content-Length says it cannot fit: refused before the body is read
    const body = multipart([
      { name: 'file', filename: 'besar.txt', type: 'text/plain', data: text(300 * KiB) },
    ]);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/chat/media',
      headers: { token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expectFull(early);

    // a channel connector storing what a customer sent
    const refused = await storeFile(t.ctx, ownerId, {
      name: 'foto.txt',
      declaredMimetype: 'text/plain',
      buffer: Buffer.from(text(200 * KiB)),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'STORAGE_FULL', statusCode: 413, message: FULL });
    await storeFile(t.ctx, ownerId, {
      name: 'foto.txt',
      declaredMimetype: 'text/plain',
      buffer: Buffer.from(text(100 * KiB)),
    });
    expect(await storedBytes(t.ctx.db, ownerId)).toBe(1000 * KiB);

    // the sandbox customer simulator's files go to the owner's media too
    const sandbox = await ownerWithSandbox(t.app);
    const url = `/api/sandbox/media?accountId=${sandbox.accountId}`;
    expect((await send(url, sandbox.token, 'a.txt', 'text/plain', text(900 * KiB))).statusCode).toBe(200);
    expectFull(await send(url, sandbox.token, 'b.txt', 'text/plain', text(200 * KiB)));
    expectFull(await media(sandbox.token, text(200 * KiB)));
  });

  it('deletes imports never started after an hour, rows and files, and keeps the started and the fresh', async () => {
    const { token, ownerId } = await verifiedOwner(t.app);
    const upload = async () => {
      const res = await importFile(token, csv(50 * KiB));
      expect(res.statusCode, res.body).toBe(201);
      return json(res, api.contactImport);
    };
    const abandoned = await upload();
    const started = await upload();
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/group/excel/contact/${started._id}/start`,
      headers: { token },
      payload: { groupName: 'Impor Kuota', mapping: [{ target: 'name' }, { target: 'phoneNumber' }] },
    });
    expect(start.statusCode, start.body).toBe(200);
    const keyOf = async (id: string) =>
      (await t.ctx.db.select().from(contactImports).where(eq(contactImports.id, id)))[0]?.fileKey;
    const abandonedKey = (await keyOf(abandoned._id))!;
    const fileOf = (key: string) => path.join(key.slice(0, 2), key);
    expect(storedFiles()).toContain(fileOf(abandonedKey));

    t.clock.advance(UNSTARTED_IMPORT_MS - 60_000);
    const fresh = await upload();
    await sweep(t.ctx);
    // not an hour yet
    expect(await keyOf(abandoned._id)).toBe(abandonedKey);

    t.clock.advance(2 * 60_000);
    await sweep(t.ctx);
    expect(await keyOf(abandoned._id)).toBeUndefined();
    expect(storedFiles()).not.toContain(fileOf(abandonedKey));
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/group/excel/contact/${abandoned._id}`,
      headers: { token },
    });
    expect(get.statusCode).toBe(404);
    expect(await keyOf(started._id)).toBeTruthy();
    expect(await keyOf(fresh._id)).toBeTruthy();
    expect(await storedBytes(t.ctx.db, ownerId)).toBe(2 * 50 * KiB);
  });
});

describe('storage quota setting', () => {
  it('is 1024 MB unless set, and 0 turns it off', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ SAPA_STORAGE_QUOTA_MB: '50' }).storageQuotaBytes).toBe(50 * 1024 * 1024);
    expect(loadConfig({ SAPA_STORAGE_QUOTA_MB: '0' }).storageQuotaBytes).toBe(0);
    expect(() => loadConfig({ SAPA_STORAGE_QUOTA_MB: '-1' })).toThrow();
  });
});
