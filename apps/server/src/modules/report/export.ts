import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  MESSAGE_TYPE_NAMES,
  PUBLICATION_MESSAGES as M,
  RECIPIENT_STATE_LABELS,
  REPORT_MESSAGES,
  canViewReports,
  reportMonth,
  type RecipientState,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, agents, broadcastRecipients, broadcasts, statusPosts, statusRuns } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { XLSX_TYPE } from '../group/export';
import { contentDisposition } from '../media/service';

/**
 * Report exports (issue 24 part 4): every row of a report as .xlsx, written while it is sent with
 * exceljs's streaming WorkbookWriter (as the contact exports are). Rows are read in keyset pages of
 * EXPORT_PAGE and the reading waits while the client is behind, so memory stays flat whatever the
 * size; a client that leaves stops the reading. Dates are real Excel dates showing Asia/Jakarta time.
 */

/** Rows read from the database per query. */
export const EXPORT_PAGE = 2000;
/** Broadcasts of a month read per query (their recipients are then read in pages). */
const BROADCAST_PAGE = 200;
/** Uncompressed sheet bytes allowed to wait for the zip before the reading pauses. */
const SHEET_BACKLOG_BYTES = 1 << 20;

const JAKARTA_OFFSET_MS = 7 * 3600_000;
export const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * An instant as the Excel date that shows its Asia/Jakarta wall time. Excel dates have no time
 * zone and exceljs writes a Date's UTC fields, so the Jakarta wall time is written as UTC.
 */
export function excelJakarta(at: Date | null): Date | null {
  return at ? new Date(at.getTime() + JAKARTA_OFFSET_MS) : null;
}

/** A name as a file-name slug: lower case ASCII letters and digits joined by '-'. */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** YYYYMMDD of an instant in Asia/Jakarta. */
function jakartaStamp(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * Whether the actor may open reports: the owner always; an agent when the owner allowed it on the
 * agent's page (agents.can_view_reports, read on every call so that taking it back works at once).
 */
export async function mayViewReports(ctx: AppContext, actor: Actor): Promise<boolean> {
  if (!actor.agentId) return true;
  const [agent] = await ctx.db
    .select({ canViewReports: agents.canViewReports })
    .from(agents)
    .where(and(eq(agents.id, actor.agentId), eq(agents.ownerId, actor.ownerId)))
    .limit(1);
  return canViewReports({ agentId: actor.agentId, canViewReports: agent?.canViewReports ?? false });
}

/** 403 for an agent the owner has not allowed to open reports. */
export async function requireReportViewer(ctx: AppContext, actor: Actor): Promise<void> {
  if (!(await mayViewReports(ctx, actor))) throw new AppError('FORBIDDEN', REPORT_MESSAGES.agentDenied);
}

/** A report download: the headers to send and the workbook as it is being written. */
export interface ReportDownload {
  fileName: string;
  headers: Record<string, string>;
  stream: Readable;
}

interface ColumnSpec {
  header: string;
  width: number;
  date?: boolean;
}

/** What a report's `fill` writes with. */
interface RowSink {
  /** false once the client went away: stop reading */
  readonly open: boolean;
  row(values: (string | number | Date | null)[]): void;
  /** after each page: waits while the client (or the zip) is behind */
  flush(): Promise<void>;
}

/** Resolves on one of the events, or after `ms` (a stream that never says so cannot hang the export). */
function once(stream: NodeJS.EventEmitter, events: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const e of events) stream.off(e, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const e of events) stream.on(e, done);
  });
}

/** The bytes a stream holds unsent, whether a Node stream or readable-stream's (archiver's). */
function backlog(stream: unknown): number {
  const state = (stream as { _writableState?: { length?: number } } | undefined)?._writableState;
  return typeof state?.length === 'number' ? state.length : 0;
}

/**
 * Writes one sheet as it streams: a header row, then what `fill` writes. Backpressure is taken from
 * both ends: the reply (`out`, the client's pace) and the zip's input (exceljs hands the sheet's
 * XML to archiver without waiting for it, so a slow client would otherwise pile it up there).
 */
function streamSheet(
  ctx: AppContext,
  fileName: string,
  sheetName: string,
  columns: ColumnSpec[],
  fill: (sink: RowSink) => Promise<void>,
): ReportDownload {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.date ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const dateColumns = columns.flatMap((c, i) => (c.date ? [i + 1] : []));
  const sink: RowSink = {
    get open() {
      return !out.destroyed;
    },
    row(values) {
      const row = sheet.addRow(values);
      for (const n of dateColumns) if (values[n - 1]) row.getCell(n).numFmt = DATE_FORMAT;
      row.commit();
    },
    async flush() {
      // the zip's input of the sheet: exceljs's StreamBuf pipes into archiver's PassThrough
      const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
        NodeJS.EventEmitter | undefined;
      while (!out.destroyed) {
        if (out.writableNeedDrain) await once(out, ['drain', 'close'], 1000);
        else if (entry && backlog(entry) > SHEET_BACKLOG_BYTES) await once(entry, ['drain'], 50);
        else return;
      }
    },
  };
  void (async () => {
    await fill(sink);
    if (out.destroyed) return; // the client left: nothing more to write
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    ctx.log.warn({ err, fileName }, 'report export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return {
    fileName,
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': contentDisposition('attachment', fileName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    stream: out,
  };
}

const RECIPIENT_COLUMNS: ColumnSpec[] = [
  { header: 'Nama', width: 28 },
  { header: 'Nomor', width: 18 },
  { header: 'Status', width: 14 },
  { header: 'Alasan', width: 40 },
  { header: 'Dikirim', width: 17, date: true },
  { header: 'Dibaca', width: 17, date: true },
  { header: 'Dibalas', width: 17, date: true },
  { header: 'Nomor Pengirim', width: 18 },
];
export const BROADCAST_EXPORT_HEADERS = RECIPIENT_COLUMNS.map((c) => c.header);
export const PERIOD_EXPORT_HEADERS = ['Broadcast', ...BROADCAST_EXPORT_HEADERS];

const stateLabel = (state: string) => RECIPIENT_STATE_LABELS[state as RecipientState] ?? state;

/** The owner's numbers by id (a tenant has a handful), for the 'Nomor Pengirim' column. */
async function senderNumbers(ctx: AppContext, ownerId: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: accounts.id, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(eq(accounts.ownerId, ownerId));
  return new Map(rows.map((r) => [r.id, r.phoneNumber ?? '']));
}

/**
 * Every recipient of one broadcast in sending order, EXPORT_PAGE at a time over the
 * (broadcast_id, position) index; `prefix` goes before each row's cells.
 */
async function writeRecipients(
  ctx: AppContext,
  ownerId: string,
  broadcastId: string,
  senders: Map<string, string>,
  sink: RowSink,
  prefix: string[],
): Promise<void> {
  let after: { position: number; id: string } | null = null;
  while (sink.open) {
    const where = [
      eq(broadcastRecipients.broadcastId, broadcastId),
      eq(broadcastRecipients.ownerId, ownerId),
    ];
    if (after) {
      where.push(
        gte(broadcastRecipients.position, after.position),
        sql`(${broadcastRecipients.position}, ${broadcastRecipients.id}) > (${after.position}, ${after.id})`,
      );
    }
    const rows = await ctx.db
      .select({
        id: broadcastRecipients.id,
        position: broadcastRecipients.position,
        name: broadcastRecipients.name,
        phone: broadcastRecipients.phone,
        state: broadcastRecipients.state,
        reason: broadcastRecipients.reason,
        sentAt: broadcastRecipients.sentAt,
        readAt: broadcastRecipients.readAt,
        repliedAt: broadcastRecipients.repliedAt,
        accountId: broadcastRecipients.accountId,
      })
      .from(broadcastRecipients)
      .where(and(...where))
      .orderBy(asc(broadcastRecipients.position), asc(broadcastRecipients.id))
      .limit(EXPORT_PAGE);
    if (!sink.open) return;
    for (const r of rows) {
      sink.row([
        ...prefix,
        r.name || null,
        r.phone,
        stateLabel(r.state),
        r.reason,
        excelJakarta(r.sentAt),
        excelJakarta(r.readAt),
        excelJakarta(r.repliedAt),
        (r.accountId && senders.get(r.accountId)) || null,
      ]);
    }
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { position: last.position, id: last.id };
    await sink.flush();
  }
}

/**
 * GET /report/broadcast/{id}/export: every recipient of one of the owner's broadcasts. Another
 * tenant's (or no) broadcast is 404 before anything is sent.
 */
export async function exportBroadcast(ctx: AppContext, actor: Actor, id: string): Promise<ReportDownload> {
  const [broadcast] = await ctx.db
    .select({ id: broadcasts.id, name: broadcasts.name })
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.ownerId, actor.ownerId)))
    .limit(1);
  if (!broadcast) throw new AppError('NOT_FOUND', M.notFound);
  const senders = await senderNumbers(ctx, actor.ownerId);
  const fileName = `laporan-broadcast-${slugOf(broadcast.name, 'broadcast')}-${jakartaStamp(ctx.clock.now())}.xlsx`;
  return streamSheet(ctx, fileName, 'Penerima', RECIPIENT_COLUMNS, (sink) =>
    writeRecipients(ctx, actor.ownerId, broadcast.id, senders, sink, []),
  );
}

const monthName = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * GET /report/broadcast/export?year&month: every recipient of every broadcast the owner created in
 * that Jakarta month, oldest broadcast first, each in sending order; the first column names it.
 */
export async function exportBroadcastPeriod(
  ctx: AppContext,
  actor: Actor,
  period: { year: number; month: number },
): Promise<ReportDownload> {
  const { from, to } = reportMonth(period.year, period.month);
  const senders = await senderNumbers(ctx, actor.ownerId);
  const fileName = `laporan-broadcast-${monthName(period.year, period.month)}-${jakartaStamp(ctx.clock.now())}.xlsx`;
  const columns = [{ header: 'Broadcast', width: 28 }, ...RECIPIENT_COLUMNS];
  return streamSheet(ctx, fileName, 'Broadcast', columns, async (sink) => {
    // created_at as text: a timestamp's microseconds survive the keyset (a Date would drop them)
    const key = sql<string>`${broadcasts.createdAt}::text`;
    let after: { key: string; id: string } | null = null;
    while (sink.open) {
      const where = [
        eq(broadcasts.ownerId, actor.ownerId),
        gte(broadcasts.createdAt, from),
        lt(broadcasts.createdAt, to),
      ];
      if (after)
        where.push(
          sql`(${broadcasts.createdAt}, ${broadcasts.id}) > (${after.key}::timestamptz, ${after.id})`,
        );
      const page = await ctx.db
        .select({ id: broadcasts.id, name: broadcasts.name, key })
        .from(broadcasts)
        .where(and(...where))
        .orderBy(asc(broadcasts.createdAt), asc(broadcasts.id))
        .limit(BROADCAST_PAGE);
      for (const b of page) {
        if (!sink.open) return;
        await writeRecipients(ctx, actor.ownerId, b.id, senders, sink, [b.name]);
        await sink.flush();
      }
      if (page.length < BROADCAST_PAGE) return;
      const last = page[page.length - 1]!;
      after = { key: last.key, id: last.id };
    }
  });
}

const STATUS_COLUMNS: ColumnSpec[] = [
  { header: 'Tanggal', width: 17, date: true },
  { header: 'Nomor', width: 18 },
  { header: 'Tipe', width: 10 },
  { header: 'Teks', width: 50 },
  { header: 'Audiens', width: 10 },
  { header: 'Status', width: 14 },
  { header: 'Alasan', width: 40 },
];
export const STATUS_EXPORT_HEADERS = STATUS_COLUMNS.map((c) => c.header);

const RUN_STATE_LABELS: Record<string, string> = {
  sent: M.statusPosted,
  failed: M.statusFailed,
  pending: M.statusWaiting,
};

/**
 * GET /report/status/export?year&month: the month's status runs (each time a post was due in it, as
 * GET /report/status counts them), oldest first: when it went out (or is due), its number, type,
 * text, audience (0 when it failed), state and reason.
 */
export function exportStatusPeriod(
  ctx: AppContext,
  actor: Actor,
  period: { year: number; month: number },
): ReportDownload {
  const { from, to } = reportMonth(period.year, period.month);
  const fileName = `laporan-status-${monthName(period.year, period.month)}-${jakartaStamp(ctx.clock.now())}.xlsx`;
  return streamSheet(ctx, fileName, 'Status', STATUS_COLUMNS, async (sink) => {
    let after: { key: string; id: string } | null = null;
    while (sink.open) {
      const where = [
        eq(statusRuns.ownerId, actor.ownerId),
        gte(statusRuns.dueAt, from),
        lt(statusRuns.dueAt, to),
      ];
      if (after)
        where.push(sql`(${statusRuns.dueAt}, ${statusRuns.id}) > (${after.key}::timestamptz, ${after.id})`);
      const rows = await ctx.db
        .select({
          id: statusRuns.id,
          key: sql<string>`${statusRuns.dueAt}::text`,
          dueAt: statusRuns.dueAt,
          at: statusRuns.at,
          state: statusRuns.state,
          viewers: statusRuns.viewers,
          reason: statusRuns.reason,
          type: statusPosts.type,
          text: statusPosts.text,
          phoneNumber: accounts.phoneNumber,
        })
        .from(statusRuns)
        .innerJoin(
          statusPosts,
          and(eq(statusPosts.id, statusRuns.postId), eq(statusPosts.ownerId, actor.ownerId)),
        )
        .leftJoin(accounts, and(eq(accounts.id, statusPosts.accountId), eq(accounts.ownerId, actor.ownerId)))
        .where(and(...where))
        .orderBy(asc(statusRuns.dueAt), asc(statusRuns.id))
        .limit(EXPORT_PAGE);
      if (!sink.open) return;
      for (const r of rows) {
        sink.row([
          excelJakarta(r.at ?? r.dueAt),
          r.phoneNumber || null,
          MESSAGE_TYPE_NAMES[r.type as 'text' | 'image' | 'video'] ?? r.type,
          r.text,
          r.state === 'failed' ? 0 : r.viewers,
          RUN_STATE_LABELS[r.state] ?? r.state,
          r.reason,
        ]);
      }
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.key, id: last.id };
      await sink.flush();
    }
  });
}
