import {
  CONTACT_MESSAGES,
  groupContactInput,
  interpolate,
  type ContactGroup,
  type GroupContact,
  type GroupContactInput,
  type Paged,
  type PublicContactInput,
  type PublicContactPatch,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError, parseInput } from '../../lib/errors';
import {
  addContacts,
  deleteContacts,
  getContact,
  listAllContacts,
  listGroupContacts,
  updateContact,
  type AddContactsResult,
} from '../group/contacts';
import { createGroup, deleteGroup, getGroup, listGroups } from '../group/service';
import type { ApiCaller } from './auth';

/*
 * Contacts and groups through the public API, each through the group module's own operations (the
 * same rules and messages as the app's Kontak screens). They are the owner's, not one number's: every
 * number of an owner sends to the same groups (a broadcast from any number picks any group), so any
 * of the owner's numbers' tokens reaches them all, and never another owner's.
 */

interface ListQuery {
  page: number;
  limit: number;
  q?: string | undefined;
}

const searchOf = (query: ListQuery) => ({ page: query.page, limit: query.limit, search: query.q });

/** GET /api/v1/contacts: every group's contacts, or one group's (404 for a group not the owner's). */
export async function listOwnerContacts(
  ctx: AppContext,
  caller: ApiCaller,
  query: ListQuery & { groupId?: string | undefined },
): Promise<Paged<GroupContact>> {
  return query.groupId
    ? listGroupContacts(ctx, caller.actor, query.groupId, searchOf(query))
    : listAllContacts(ctx, caller.actor, searchOf(query));
}

/** A refusal about `contacts.0.<field>` of a one-contact add, told about `<field>` of the body. */
function asSingleContact(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, message]) => [key.replace(/^contacts\.0\./, ''), message]),
  );
  return new AppError(error.code, error.message, fields, error.headers);
}

/** POST /api/v1/contacts: one contact into one of the owner's groups (404 for any other group). */
export async function createContact(
  ctx: AppContext,
  caller: ApiCaller,
  input: PublicContactInput,
): Promise<GroupContact> {
  const { groupId, ...contact } = input;
  let result: AddContactsResult;
  try {
    result = await addContacts(ctx, caller.actor, groupId, [contact]);
  } catch (error) {
    throw asSingleContact(error);
  }
  return result.docs[0]!;
}

/** GET /api/v1/contacts/{id} */
export async function readContact(ctx: AppContext, caller: ApiCaller, id: string): Promise<GroupContact> {
  return getContact(ctx, caller.actor, id);
}

/**
 * The contact's values with the patch's over them; a column named in the patch in another case
 * (`kota` for `Kota`) replaces the old value, so null empties it whatever its spelling.
 */
function mergeValues(
  current: Record<string, string>,
  patch: Record<string, string | number | null>,
): Record<string, string | number | null> {
  const patched = new Set(Object.keys(patch).map((key) => key.trim().toLowerCase()));
  const kept = Object.entries(current).filter(([key]) => !patched.has(key.trim().toLowerCase()));
  return { ...Object.fromEntries(kept), ...patch };
}

/**
 * PATCH /api/v1/contacts/{id}: the fields sent over the contact as it is, checked again whole as the
 * app's edit form is (values against the group's columns), then saved by the app's own update.
 */
export async function patchContact(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
  patch: PublicContactPatch,
): Promise<GroupContact> {
  const current = await getContact(ctx, caller.actor, id);
  const merged: GroupContactInput = parseInput(groupContactInput, {
    name: patch.name ?? current.name,
    phoneNumber: patch.phoneNumber ?? current.phoneNumber,
    values: patch.values ? mergeValues(current.values, patch.values) : current.values,
  });
  return updateContact(ctx, caller.actor, { contactId: current._id, groupId: current.groupId }, merged);
}

/** DELETE /api/v1/contacts/{id} */
export async function removeContact(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
): Promise<{ message: string; deleted: number }> {
  const current = await getContact(ctx, caller.actor, id);
  return removeGroupContact(ctx, caller, current.groupId, current._id);
}

/** DELETE /api/v1/groups/{id}/contacts/{contactId}: 404 unless the contact is of that group. */
export async function removeGroupContact(
  ctx: AppContext,
  caller: ApiCaller,
  groupId: string,
  contactId: string,
): Promise<{ message: string; deleted: number }> {
  const { deleted } = await deleteContacts(ctx, caller.actor, groupId, [contactId]);
  if (!deleted) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.contactNotFound);
  return { message: interpolate(CONTACT_MESSAGES.contactsDeleted, { count: deleted }), deleted };
}

/** POST /api/v1/groups/{id}/contacts: up to 1000 contacts, as the app adds them. */
export async function addGroupContacts(
  ctx: AppContext,
  caller: ApiCaller,
  groupId: string,
  contacts: GroupContactInput[],
): Promise<AddContactsResult & { message: string }> {
  const result = await addContacts(ctx, caller.actor, groupId, contacts);
  return {
    message: interpolate(CONTACT_MESSAGES.contactsAdded, { count: result.added + result.updated }),
    ...result,
  };
}

/** GET /api/v1/groups */
export async function listOwnerGroups(
  ctx: AppContext,
  caller: ApiCaller,
  query: ListQuery,
): Promise<Paged<ContactGroup>> {
  return listGroups(ctx, caller.actor, searchOf(query));
}

/** POST /api/v1/groups */
export async function createOwnerGroup(
  ctx: AppContext,
  caller: ApiCaller,
  input: { name: string },
): Promise<ContactGroup> {
  return createGroup(ctx, caller.actor, input);
}

/** GET /api/v1/groups/{id} */
export async function readGroup(ctx: AppContext, caller: ApiCaller, id: string): Promise<ContactGroup> {
  return getGroup(ctx, caller.actor, id);
}

/** DELETE /api/v1/groups/{id}: the group and its contacts. */
export async function removeGroup(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
): Promise<{ message: string }> {
  await deleteGroup(ctx, caller.actor, id);
  return { message: CONTACT_MESSAGES.groupDeleted };
}
