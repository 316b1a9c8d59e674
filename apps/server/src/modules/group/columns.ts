import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CONTACT_LIMITS, CONTACT_MESSAGES as M, type ContactGroup, interpolate } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contactGroups, groupContacts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { getGroup, lockGroup } from './service';

function columnNameTaken(field: string): AppError {
  return new AppError('CONFLICT', M.columnNameTaken, { [field]: M.columnNameTaken });
}

function columnNotFound(field: string): AppError {
  return new AppError('NOT_FOUND', M.columnNotFound, { [field]: M.columnNotFound });
}

/** Where the column is among the group's (any case), or -1. */
function columnIndex(columns: string[], name: string): number {
  const lower = name.toLowerCase();
  return columns.findIndex((c) => c.toLowerCase() === lower);
}

async function saveColumns(tx: Tx, groupId: string, columns: string[], now: Date): Promise<void> {
  await tx.update(contactGroups).set({ columns, updatedAt: now }).where(eq(contactGroups.id, groupId));
}

/** Rewrites `values` of the group's contacts that hold `column`. */
async function updateContactsWithColumn(
  tx: Tx,
  ownerId: string,
  groupId: string,
  column: string,
  values: SQL,
  now: Date,
): Promise<void> {
  await tx
    .update(groupContacts)
    .set({ values, updatedAt: now })
    .where(
      and(
        eq(groupContacts.groupId, groupId),
        eq(groupContacts.ownerId, ownerId),
        sql`${groupContacts.values} ? ${column}::text`,
      ),
    );
}

/** POST /group/{id}/column: a new column at the end; 409 when the group has it (any case). */
export async function addColumn(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  name: string,
): Promise<ContactGroup> {
  await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, actor.ownerId, groupId);
    if (columnIndex(group.columns, name) >= 0) throw columnNameTaken('name');
    if (group.columns.length >= CONTACT_LIMITS.columnsPerGroup) {
      const message = interpolate(M.columnsTooMany, { max: CONTACT_LIMITS.columnsPerGroup });
      throw new AppError('VALIDATION', message, { name: message });
    }
    await saveColumns(tx, group.id, [...group.columns, name], ctx.clock.now());
  });
  return getGroup(ctx, actor, groupId);
}

/**
 * PUT /group/{id}/column: renames a column in place and moves every contact's value to the new name,
 * in one transaction. Changing only the case is a rename too.
 */
export async function renameColumn(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  oldName: string,
  newName: string,
): Promise<ContactGroup> {
  await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, actor.ownerId, groupId);
    const at = columnIndex(group.columns, oldName);
    if (at < 0) throw columnNotFound('oldName');
    const other = columnIndex(group.columns, newName);
    if (other >= 0 && other !== at) throw columnNameTaken('newName');
    const old = group.columns[at]!;
    if (old === newName) return;
    const now = ctx.clock.now();
    await saveColumns(tx, group.id, group.columns.with(at, newName), now);
    await updateContactsWithColumn(
      tx,
      actor.ownerId,
      group.id,
      old,
      sql`(${groupContacts.values} - ${old}::text) || jsonb_build_object(${newName}::text, ${groupContacts.values} -> ${old}::text)`,
      now,
    );
  });
  return getGroup(ctx, actor, groupId);
}

/** DELETE /group/{id}/column?name=: the column and every contact's value in it, in one transaction. */
export async function deleteColumn(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  name: string,
): Promise<ContactGroup> {
  await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, actor.ownerId, groupId);
    const at = columnIndex(group.columns, name);
    if (at < 0) throw columnNotFound('name');
    const column = group.columns[at]!;
    const now = ctx.clock.now();
    await saveColumns(
      tx,
      group.id,
      group.columns.filter((_, i) => i !== at),
      now,
    );
    await updateContactsWithColumn(
      tx,
      actor.ownerId,
      group.id,
      column,
      sql`${groupContacts.values} - ${column}::text`,
      now,
    );
  });
  return getGroup(ctx, actor, groupId);
}
