import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  LABEL_MESSAGES,
  type Chat,
  type ChatLabel,
  type Label,
  type LabelInput,
  type Paged,
  type labelListQuery,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { chatLabels } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { removeLabelFromChats } from '../chat/kernel';

type LabelListQuery = z.output<typeof labelListQuery>;

function notFound(): AppError {
  return new AppError('NOT_FOUND', LABEL_MESSAGES.notFound);
}

function nameTaken(): AppError {
  return new AppError('CONFLICT', LABEL_MESSAGES.nameTaken, { name: LABEL_MESSAGES.nameTaken });
}

/**
 * How many of the tenant's chats carry the label: a correlated count the GIN index on
 * chats.label_ids answers (`@>`), for the page of labels being read. Spelled out with qualified
 * names: drizzle leaves columns unqualified in a one-table select, and both tables have owner_id.
 */
const totalColumn =
  sql<number>`(select count(*)::int from "chats" as c where c.owner_id = "chat_labels"."owner_id" and c.label_ids @> array["chat_labels"."id"])`.mapWith(
    Number,
  );

const labelColumns = {
  id: chatLabels.id,
  name: chatLabels.name,
  color: chatLabels.color,
  total: totalColumn,
};

type LabelRow = { id: string; name: string; color: string; total: number };

function toLabel(row: LabelRow): Label {
  return { _id: row.id, name: row.name, color: row.color, total: row.total };
}

/** Alphabetical whatever the case, in byte order so PostgreSQL and PGlite agree whatever their collation. */
const alphabetical = [
  sql`lower(${chatLabels.name}) collate "C"`,
  sql`${chatLabels.name} collate "C"`,
  chatLabels.id,
];

/** GET /chat/label: the tenant's labels alphabetically with their totals, searched by name. */
export async function listLabels(
  ctx: AppContext,
  actor: Actor,
  query: LabelListQuery,
): Promise<Paged<Label>> {
  const where = [eq(chatLabels.ownerId, actor.ownerId)];
  if (query.search) where.push(ilike(chatLabels.name, `%${escapeLike(query.search)}%`));
  const rows = await ctx.db
    .select(labelColumns)
    .from(chatLabels)
    .where(and(...where))
    .orderBy(...alphabetical)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toLabel), hasNextPage: rows.length > query.limit };
}

/**
 * GET /chat/label/ids: the tenant's labels among these ids, in the order asked; ids of deleted
 * labels or of another tenant's are left out.
 */
export async function labelsByIds(ctx: AppContext, actor: Actor, ids: string[]): Promise<{ docs: Label[] }> {
  if (!ids.length) return { docs: [] };
  const rows = await ctx.db
    .select(labelColumns)
    .from(chatLabels)
    .where(and(eq(chatLabels.ownerId, actor.ownerId), inArray(chatLabels.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { docs: ids.flatMap((id) => (byId.has(id) ? [toLabel(byId.get(id)!)] : [])) };
}

async function findLabel(db: Db | Tx, ownerId: string, id: string): Promise<LabelRow | null> {
  const [row] = await db
    .select(labelColumns)
    .from(chatLabels)
    .where(and(eq(chatLabels.id, id), eq(chatLabels.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

/** POST /chat/label: a new label (no conversation has it yet); 409 when the name is taken. */
export async function createLabel(ctx: AppContext, actor: Actor, input: LabelInput): Promise<Label> {
  const now = ctx.clock.now();
  try {
    const [row] = await ctx.db
      .insert(chatLabels)
      .values({
        ownerId: actor.ownerId,
        name: input.name,
        color: input.color,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: chatLabels.id, name: chatLabels.name, color: chatLabels.color });
    return toLabel({ ...row!, total: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** PUT /chat/label/{id}: renames and recolours; chats keep it (they hold its id). */
export async function updateLabel(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: LabelInput,
): Promise<Label> {
  let updated: { id: string }[];
  try {
    updated = await ctx.db
      .update(chatLabels)
      .set({ name: input.name, color: input.color, updatedAt: ctx.clock.now() })
      .where(and(eq(chatLabels.id, id), eq(chatLabels.ownerId, actor.ownerId)))
      .returning({ id: chatLabels.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  const row = updated.length ? await findLabel(ctx.db, actor.ownerId, id) : null;
  if (!row) throw notFound();
  return toLabel(row);
}

/**
 * DELETE /chat/label/{id}: the label and its id in every chat of the tenant go in one transaction.
 * Returns how many chats lost it. Open inboxes are not told: the realtime protocol has only
 * per-chat events, and one per chat could be thousands; they see it on their next list load.
 */
export async function deleteLabel(ctx: AppContext, actor: Actor, id: string): Promise<{ chats: number }> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(chatLabels)
      .where(and(eq(chatLabels.id, id), eq(chatLabels.ownerId, actor.ownerId)))
      .returning({ id: chatLabels.id });
    if (!deleted.length) throw notFound();
    return { chats: await removeLabelFromChats(tx, ctx, { ownerId: actor.ownerId, labelId: id }) };
  });
}

/**
 * The ids among `ids` that are this tenant's labels, first occurrence order, without repeats. For
 * PUT /chat/{id}/contact: ids of deleted labels or of another tenant's are dropped.
 */
export async function validLabelIds(db: Db | Tx, ownerId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => typeof id === 'string' && id.length > 0))];
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: chatLabels.id })
    .from(chatLabels)
    .where(and(eq(chatLabels.ownerId, ownerId), inArray(chatLabels.id, wanted)));
  const found = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => found.has(id));
}

/**
 * Fills each chat's `contact.labels` from its `contact.labelIds` (in that order) with one query for
 * the whole page; ids of labels that no longer exist are dropped from both. Returns new objects.
 */
export async function attachLabels(db: Db | Tx, ownerId: string, list: Chat[]): Promise<Chat[]> {
  const ids = [...new Set(list.flatMap((chat) => chat.contact.labelIds))];
  const rows = ids.length
    ? await db
        .select({ id: chatLabels.id, name: chatLabels.name, color: chatLabels.color })
        .from(chatLabels)
        .where(and(eq(chatLabels.ownerId, ownerId), inArray(chatLabels.id, ids)))
    : [];
  const byId = new Map<string, ChatLabel>(
    rows.map((row) => [row.id, { _id: row.id, name: row.name, color: row.color }]),
  );
  return list.map((chat) => {
    const labelIds = chat.contact.labelIds.filter((id) => byId.has(id));
    return { ...chat, contact: { ...chat.contact, labelIds, labels: labelIds.map((id) => byId.get(id)!) } };
  });
}
