import type { FastifyInstance } from 'fastify';
import {
  addContactsBody,
  addContactsResponse,
  contactGroup,
  contactGroupPage,
  groupBody,
  groupContact,
  groupContactPage,
  groupContactParams,
  idParams,
  messageResponse,
  publicContactBody,
  publicContactListQuery,
  publicContactPatchBody,
  publicDeletedContacts,
  publicListQuery,
  publicPostHeaders,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { callerOf } from './auth';
import {
  addGroupContacts,
  createContact,
  createOwnerGroup,
  listOwnerContacts,
  listOwnerGroups,
  patchContact,
  readContact,
  readGroup,
  removeContact,
  removeGroup,
  removeGroupContact,
} from './contacts';
import { idempotent } from './idempotency';
import { operation } from './operations';
import type { PublicGuard } from './routes';

type IdParams = { Params: { id: string } };
type ContactParams = { Params: { id: string; contactId: string } };

/**
 * /api/v1/contacts and /api/v1/groups: the owner's contact groups and their contacts, through the
 * group module's operations (contacts.ts). Refusals are the app's own ('Nomor Telepon tidak valid').
 */
export function contactRoutes(fastify: FastifyInstance, ctx: AppContext, guard: PublicGuard): void {
  const app = fastify.withTypeProvider<ContractTypeProvider>();

  app.get(
    '/v1/contacts',
    {
      ...guard,
      schema: {
        ...operation('listContacts'),
        querystring: publicContactListQuery,
        response: { 200: groupContactPage },
      },
    },
    async (request) =>
      listOwnerContacts(ctx, callerOf(request), parseInput(publicContactListQuery, request.query)),
  );

  app.post(
    '/v1/contacts',
    {
      ...guard,
      schema: {
        ...operation('createContact'),
        headers: publicPostHeaders,
        body: publicContactBody,
        response: { 201: groupContact },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = parseInput(publicContactBody, request.body);
      return idempotent(ctx, caller.account.id, request, reply, async () => ({
        status: 201,
        body: await createContact(ctx, caller, input),
      }));
    },
  );

  app.get<IdParams>(
    '/v1/contacts/:id',
    { ...guard, schema: { ...operation('getContact'), params: idParams, response: { 200: groupContact } } },
    async (request) => readContact(ctx, callerOf(request), request.params.id),
  );

  app.patch<IdParams>(
    '/v1/contacts/:id',
    {
      ...guard,
      schema: {
        ...operation('updateContact'),
        params: idParams,
        body: publicContactPatchBody,
        response: { 200: groupContact },
      },
    },
    async (request) =>
      patchContact(
        ctx,
        callerOf(request),
        request.params.id,
        parseInput(publicContactPatchBody, request.body),
      ),
  );

  app.delete<IdParams>(
    '/v1/contacts/:id',
    {
      ...guard,
      schema: { ...operation('deleteContact'), params: idParams, response: { 200: publicDeletedContacts } },
    },
    async (request) => removeContact(ctx, callerOf(request), request.params.id),
  );

  app.get(
    '/v1/groups',
    {
      ...guard,
      schema: {
        ...operation('listGroups'),
        querystring: publicListQuery,
        response: { 200: contactGroupPage },
      },
    },
    async (request) => listOwnerGroups(ctx, callerOf(request), parseInput(publicListQuery, request.query)),
  );

  app.post(
    '/v1/groups',
    {
      ...guard,
      schema: {
        ...operation('createGroup'),
        headers: publicPostHeaders,
        body: groupBody,
        response: { 201: contactGroup },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = parseInput(groupBody, request.body);
      return idempotent(ctx, caller.account.id, request, reply, async () => ({
        status: 201,
        body: await createOwnerGroup(ctx, caller, input),
      }));
    },
  );

  app.get<IdParams>(
    '/v1/groups/:id',
    { ...guard, schema: { ...operation('getGroup'), params: idParams, response: { 200: contactGroup } } },
    async (request) => readGroup(ctx, callerOf(request), request.params.id),
  );

  app.delete<IdParams>(
    '/v1/groups/:id',
    {
      ...guard,
      schema: { ...operation('deleteGroup'), params: idParams, response: { 200: messageResponse } },
    },
    async (request) => removeGroup(ctx, callerOf(request), request.params.id),
  );

  app.post<IdParams>(
    '/v1/groups/:id/contacts',
    {
      ...guard,
      schema: {
        ...operation('addGroupContacts'),
        params: idParams,
        headers: publicPostHeaders,
        body: addContactsBody,
        response: { 201: addContactsResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { contacts } = parseInput(addContactsBody, request.body);
      return idempotent(ctx, caller.account.id, request, reply, async () => ({
        status: 201,
        body: await addGroupContacts(ctx, caller, request.params.id, contacts),
      }));
    },
  );

  app.delete<ContactParams>(
    '/v1/groups/:id/contacts/:contactId',
    {
      ...guard,
      schema: {
        ...operation('removeGroupContact'),
        params: groupContactParams,
        response: { 200: publicDeletedContacts },
      },
    },
    async (request) =>
      removeGroupContact(ctx, callerOf(request), request.params.id, request.params.contactId),
  );
}
