import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTACT_MESSAGES as M,
  type GroupContact,
  type GroupContactInput,
  type Paged,
  interpolate,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contactGroups, groupContacts } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { assertGroup, lockGroup, touchGroup, type ListQuery } from './service';

function contactNotFound(): AppError {
  return new AppError('NOT_FOUND', M.contactNotFound);
}

function phoneTaken(): AppError {
  return new AppError('CONFLICT', M.phoneTaken, { phoneNumber: M.phoneTaken });
}

const contactColumns = {
  id: groupContacts.id,
  name: groupContacts.name,
  phoneNumber: groupContacts.phoneNumber,
  groupId: groupContacts.groupId,
  groupName: contactGroups.name,
  values: groupContacts.values,
  createdAt: groupContacts.createdAt,
  updatedAt: groupContacts.updatedAt,
};

type ContactRow = {
  id: string;
  name: string;
  phoneNumber: string;
  groupId: string;
  groupName: string;
  values: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
};

export function toGroupContact(row: ContactRow): GroupContact {
  return {
    _id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    groupId: row.groupId,
    group: { _id: row.groupId, name: row.groupName },
    values: row.values ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contacts with their group's name; callers add where/order/limit. */
function selectContacts(db: Db | Tx) {
  return db
    .select(contactColumns)
    .from(groupContacts)
    .innerJoin(contactGroups, eq(contactGroups.id, groupContacts.groupId));
}

/** List order, served by the (group_id | owner_id, lower(name), id) indexes. */
export const contactOrder = () => [sql`lower(${groupContacts.name})`, groupContacts.id];

/**
 * The digits a search for a phone number means ('+62 812-34' -> '6281234', '0812' -> '62812'), or
 * null when the text does not look like a number or says nothing more than itself.
 */
export function phoneSearchDigits(search: string): string | null {
  if (!/^\+?[\d\s\-().]+$/.test(search)) return null;
  let digits = search.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `62${digits.replace(/^0+/, '')}`;
  return digits.length >= 3 && digits !== search ? digits : null;
}

/** The smallest string above every string starting with `prefix` (its last character plus one). */
function nextPrefix(prefix: string): string | null {
  const last = prefix.codePointAt(prefix.length - 1);
  if (last === undefined || (last >= 0xd800 && last <= 0xdfff) || last >= 0xffff) return null;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** Searches shorter than this match the start of a name or number rather than anywhere in it. */
const SHORT_SEARCH = 3;

/**
 * Name (any case) or number containing the search, and for a number as people type it its normalised
 * digits too. Spelled as the trigram index's expression, `lower(name) || ' ' || phone_number`, so a
 * search of a large list is an index scan.
 */
export function contactSearch(search: string): SQL {
  const term = search.toLowerCase();
  if (term.length < SHORT_SEARCH) {
    // Too short for trigrams: the start of the name or of the number. The range bounds the name on
    // the list's own (group_id, lower(name), id) index, so the first page is read in order and early.
    const prefix = `${escapeLike(term)}%`;
    const lowerName = sql`lower(${groupContacts.name})`;
    const next = nextPrefix(term);
    const byName = next
      ? sql`(${lowerName} >= ${term} and ${lowerName} < ${next} and ${lowerName} like ${prefix})`
      : sql`${lowerName} like ${prefix}`;
    return /^\d+$/.test(term) ? or(byName, sql`${groupContacts.phoneNumber} like ${prefix}`)! : byName;
  }
  const text = sql`(lower(${groupContacts.name}) || ' ' || ${groupContacts.phoneNumber})`;
  const byText = sql`${text} like ${`%${escapeLike(term)}%`}`;
  const digits = phoneSearchDigits(term);
  return digits ? or(byText, sql`${text} like ${`%${digits}%`}`)! : byText;
}

async function listWhere(ctx: AppContext, where: SQL[], query: ListQuery): Promise<Paged<GroupContact>> {
  const search = query.search?.trim();
  if (search) where.push(contactSearch(search));
  const rows = await selectContacts(ctx.db)
    .where(and(...where))
    .orderBy(...contactOrder())
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toGroupContact), hasNextPage: rows.length > query.limit };
}

/** GET /group/contact: the contacts of all the tenant's groups. */
export async function listAllContacts(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Paged<GroupContact>> {
  return listWhere(
    ctx,
    [eq(groupContacts.ownerId, actor.ownerId), eq(contactGroups.ownerId, actor.ownerId)],
    query,
  );
}

/** GET /group/{id}/contact: the contacts of one group; 404 for a group not the tenant's. */
export async function listGroupContacts(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  query: ListQuery,
): Promise<Paged<GroupContact>> {
  await assertGroup(ctx.db, actor.ownerId, groupId);
  return listWhere(
    ctx,
    [eq(groupContacts.groupId, groupId), eq(groupContacts.ownerId, actor.ownerId)],
    query,
  );
}

/** One contact of the tenant's groups by its id, with its group; 404 for an id not the tenant's. */
export async function getContact(ctx: AppContext, actor: Actor, contactId: string): Promise<GroupContact> {
  const [row] = await selectContacts(ctx.db)
    .where(
      and(
        eq(groupContacts.id, contactId),
        eq(groupContacts.ownerId, actor.ownerId),
        eq(contactGroups.ownerId, actor.ownerId),
      ),
    )
    .limit(1);
  if (!row) throw contactNotFound();
  return toGroupContact(row);
}

/**
 * Values keyed by the group's own spelling of each column; a column the group does not have is
 * refused, naming it. `field` is where the values came from, for the form's error.
 */
export function checkValues(
  columns: string[],
  values: Record<string, string>,
  field: string,
): Record<string, string> {
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = byLower.get(key.trim().toLowerCase());
    if (!column) {
      const message = interpolate(M.unknownColumn, { name: key });
      throw new AppError('VALIDATION', message, { [field]: message });
    }
    out[column] = value;
  }
  return out;
}

export interface AddContactsResult {
  added: number;
  updated: number;
  duplicates: number;
  docs: GroupContact[];
}

/**
 * POST /group/{id}/contact: adds up to 1000 contacts in one transaction. A number already in the group
 * updates that contact (its name, and its values merged); a number given twice is merged (the later
 * wins) and counted in `duplicates`. Docs come in the order first given.
 */
export async function addContacts(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  contacts: GroupContactInput[],
): Promise<AddContactsResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, actor.ownerId, groupId);
    const byPhone = new Map<string, { name: string; values: Record<string, string> }>();
    let duplicates = 0;
    contacts.forEach((contact, i) => {
      const values = checkValues(group.columns, contact.values, `contacts.${i}.values`);
      const earlier = byPhone.get(contact.phoneNumber);
      if (earlier) duplicates += 1;
      byPhone.set(contact.phoneNumber, {
        name: contact.name,
        values: earlier ? { ...earlier.values, ...values } : values,
      });
    });
    const rows = await tx
      .insert(groupContacts)
      .values(
        [...byPhone].map(([phoneNumber, c]) => ({
          ownerId: actor.ownerId,
          groupId: group.id,
          name: c.name,
          phoneNumber,
          values: c.values,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [groupContacts.groupId, groupContacts.phoneNumber],
        set: {
          name: sql`excluded."name"`,
          values: sql`"group_contacts"."values" || excluded."values"`,
          updatedAt: now,
        },
      })
      .returning({
        id: groupContacts.id,
        name: groupContacts.name,
        phoneNumber: groupContacts.phoneNumber,
        groupId: groupContacts.groupId,
        values: groupContacts.values,
        createdAt: groupContacts.createdAt,
        updatedAt: groupContacts.updatedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    await touchGroup(tx, group.id, now);
    const added = rows.filter((row) => row.inserted).length;
    const returned = new Map(rows.map((row) => [row.phoneNumber, row]));
    const docs = [...byPhone.keys()].flatMap((phone) => {
      const row = returned.get(phone);
      return row ? [toGroupContact({ ...row, groupName: group.name })] : [];
    });
    return { added, updated: rows.length - added, duplicates, docs };
  });
}

/** Which contact a PUT names: its id, or (the older call) a group id and the contact's id in the body. */
export interface ContactTarget {
  contactId: string;
  /** the fallback: `contactId` of this group */
  inGroup?: { groupId: string; contactId: string } | null;
  /** the alias PUT /group/{groupId}/contact/{contactId}: the contact must be of this group */
  groupId?: string;
}

async function findContact(
  tx: Tx,
  ownerId: string,
  contactId: string,
  groupId?: string,
): Promise<{ id: string; groupId: string } | null> {
  const where = [eq(groupContacts.id, contactId), eq(groupContacts.ownerId, ownerId)];
  if (groupId) where.push(eq(groupContacts.groupId, groupId));
  const [row] = await tx
    .select({ id: groupContacts.id, groupId: groupContacts.groupId })
    .from(groupContacts)
    .where(and(...where))
    .limit(1);
  return row ?? null;
}

/**
 * PUT /group/{contactId}/contact (and /group/{groupId}/contact/{contactId}): the contact's new name,
 * number and values (which replace its values). 409 when another contact of the group has the number.
 */
export async function updateContact(
  ctx: AppContext,
  actor: Actor,
  target: ContactTarget,
  input: GroupContactInput,
): Promise<GroupContact> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      let found = await findContact(tx, actor.ownerId, target.contactId, target.groupId);
      if (!found && target.inGroup) {
        found = await findContact(tx, actor.ownerId, target.inGroup.contactId, target.inGroup.groupId);
      }
      if (!found) throw contactNotFound();
      const group = await lockGroup(tx, actor.ownerId, found.groupId);
      const values = checkValues(group.columns, input.values, 'values');
      const [clash] = await tx
        .select({ id: groupContacts.id })
        .from(groupContacts)
        .where(
          and(
            eq(groupContacts.groupId, group.id),
            eq(groupContacts.phoneNumber, input.phoneNumber),
            ne(groupContacts.id, found.id),
          ),
        )
        .limit(1);
      if (clash) throw phoneTaken();
      const [row] = await tx
        .update(groupContacts)
        .set({ name: input.name, phoneNumber: input.phoneNumber, values, updatedAt: now })
        .where(and(eq(groupContacts.id, found.id), eq(groupContacts.ownerId, actor.ownerId)))
        .returning({
          id: groupContacts.id,
          name: groupContacts.name,
          phoneNumber: groupContacts.phoneNumber,
          groupId: groupContacts.groupId,
          values: groupContacts.values,
          createdAt: groupContacts.createdAt,
          updatedAt: groupContacts.updatedAt,
        });
      await touchGroup(tx, group.id, now);
      return toGroupContact({ ...row!, groupName: group.name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
}

/** DELETE /group/{id}/contact?contactIds=: removes those of the ids that are contacts of the group. */
export async function deleteContacts(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  ids: string[],
): Promise<{ deleted: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, actor.ownerId, groupId);
    const deleted = await tx
      .delete(groupContacts)
      .where(
        and(
          eq(groupContacts.groupId, group.id),
          eq(groupContacts.ownerId, actor.ownerId),
          inArray(groupContacts.id, ids),
        ),
      )
      .returning({ id: groupContacts.id });
    if (deleted.length) await touchGroup(tx, group.id, now);
    return { deleted: deleted.length };
  });
}
