import { and, eq, ilike, sql } from 'drizzle-orm';
import {
  CONTACT_MESSAGES as M,
  type ContactGroup,
  type Paged,
  type contactListQuery,
  type groupBody,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contactGroups } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';

export type ListQuery = z.output<typeof contactListQuery>;
type GroupInput = z.output<typeof groupBody>;

export function groupNotFound(): AppError {
  return new AppError('NOT_FOUND', M.groupNotFound);
}

function groupNameTaken(): AppError {
  return new AppError('CONFLICT', M.groupNameTaken, { name: M.groupNameTaken });
}

/**
 * How many contacts the group has: a correlated count over the (group_id, lower(name), id) index.
 * Qualified by hand: drizzle leaves columns unqualified in a one-table select.
 */
const totalColumn =
  sql<number>`(select count(*)::int from "group_contacts" as gc where gc.group_id = "contact_groups"."id")`.mapWith(
    Number,
  );

const groupColumns = {
  id: contactGroups.id,
  name: contactGroups.name,
  columns: contactGroups.columns,
  total: totalColumn,
  createdAt: contactGroups.createdAt,
  updatedAt: contactGroups.updatedAt,
};

export type GroupRow = {
  id: string;
  name: string;
  columns: string[];
  total: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toGroup(row: GroupRow): ContactGroup {
  return {
    _id: row.id,
    name: row.name,
    columns: row.columns ?? [],
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Alphabetical whatever the case, in byte order so PostgreSQL and PGlite agree whatever their collation. */
const alphabetical = [
  sql`lower(${contactGroups.name}) collate "C"`,
  sql`${contactGroups.name} collate "C"`,
  contactGroups.id,
];

/** GET /group: the tenant's groups alphabetically with their contact counts, searched by name. */
export async function listGroups(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Paged<ContactGroup>> {
  const where = [eq(contactGroups.ownerId, actor.ownerId)];
  if (query.search) where.push(ilike(contactGroups.name, `%${escapeLike(query.search)}%`));
  const rows = await ctx.db
    .select(groupColumns)
    .from(contactGroups)
    .where(and(...where))
    .orderBy(...alphabetical)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toGroup), hasNextPage: rows.length > query.limit };
}

/** The tenant's group with its total, or null (unknown id, or another tenant's). */
export async function findGroup(db: Db | Tx, ownerId: string, id: string): Promise<GroupRow | null> {
  const [row] = await db
    .select(groupColumns)
    .from(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

/** 404 unless the group is the tenant's; cheaper than requireGroup (no count), for list paths. */
export async function assertGroup(db: Db | Tx, ownerId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, ownerId)))
    .limit(1);
  if (!row) throw groupNotFound();
}

/** The tenant's group or 404. */
export async function requireGroup(db: Db | Tx, ownerId: string, id: string): Promise<GroupRow> {
  const row = await findGroup(db, ownerId, id);
  if (!row) throw groupNotFound();
  return row;
}

/**
 * The tenant's group locked for this transaction (its columns cannot change under a write that
 * checks values against them), or 404.
 */
export async function lockGroup(
  tx: Tx,
  ownerId: string,
  id: string,
): Promise<{ id: string; name: string; columns: string[] }> {
  const [row] = await tx
    .select({ id: contactGroups.id, name: contactGroups.name, columns: contactGroups.columns })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, ownerId)))
    .for('update');
  if (!row) throw groupNotFound();
  return { ...row, columns: row.columns ?? [] };
}

/** Marks the group as changed (its contacts or columns). */
export async function touchGroup(tx: Tx, groupId: string, now: Date): Promise<void> {
  await tx.update(contactGroups).set({ updatedAt: now }).where(eq(contactGroups.id, groupId));
}

/** GET /group/{id} */
export async function getGroup(ctx: AppContext, actor: Actor, id: string): Promise<ContactGroup> {
  return toGroup(await requireGroup(ctx.db, actor.ownerId, id));
}

/** POST /group: a new empty group; 409 when the tenant already has the name (any case). */
export async function createGroup(ctx: AppContext, actor: Actor, input: GroupInput): Promise<ContactGroup> {
  const now = ctx.clock.now();
  try {
    const [row] = await ctx.db
      .insert(contactGroups)
      .values({ ownerId: actor.ownerId, name: input.name, columns: [], createdAt: now, updatedAt: now })
      .returning({
        id: contactGroups.id,
        name: contactGroups.name,
        columns: contactGroups.columns,
        createdAt: contactGroups.createdAt,
        updatedAt: contactGroups.updatedAt,
      });
    return toGroup({ ...row!, total: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken();
    throw error;
  }
}

/** PUT /group/{id}: renames; its own name in another case is allowed. */
export async function updateGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: GroupInput,
): Promise<ContactGroup> {
  let updated: { id: string }[];
  try {
    updated = await ctx.db
      .update(contactGroups)
      .set({ name: input.name, updatedAt: ctx.clock.now() })
      .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, actor.ownerId)))
      .returning({ id: contactGroups.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken();
    throw error;
  }
  if (!updated.length) throw groupNotFound();
  return getGroup(ctx, actor, id);
}

/** DELETE /group/{id}: the group and (by cascade) its contacts. */
export async function deleteGroup(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, actor.ownerId)))
    .returning({ id: contactGroups.id });
  if (!deleted.length) throw groupNotFound();
}
