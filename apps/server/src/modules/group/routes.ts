import type { FastifyInstance } from 'fastify';
import {
  CONTACT_MESSAGES as M,
  addContactsBody,
  addContactsResponse,
  columnBody,
  contactGroup,
  contactGroupPage,
  contactListQuery,
  deleteColumnQuery,
  deleteContactsQuery,
  deleteContactsResponse,
  groupBody,
  groupContact,
  groupContactPage,
  groupContactParams,
  idParams,
  messageResponse,
  renameColumnBody,
  updateContactBody,
  interpolate,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { spreadsheetResponse, type ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { addColumn, deleteColumn, renameColumn } from './columns';
import { addContacts, deleteContacts, listAllContacts, listGroupContacts, updateContact } from './contacts';
import { exportGroup, sendDownload } from './export';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './service';

type IdParams = { Params: { id: string } };
type ContactParams = { Params: { id: string; contactId: string } };

/** The contact's id the older PUT /group/{groupId}/contact call carries in its body. */
function bodyContactId(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { _id, contactId } = body as { _id?: unknown; contactId?: unknown };
  const id = typeof contactId === 'string' && contactId ? contactId : _id;
  return typeof id === 'string' && id ? id : null;
}

/**
 * /api/group: contact groups, their contacts and columns (spec §7 'Groups and contacts'). The whole
 * team reads them (and exports: a read); only the owner changes them (agents get 403 OWNER_ONLY).
 * Static paths (/group/contact, /group/excel/...) win over /group/{id}.
 */
export function groupRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };

    app.get(
      '/group',
      { ...member, schema: { querystring: contactListQuery, response: { 200: contactGroupPage } } },
      async (request) =>
        listGroups(ctx, actorOf(authOf(request)), parseInput(contactListQuery, request.query)),
    );

    app.get(
      '/group/contact',
      { ...member, schema: { querystring: contactListQuery, response: { 200: groupContactPage } } },
      async (request) =>
        listAllContacts(ctx, actorOf(authOf(request)), parseInput(contactListQuery, request.query)),
    );

    app.get<IdParams>(
      '/group/:id',
      { ...member, schema: { params: idParams, response: { 200: contactGroup } } },
      async (request) => getGroup(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.post(
      '/group',
      { ...owner, schema: { body: groupBody, response: { 201: contactGroup } } },
      async (request, reply) => {
        const group = await createGroup(ctx, actorOf(authOf(request)), parseInput(groupBody, request.body));
        return reply.code(201).send(group);
      },
    );

    app.put<IdParams>(
      '/group/:id',
      { ...owner, schema: { params: idParams, body: groupBody, response: { 200: contactGroup } } },
      async (request) =>
        updateGroup(ctx, actorOf(authOf(request)), request.params.id, parseInput(groupBody, request.body)),
    );

    app.delete<IdParams>(
      '/group/:id',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteGroup(ctx, actorOf(authOf(request)), request.params.id);
        return { message: M.groupDeleted };
      },
    );

    // ---- contacts ----

    app.get<IdParams>(
      '/group/:id/contact',
      {
        ...member,
        schema: { params: idParams, querystring: contactListQuery, response: { 200: groupContactPage } },
      },
      async (request) =>
        listGroupContacts(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(contactListQuery, request.query),
        ),
    );

    app.post<IdParams>(
      '/group/:id/contact',
      {
        ...owner,
        schema: { params: idParams, body: addContactsBody, response: { 201: addContactsResponse } },
      },
      async (request, reply) => {
        const { contacts } = parseInput(addContactsBody, request.body);
        const result = await addContacts(ctx, actorOf(authOf(request)), request.params.id, contacts);
        return reply.code(201).send({
          message: interpolate(M.contactsAdded, { count: result.added + result.updated }),
          ...result,
        });
      },
    );

    // The spec's call: the id in the path is the contact's. The older form (a group id, with the
    // contact's id as `_id` or `contactId` in the body) is accepted too.
    app.put<IdParams>(
      '/group/:id/contact',
      { ...owner, schema: { params: idParams, body: updateContactBody, response: { 200: groupContact } } },
      async (request) => {
        const input = parseInput(updateContactBody, request.body);
        const inBody = bodyContactId(request.body);
        return updateContact(
          ctx,
          actorOf(authOf(request)),
          {
            contactId: request.params.id,
            inGroup: inBody ? { groupId: request.params.id, contactId: inBody } : null,
          },
          input,
        );
      },
    );

    app.put<ContactParams>(
      '/group/:id/contact/:contactId',
      {
        ...owner,
        schema: { params: groupContactParams, body: updateContactBody, response: { 200: groupContact } },
      },
      async (request) =>
        updateContact(
          ctx,
          actorOf(authOf(request)),
          { contactId: request.params.contactId, groupId: request.params.id },
          parseInput(updateContactBody, request.body),
        ),
    );

    app.delete<IdParams>(
      '/group/:id/contact',
      {
        ...owner,
        schema: {
          params: idParams,
          querystring: deleteContactsQuery,
          response: { 200: deleteContactsResponse },
        },
      },
      async (request) => {
        const { contactIds } = parseInput(deleteContactsQuery, request.query);
        const { deleted } = await deleteContacts(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          contactIds,
        );
        return { message: interpolate(M.contactsDeleted, { count: deleted }), deleted };
      },
    );

    // ---- columns ----

    app.post<IdParams>(
      '/group/:id/column',
      { ...owner, schema: { params: idParams, body: columnBody, response: { 200: contactGroup } } },
      async (request) =>
        addColumn(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(columnBody, request.body).name,
        ),
    );

    app.put<IdParams>(
      '/group/:id/column',
      { ...owner, schema: { params: idParams, body: renameColumnBody, response: { 200: contactGroup } } },
      async (request) => {
        const { oldName, newName } = parseInput(renameColumnBody, request.body);
        return renameColumn(ctx, actorOf(authOf(request)), request.params.id, oldName, newName);
      },
    );

    app.delete<IdParams>(
      '/group/:id/column',
      {
        ...owner,
        schema: { params: idParams, querystring: deleteColumnQuery, response: { 200: contactGroup } },
      },
      async (request) =>
        deleteColumn(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(deleteColumnQuery, request.query).name,
        ),
    );

    // ---- export (a read: agents may) ----

    app.post<IdParams>(
      '/group/:id/export',
      { ...member, schema: { params: idParams, response: { 200: spreadsheetResponse } } },
      async (request, reply) =>
        sendDownload(reply, await exportGroup(ctx, actorOf(authOf(request)), request.params.id)),
    );
  };
}
