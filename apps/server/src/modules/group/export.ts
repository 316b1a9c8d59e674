import { PassThrough, type Readable, type Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { groupContacts } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { contentDisposition } from '../media/service';
import { requireGroup } from './service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows read from the database per query while exporting. */
export const EXPORT_BATCH = 2000;

/** A spreadsheet download: the headers to send and the file as it is being written. */
export interface XlsxDownload {
  headers: Record<string, string>;
  stream: Readable;
}

/** Resolves once the stream wants more, or is gone (the client left). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Writes rows to the sheet; yields between batches while the client catches up. */
export interface SheetWriter {
  /** false once the download was abandoned: stop reading */
  readonly open: boolean;
  row(values: unknown[], format?: (row: ExcelJS.Row) => void): void;
  /** after each batch: waits while the client is behind */
  flush(): Promise<void>;
}

/**
 * An .xlsx written as it streams out (exceljs's streaming writer: rows are zipped as they are
 * committed, nothing of the sheet is held). `fill` writes the rows; an error while writing aborts
 * the download.
 */
export function xlsxDownload(
  fileName: string,
  sheetName: string,
  fill: (sheet: SheetWriter) => Promise<void>,
  options: { useStyles?: boolean } = {},
): XlsxDownload {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: options.useStyles ?? false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const writer: SheetWriter = {
    get open() {
      return !out.destroyed;
    },
    row(values, format) {
      const row = sheet.addRow(values);
      format?.(row);
      row.commit();
    },
    async flush() {
      if (out.writableNeedDrain && !out.destroyed) await drained(out);
    },
  };
  void (async () => {
    await fill(writer);
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': contentDisposition('attachment', fileName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    stream: out,
  };
}

/** Sends a spreadsheet as it is written. */
export function sendDownload(reply: FastifyReply, download: XlsxDownload) {
  void reply.headers(download.headers);
  return reply.send(download.stream);
}

/** A file name from what the user typed: no path separators or characters file systems refuse. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .replace(/^\.+/, '');
  return cleaned || fallback;
}

/** The fixed headers before the group's own columns. */
export const FIXED_HEADERS = ['Nama', 'Nomor Telepon'];

/**
 * POST /group/{id}/export: the group's contacts as .xlsx - Nama, Nomor Telepon, then each column - in
 * list order, read in keyset batches of EXPORT_BATCH over the (group_id, lower(name), id) index, so a
 * large group streams in constant memory. Numbers are written as text.
 */
export async function exportGroup(ctx: AppContext, actor: Actor, groupId: string): Promise<XlsxDownload> {
  const group = await requireGroup(ctx.db, actor.ownerId, groupId);
  const columns = group.columns;
  return xlsxDownload(`${safeFileName(group.name, 'Kontak')}.xlsx`, 'Kontak', async (sheet) => {
    sheet.row([...FIXED_HEADERS, ...columns]);
    let after: { key: string; id: string } | null = null;
    while (sheet.open) {
      const where = [eq(groupContacts.groupId, group.id), eq(groupContacts.ownerId, actor.ownerId)];
      if (after)
        where.push(sql`(lower(${groupContacts.name}), ${groupContacts.id}) > (${after.key}, ${after.id})`);
      const rows = await ctx.db
        .select({
          id: groupContacts.id,
          key: sql<string>`lower(${groupContacts.name})`,
          name: groupContacts.name,
          phoneNumber: groupContacts.phoneNumber,
          values: groupContacts.values,
        })
        .from(groupContacts)
        .where(and(...where))
        .orderBy(sql`lower(${groupContacts.name})`, groupContacts.id)
        .limit(EXPORT_BATCH);
      for (const row of rows) {
        const values = row.values ?? {};
        sheet.row([row.name, row.phoneNumber, ...columns.map((c) => values[c] ?? null)]);
      }
      if (rows.length < EXPORT_BATCH) break;
      const last = rows[rows.length - 1]!;
      after = { key: last.key, id: last.id };
      await sheet.flush();
    }
  });
}
