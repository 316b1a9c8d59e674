import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  normalizePhone,
  type ContactMessageKey,
  type ImportTarget,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { contactImports } from '../../../db/schema';
import { PermanentJobError } from '../../../jobs/runner';
import { mediaStore } from '../../media/service';
import { MediaNotFoundError } from '../../media/store';
import { fileRows, fit, type FileRow, type OpenFile } from './read';
import { IMPORT_JOB, removeImportFile } from './service';

/** Rows per transaction: the progress moves (and a crash loses) at most this many at a time. */
export const IMPORT_BATCH_ROWS = 1000;
/** Contacts an import must write for the table's statistics to be refreshed after it. */
const ANALYZE_AFTER_ROWS = 1000;

/** Where the mapping puts each cell: column positions of the name, the number and the group's columns. */
interface Plan {
  name: number;
  phone: number;
  columns: [index: number, column: string][];
  width: number;
}

/**
 * A spreadsheet keeps '0812…' typed into a number cell as 812…: a bare number starting with 8 and as
 * long as an Indonesian mobile number without its 0 gets the 0 back (then 62, like any local number).
 */
export function importedPhone(raw: string): string {
  return /^8\d{8,11}$/.test(raw) ? `0${raw}` : raw;
}

function planOf(mapping: ImportTarget[]): Plan {
  const plan: Plan = { name: -1, phone: -1, columns: [], width: mapping.length };
  mapping.forEach((target, index) => {
    if (target.target === 'name') plan.name = index;
    else if (target.target === 'phoneNumber') plan.phone = index;
    else if (target.target === 'column') plan.columns.push([index, target.column]);
  });
  return plan;
}

type Classified =
  | { ok: true; name: string; phone: string; values: Record<string, string> }
  | { ok: false; reason: ContactMessageKey };

/** A row as a contact, or the reason it is refused. */
function classify(cells: string[], plan: Plan): Classified {
  const name = (cells[plan.name] ?? '').trim();
  if (!name) return { ok: false, reason: 'refusedNameEmpty' };
  const rawPhone = (cells[plan.phone] ?? '').trim();
  if (!rawPhone) return { ok: false, reason: 'refusedPhoneEmpty' };
  const phone = normalizePhone(importedPhone(rawPhone));
  if (!phone) return { ok: false, reason: 'refusedPhoneInvalid' };
  const values: Record<string, string> = {};
  for (const [index, column] of plan.columns) {
    const value = (cells[index] ?? '').trim();
    if (!value) continue;
    if (value.length > CONTACT_LIMITS.valueMax) return { ok: false, reason: 'refusedValueTooLong' };
    values[column] = value;
  }
  // a longer name is cut rather than the row refused: the number is what matters
  return { ok: true, name: [...name].slice(0, CONTACT_LIMITS.contactNameMax).join(''), phone, values };
}

/**
 * The stored file, to be read from its start as often as fileRows needs; from S3 it is copied to a
 * local file first, so a slow import holds no socket.
 */
async function openFile(ctx: AppContext, key: string): Promise<{ open: OpenFile; done(): Promise<void> }> {
  const store = mediaStore(ctx);
  try {
    if (store.kind === 'disk') {
      // opened here, so that a missing file is a PermanentJobError
      let first: Readable | null = await store.get(key);
      return {
        open: async () => {
          const stream = first ?? (await store.get(key));
          first = null;
          return stream;
        },
        done: async () => {
          first?.destroy();
        },
      };
    }
    const dir = path.join(ctx.config.dataDir, 'media', '.tmp');
    await fs.promises.mkdir(dir, { recursive: true });
    const local = path.join(dir, `${randomBytes(12).toString('hex')}.import`);
    try {
      await pipeline(await store.get(key), fs.createWriteStream(local, { flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(local, { force: true });
      throw error;
    }
    return {
      open: () => fs.createReadStream(local),
      done: () => fs.promises.rm(local, { force: true }),
    };
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw new PermanentJobError('import file missing');
    throw error;
  }
}

/** Sets the file key to null and removes the file. */
async function dropFile(ctx: AppContext, importId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ fileKey: contactImports.fileKey })
    .from(contactImports)
    .where(eq(contactImports.id, importId));
  if (!row?.fileKey) return;
  await ctx.db.update(contactImports).set({ fileKey: null }).where(eq(contactImports.id, importId));
  await removeImportFile(ctx, row.fileKey);
}

type Counts = { added: number; updated: number; duplicates: number; refused: number };
type Outcome = 'written' | 'stopped' | 'taken';

/** Imports run at once in this process: each holds a parsed file's worth of memory. */
const MAX_RUNNING_IMPORTS = 2;
let runningImports = 0;
const waitingImports: (() => void)[] = [];

/** A turn among the running imports; call the returned function when done. */
async function importSlot(): Promise<() => void> {
  while (runningImports >= MAX_RUNNING_IMPORTS) await new Promise<void>((r) => waitingImports.push(r));
  runningImports++;
  return () => {
    runningImports--;
    waitingImports.shift()?.();
  };
}

class ImportRun {
  /** numbers accepted so far in this import (earlier rows), to count repeats as duplicates */
  readonly seen = new Set<string>();
  /** contacts inserted or updated by this run */
  written = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly importId: string,
    private readonly ownerId: string,
    private readonly plan: Plan,
  ) {}

  /** A row already imported by an earlier run: only its number is remembered. */
  remember(row: FileRow): void {
    const result = classify(row.cells, this.plan);
    if (result.ok) this.seen.add(result.phone);
  }

  /**
   * One batch in one transaction: contacts upserted, refusals stored and the progress moved from
   * `from` to `to` together. Nothing of the batch is written when the import is no longer running
   * (cancelled) or when its progress is not at `from` (another process took the job over after its
   * claim expired, and is ahead).
   */
  async flush(rows: FileRow[], from: number, to: number): Promise<Outcome> {
    return this.ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          state: contactImports.state,
          groupId: contactImports.groupId,
          processedRows: contactImports.processedRows,
        })
        .from(contactImports)
        .where(eq(contactImports.id, this.importId))
        .for('update');
      if (current?.state !== 'running') return 'stopped';
      if (current.processedRows !== from) return 'taken';
      if (!current.groupId) throw new PermanentJobError('group deleted');
      const counts = await this.write(tx, current.groupId, rows);
      await tx
        .update(contactImports)
        .set({
          processedRows: to,
          added: sql`${contactImports.added} + ${counts.added}`,
          updated: sql`${contactImports.updated} + ${counts.updated}`,
          duplicates: sql`${contactImports.duplicates} + ${counts.duplicates}`,
          refused: sql`${contactImports.refused} + ${counts.refused}`,
          updatedAt: this.ctx.clock.now(),
        })
        .where(eq(contactImports.id, this.importId));
      return 'written';
    });
  }

  private async write(tx: Tx, groupId: string, rows: FileRow[]): Promise<Counts> {
    const refusals: { n: number; r: string; c: string[] }[] = [];
    // one entry per number: ON CONFLICT cannot touch a row twice in one statement
    const contacts = new Map<string, { i: string; n: string; p: string; v: Record<string, string> }>();
    const firstHere = new Set<string>();
    let duplicates = 0;
    for (const row of rows) {
      const result = classify(row.cells, this.plan);
      if (!result.ok) {
        refusals.push({
          n: row.number,
          r: CONTACT_MESSAGES[result.reason],
          c: fit(row.cells, this.plan.width),
        });
        continue;
      }
      if (this.seen.has(result.phone)) duplicates++;
      else {
        this.seen.add(result.phone);
        firstHere.add(result.phone);
      }
      const earlier = contacts.get(result.phone);
      // the later row wins: its name, and its values over the earlier ones
      if (earlier) {
        earlier.n = result.name;
        Object.assign(earlier.v, result.values);
      } else {
        // the id of a new contact (an existing one keeps its own)
        contacts.set(result.phone, { i: randomUUID(), n: result.name, p: result.phone, v: result.values });
      }
    }
    let added = 0;
    let updated = 0;
    if (contacts.size) {
      const now = this.ctx.clock.now();
      // one JSON parameter for the whole batch: far from the 65,535 bind parameters, one round trip
      const result = (await tx.execute(sql`
        insert into group_contacts (id, owner_id, group_id, name, phone_number, "values", created_at, updated_at)
        select x.i, ${this.ownerId}, ${groupId}, x.n, x.p, x.v, ${now}, ${now}
        from jsonb_to_recordset(${JSON.stringify([...contacts.values()])}::jsonb) as x(i text, n text, p text, v jsonb)
        on conflict (group_id, phone_number) do update
          set name = excluded.name, "values" = group_contacts."values" || excluded."values",
            updated_at = excluded.updated_at
        returning phone_number as "phone", (xmax = 0) as "inserted"`)) as unknown as {
        rows: { phone: string; inserted: boolean }[];
      };
      for (const row of result.rows) {
        // a number met in an earlier batch was counted as a duplicate there
        if (!firstHere.has(row.phone)) continue;
        if (row.inserted) added++;
        else updated++;
      }
      this.written += result.rows.length;
    }
    if (refusals.length) {
      await tx.execute(sql`
        insert into contact_import_refusals (import_id, row_number, reason, cells)
        select ${this.importId}, x.n, x.r, x.c
        from jsonb_to_recordset(${JSON.stringify(refusals)}::jsonb) as x(n int, r text, c jsonb)
        on conflict do nothing`);
    }
    return { added, updated, duplicates, refused: refusals.length };
  }
}

/**
 * The 'contact-import' job: the stored file is read again, streamed, and its rows (after the header and
 * those already imported by an earlier run) are written in batches of IMPORT_BATCH_ROWS. Each batch first
 * checks the import is still running, so a cancel stops it between batches.
 */
export async function runImport(ctx: AppContext, importId: string): Promise<void> {
  const release = await importSlot();
  try {
    await importRows(ctx, importId);
  } finally {
    release();
  }
}

async function importRows(ctx: AppContext, importId: string): Promise<void> {
  const [row] = await ctx.db.select().from(contactImports).where(eq(contactImports.id, importId));
  if (!row || row.state === 'ready') return;
  if (row.state !== 'queued' && row.state !== 'running') {
    await dropFile(ctx, importId);
    return;
  }
  const claimed = await ctx.db
    .update(contactImports)
    .set({ state: 'running', updatedAt: ctx.clock.now() })
    .where(and(eq(contactImports.id, importId), inArray(contactImports.state, ['queued', 'running'])))
    .returning({ id: contactImports.id });
  if (!claimed.length) {
    // cancelled meanwhile
    await dropFile(ctx, importId);
    return;
  }
  if (!row.fileKey || !row.groupId || !Array.isArray(row.mapping)) {
    throw new PermanentJobError('import without file, group or mapping');
  }
  const plan = planOf(row.mapping as ImportTarget[]);
  const run = new ImportRun(ctx, importId, row.ownerId, plan);
  const file = await openFile(ctx, row.fileKey);
  let outcome: Outcome = 'written';
  try {
    let header = true;
    let index = 0;
    let batch: FileRow[] = [];
    for await (const fileRow of fileRows(file.open, row.fileType)) {
      if (header) {
        header = false;
        continue;
      }
      index++;
      if (index <= row.processedRows) {
        run.remember(fileRow);
        continue;
      }
      batch.push(fileRow);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        outcome = await run.flush(batch, index - batch.length, index);
        if (outcome !== 'written') break;
        batch = [];
      }
    }
    if (outcome === 'written' && batch.length) outcome = await run.flush(batch, index - batch.length, index);
  } finally {
    await file.done();
  }
  // the process that took over reads the file and finishes the import
  if (outcome === 'taken') return;
  if (outcome === 'written') {
    const now = ctx.clock.now();
    await ctx.db
      .update(contactImports)
      .set({ state: 'done', finishedAt: now, updatedAt: now })
      .where(and(eq(contactImports.id, importId), eq(contactImports.state, 'running')));
  }
  await dropFile(ctx, importId);
  if (run.written >= ANALYZE_AFTER_ROWS) await analyzeContacts(ctx);
}

/**
 * Fresh planner statistics after a large import: without them a search of the group is planned for a
 * handful of rows and scans it all (80-200 ms instead of 2-10 for 100,000 contacts). PGlite has no
 * autovacuum, and PostgreSQL's would only come within a minute or so. A sample of 30,000 rows: cheap.
 */
async function analyzeContacts(ctx: AppContext): Promise<void> {
  try {
    await ctx.db.execute(sql`analyze group_contacts`);
  } catch (err) {
    ctx.log.warn({ err }, 'analyze after import failed');
  }
}

/** After the last attempt: the import is failed (unless cancelled meanwhile) and its file removed. */
async function failImport(ctx: AppContext, importId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(contactImports)
    .set({ state: 'failed', error: CONTACT_MESSAGES.importFailed, finishedAt: now, updatedAt: now })
    .where(and(eq(contactImports.id, importId), inArray(contactImports.state, ['queued', 'running'])));
  await dropFile(ctx, importId);
}

export function defineImportJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: IMPORT_JOB,
    run: ({ importId }) => runImport(ctx, importId),
    onFinalFailure: ({ importId }) => failImport(ctx, importId),
  });
}
