import fs from 'node:fs';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  ATTACHMENT_MESSAGES,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactImport,
  type ImportTarget,
  type startImportBody,
  interpolate,
} from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import type { JobName } from '../../../jobs/kinds';
import { contactGroups, contactImports } from '../../../db/schema';
import { isUniqueViolation } from '../../../db/sql';
import { AppError } from '../../../lib/errors';
import { mediaStore, receiveUpload, sanitiseName, type UploadMessages } from '../../media/service';
import { recordWithinQuota, sizedKey } from '../../media/quota';
import { inspectFile, type ImportFileType } from './read';

type ImportRow = typeof contactImports.$inferSelect;

/** The job that imports the rows of a started import (job.ts). */
export const IMPORT_JOB = 'contact-import' satisfies JobName;
type StartImportInput = z.output<typeof startImportBody>;

const UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: CONTACT_MESSAGES.importTooLarge,
  fileRequired: CONTACT_MESSAGES.importFileRequired,
  uploadFailed: ATTACHMENT_MESSAGES.uploadFailed,
};

export const FILE_MIMETYPES: Record<ImportFileType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

export function importNotFound(): AppError {
  return new AppError('NOT_FOUND', CONTACT_MESSAGES.importNotFound);
}

// ---- the view ----

const viewColumns = {
  row: contactImports,
  groupName: contactGroups.name,
};

function toView(row: ImportRow, groupName: string | null): ContactImport {
  return {
    _id: row.id,
    state: row.state,
    fileName: row.fileName,
    headers: row.headers,
    preview: row.preview,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    added: row.added,
    updated: row.updated,
    duplicates: row.duplicates,
    refused: row.refused,
    group: row.groupId && groupName !== null ? { _id: row.groupId, name: groupName } : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** One import of the tenant with its group's name; NOT_FOUND for an unknown id or another tenant's. */
export async function findImport(db: Db | Tx, ownerId: string, id: string): Promise<ContactImport> {
  const [found] = await db
    .select(viewColumns)
    .from(contactImports)
    .leftJoin(contactGroups, eq(contactGroups.id, contactImports.groupId))
    .where(and(eq(contactImports.id, id), eq(contactImports.ownerId, ownerId)))
    .limit(1);
  if (!found) throw importNotFound();
  return toView(found.row, found.groupName);
}

/** GET /group/excel/contact/{id}: an import's preview, or its progress and summary. */
export async function getImport(ctx: AppContext, ownerId: string, id: string): Promise<ContactImport> {
  return findImport(ctx.db, ownerId, id);
}

/** GET /group/excel/contact?limit=: the tenant's latest imports, newest first. */
export async function listImports(
  ctx: AppContext,
  ownerId: string,
  limit: number,
): Promise<{ docs: ContactImport[] }> {
  const rows = await ctx.db
    .select(viewColumns)
    .from(contactImports)
    .leftJoin(contactGroups, eq(contactGroups.id, contactImports.groupId))
    .where(eq(contactImports.ownerId, ownerId))
    .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
    .limit(limit);
  return { docs: rows.map((r) => toView(r.row, r.groupName)) };
}

// ---- upload ----

/**
 * Keys of import files: random like media keys, but no media_files row, so never served. The key
 * carries the file's size, which counts in the owner's storage quota while the file is kept.
 */
function newFileKey(type: ImportFileType, size: number): string {
  return sizedKey(type, size);
}

/**
 * POST /group/excel/contact: the uploaded file (multipart `file`, 10 MiB) is read once whole to
 * validate it, count its rows and keep its header and first rows, then stored for the import job,
 * within the owner's storage quota (STORAGE_FULL past it). A refused file leaves nothing behind.
 */
export async function uploadImport(
  ctx: AppContext,
  ownerId: string,
  request: FastifyRequest,
): Promise<ContactImport> {
  const upload = await receiveUpload(ctx, request, UPLOAD_MESSAGES, ownerId);
  try {
    if (upload.size === 0) throw new AppError('VALIDATION', CONTACT_MESSAGES.importFileEmpty);
    const fileName = sanitiseName(upload.filename || 'kontak');
    const file = await inspectFile(upload.file, fileName, upload.mimetype);
    const key = newFileKey(file.type, upload.size);
    const store = mediaStore(ctx);
    await store.put(key, upload.file, FILE_MIMETYPES[file.type]);
    try {
      const now = ctx.clock.now();
      // the owner's storage quota is checked with the row's insert, atomically
      const [row] = await recordWithinQuota(ctx, ownerId, upload.size, (tx) =>
        tx
          .insert(contactImports)
          .values({
            ownerId,
            state: 'ready',
            fileKey: key,
            fileName,
            fileType: file.type,
            headers: file.headers,
            preview: file.preview,
            totalRows: file.totalRows,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      return toView(row!, null);
    } catch (error) {
      await store
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, 'import file cleanup failed'));
      throw error;
    }
  } finally {
    // gone already when the store moved it
    await fs.promises.rm(upload.file, { force: true });
  }
}

// ---- start ----

/** The group's columns with the mapping's new ones added (existing spellings kept, any case). */
function mergeColumns(
  existing: string[],
  mapping: ImportTarget[],
): { columns: string[]; mapping: ImportTarget[] } {
  const columns = [...existing];
  const byLower = new Map(columns.map((name) => [name.toLowerCase(), name]));
  const resolved = mapping.map((target): ImportTarget => {
    if (target.target !== 'column') return target;
    let name = byLower.get(target.column.toLowerCase());
    if (!name) {
      name = target.column;
      columns.push(name);
      byLower.set(name.toLowerCase(), name);
    }
    return { target: 'column', column: name };
  });
  return { columns, mapping: resolved };
}

/**
 * POST /group/excel/contact/{id}/start: the mapping and the group (an existing one, or a new one by
 * name), the group's new columns and the job, in one transaction; the job runs after commit.
 */
export async function startImport(
  ctx: AppContext,
  ownerId: string,
  id: string,
  input: StartImportInput,
): Promise<ContactImport> {
  const view = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(contactImports)
      .where(and(eq(contactImports.id, id), eq(contactImports.ownerId, ownerId)))
      .for('update');
    if (!row) throw importNotFound();
    if (row.state !== 'ready') throw new AppError('CONFLICT', CONTACT_MESSAGES.importNotReady);
    if (input.mapping.length !== row.headers.length) {
      throw new AppError('VALIDATION', CONTACT_MESSAGES.importMappingLength, {
        mapping: CONTACT_MESSAGES.importMappingLength,
      });
    }
    const now = ctx.clock.now();
    let group: { id: string; name: string; columns: string[] } | undefined;
    if (input.groupId) {
      [group] = await tx
        .select({ id: contactGroups.id, name: contactGroups.name, columns: contactGroups.columns })
        .from(contactGroups)
        .where(and(eq(contactGroups.id, input.groupId), eq(contactGroups.ownerId, ownerId)))
        .for('update');
      if (!group) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.groupNotFound);
    } else {
      const name = input.groupName!;
      const taken = () =>
        new AppError('CONFLICT', CONTACT_MESSAGES.groupNameTaken, {
          groupName: CONTACT_MESSAGES.groupNameTaken,
        });
      const [existing] = await tx
        .select({ id: contactGroups.id })
        .from(contactGroups)
        .where(and(eq(contactGroups.ownerId, ownerId), sql`lower(${contactGroups.name}) = lower(${name})`))
        .limit(1);
      if (existing) throw taken();
      try {
        [group] = await tx
          .insert(contactGroups)
          .values({ ownerId, name, columns: [], createdAt: now, updatedAt: now })
          .returning({ id: contactGroups.id, name: contactGroups.name, columns: contactGroups.columns });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    }
    const merged = mergeColumns(group!.columns, input.mapping);
    if (merged.columns.length !== group!.columns.length) {
      if (merged.columns.length > CONTACT_LIMITS.columnsPerGroup) {
        const message = interpolate(CONTACT_MESSAGES.columnsTooMany, { max: CONTACT_LIMITS.columnsPerGroup });
        throw new AppError('VALIDATION', message, { mapping: message });
      }
      await tx
        .update(contactGroups)
        .set({ columns: merged.columns, updatedAt: now })
        .where(eq(contactGroups.id, group!.id));
    }
    const [updated] = await tx
      .update(contactImports)
      .set({ mapping: merged.mapping, groupId: group!.id, state: 'queued', updatedAt: now })
      .where(eq(contactImports.id, id))
      .returning();
    await ctx.jobs.enqueue(tx, IMPORT_JOB, { importId: id }, { dedupeKey: `${IMPORT_JOB}:${id}` });
    return toView(updated!, group!.name);
  });
  ctx.jobs.wake();
  return view;
}

// ---- cancel ----

/** Removes an import's file from the store (once its row no longer points at it). */
export async function removeImportFile(ctx: AppContext, key: string | null): Promise<void> {
  if (!key) return;
  await mediaStore(ctx)
    .delete(key)
    .catch((err: unknown) => ctx.log.warn({ err, key }, 'import file removal failed'));
}

/** An import uploaded and not started for this long is deleted with its file (housekeeping). */
export const UNSTARTED_IMPORT_MS = 60 * 60 * 1000;

/**
 * Deletes the imports uploaded more than UNSTARTED_IMPORT_MS ago and never started (still 'ready'),
 * rows and files, so that abandoned uploads do not hold the owner's storage; returns how many. An
 * import started meanwhile is no longer 'ready' and stays (startImport holds its row).
 */
export async function removeUnstartedImports(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UNSTARTED_IMPORT_MS);
  const removed = await ctx.db
    .delete(contactImports)
    .where(and(eq(contactImports.state, 'ready'), lt(contactImports.createdAt, cutoff)))
    .returning({ fileKey: contactImports.fileKey });
  for (const { fileKey } of removed) await removeImportFile(ctx, fileKey);
  return removed.length;
}

/**
 * POST /group/excel/contact/{id}/cancel: an import not started, waiting or running stops; what the
 * job has already done stays. A running job sees it before its next batch and removes the file then.
 */
export async function cancelImport(ctx: AppContext, ownerId: string, id: string): Promise<ContactImport> {
  const dropped = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: contactImports.state, fileKey: contactImports.fileKey })
      .from(contactImports)
      .where(and(eq(contactImports.id, id), eq(contactImports.ownerId, ownerId)))
      .for('update');
    if (!row) throw importNotFound();
    if (row.state !== 'ready' && row.state !== 'queued' && row.state !== 'running') {
      throw new AppError('CONFLICT', CONTACT_MESSAGES.importNotRunning);
    }
    // the running job is reading the file; it removes it when it stops
    const drop = row.state !== 'running';
    const now = ctx.clock.now();
    await tx
      .update(contactImports)
      .set({
        state: 'cancelled',
        finishedAt: now,
        updatedAt: now,
        ...(drop ? { fileKey: null } : {}),
      })
      .where(eq(contactImports.id, id));
    return drop ? row.fileKey : null;
  });
  await removeImportFile(ctx, dropped);
  return findImport(ctx.db, ownerId, id);
}
