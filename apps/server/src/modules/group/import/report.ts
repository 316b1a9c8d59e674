import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { contactImportRefusals, contactImports } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { loadExcel, fit } from './read';
import { importNotFound } from './service';

const PAGE = 1000;

/** Resolves when the client has read enough for more to be written, or when it went away. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

export interface RefusedReport {
  /** the download's name: '<file name without extension> - ditolak.xlsx' */
  name: string;
  stream: Readable;
}

/**
 * GET /group/excel/contact/{id}/refused: the rows the import refused, as an xlsx written while it is
 * sent: 'Baris' (the row in the file), the file's own columns, then 'Alasan'. Read a page at a time,
 * waiting for the client, so a large report holds little memory.
 */
export async function refusedReport(ctx: AppContext, ownerId: string, id: string): Promise<RefusedReport> {
  const [row] = await ctx.db
    .select({ fileName: contactImports.fileName, headers: contactImports.headers })
    .from(contactImports)
    .where(and(eq(contactImports.id, id), eq(contactImports.ownerId, ownerId)))
    .limit(1);
  if (!row) throw importNotFound();
  const [any] = await ctx.db
    .select({ n: contactImportRefusals.rowNumber })
    .from(contactImportRefusals)
    .where(eq(contactImportRefusals.importId, id))
    .limit(1);
  if (!any) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.importNoRefused);

  const ExcelJS = await loadExcel();
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Ditolak');
  const width = row.headers.length;
  const write = async () => {
    sheet.addRow(['Baris', ...row.headers, 'Alasan']).commit();
    let after = 0;
    for (;;) {
      const page = await ctx.db
        .select()
        .from(contactImportRefusals)
        .where(and(eq(contactImportRefusals.importId, id), gt(contactImportRefusals.rowNumber, after)))
        .orderBy(asc(contactImportRefusals.rowNumber))
        .limit(PAGE);
      for (const refusal of page) {
        sheet.addRow([refusal.rowNumber, ...fit(refusal.cells, width), refusal.reason]).commit();
      }
      if (page.length < PAGE) break;
      after = page.at(-1)!.rowNumber;
      if (out.destroyed) return;
      if (out.writableNeedDrain) await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    ctx.log.warn({ err, id }, 'refused rows report failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const base = row.fileName.slice(0, row.fileName.length - path.extname(row.fileName).length) || 'kontak';
  return { name: `${base} - ditolak.xlsx`, stream: out };
}
