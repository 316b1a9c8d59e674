import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  CONTACT_LIMITS,
  type AddContactsResult,
  type ContactGroup,
  type GroupBody,
  type GroupContact,
  type GroupContactInput,
  type MessageResponse,
  type Paged,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { downloadApiFile, safeFileName } from '../../lib/api-download';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';

/**
 * Query keys of contact groups. Everything about groups sits under ['group'] and is read again after
 * any change (an import, a new column, deleted contacts change counts everywhere).
 */
export const groupKeys = {
  all: () => ['group'] as const,
  list: (search: string) => ['group', 'list', search] as const,
  picker: (search: string) => ['group', 'picker', search] as const,
  one: (id: string) => ['group', 'one', id] as const,
  contacts: (groupId: string) => ['group', 'contacts', groupId] as const,
  contactList: (groupId: string, search: string) => ['group', 'contacts', groupId, search] as const,
  /** every group's contacts in one list (the start-chat picker) */
  contactPicker: () => ['group', 'contact-picker'] as const,
};

const groupPath = (id: string, rest = '') => `/group/${encodeURIComponent(id)}${rest}`;

/** A Kontak list's page size and search. */
const pageQuery = (search: string) => ({ limit: CONTACT_LIMITS.pageSize, search: search || undefined });

export function refreshGroups(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: groupKeys.all() });
}

// ---- groups ----

/** GET /group: 20 a page, searched by name; 'Lebih Banyak' loads the next page. */
export function useGroupPages(search: string) {
  return usePagedQuery<ContactGroup>(groupKeys.list(search), '/group', pageQuery(search));
}

/** GET /group for a picker: the first 50 groups matching the search. */
export function useGroupPicker(search: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.picker(search),
    queryFn: ({ signal }) =>
      api.get<Paged<ContactGroup>>('/group', { page: 1, limit: 50, search: search || undefined }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /group/{id}: its name, columns and count. */
export function useGroup(id: string) {
  return useQuery({
    queryKey: groupKeys.one(id),
    queryFn: ({ signal }) => api.get<ContactGroup>(groupPath(id), undefined, signal),
    retry: false,
  });
}

/** POST /group (new) or PUT /group/{id} (rename); owner only. */
export function useSaveGroup() {
  return useMutationThen(
    ({ id, body }: { id: string | null; body: GroupBody }) =>
      id ? api.put<ContactGroup>(groupPath(id), body) : api.post<ContactGroup>('/group', body),
    refreshGroups,
  );
}

/** DELETE /group/{id}: the group and its contacts; owner only. */
export function useDeleteGroup() {
  return useMutationThen((id: string) => api.delete<MessageResponse>(groupPath(id)), refreshGroups);
}

// ---- contacts of a group ----

/** GET /group/{id}/contact: 20 a page, searched by name or number. */
export function useGroupContactPages(groupId: string, search: string, enabled = true) {
  return usePagedQuery<GroupContact>(
    groupKeys.contactList(groupId, search),
    groupPath(groupId, '/contact'),
    pageQuery(search),
    enabled,
  );
}

/** POST /group/{id}/contact with one contact (a number already in the group updates that contact). */
export function useAddContact(groupId: string) {
  return useMutationThen(
    (contact: GroupContactInput) =>
      api.post<AddContactsResult>(groupPath(groupId, '/contact'), { contacts: [contact] }),
    refreshGroups,
  );
}

/** PUT /group/{groupId}/contact/{contactId}: the values replace the contact's values. */
export function useUpdateContact(groupId: string) {
  return useMutationThen(
    ({ id, contact }: { id: string; contact: GroupContactInput }) =>
      api.put<GroupContact>(groupPath(groupId, `/contact/${encodeURIComponent(id)}`), contact),
    refreshGroups,
  );
}

/** DELETE /group/{id}/contact?contactIds=a,b, in batches of the server's maximum. */
export function useDeleteContacts(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let deleted = 0;
      let message = '';
      for (let i = 0; i < ids.length; i += CONTACT_LIMITS.contactIdsPerRequest) {
        const batch = ids.slice(i, i + CONTACT_LIMITS.contactIdsPerRequest);
        const answer = await api.delete<{ message: string; deleted: number }>(
          groupPath(groupId, '/contact'),
          { contactIds: batch.join(',') },
        );
        deleted += answer.deleted;
        message = answer.message;
      }
      return { deleted, message };
    },
    onSettled: () => refreshGroups(queryClient),
  });
}

// ---- columns ----

export type ColumnChange =
  | { type: 'add'; name: string }
  | { type: 'rename'; oldName: string; newName: string }
  | { type: 'delete'; name: string };

/** POST, PUT or DELETE /group/{id}/column; each answers the group with its new columns. */
export function useColumnChange(groupId: string) {
  return useMutationThen(
    (change: ColumnChange) => {
      const path = groupPath(groupId, '/column');
      if (change.type === 'add') return api.post<ContactGroup>(path, { name: change.name });
      if (change.type === 'rename')
        return api.put<ContactGroup>(path, { oldName: change.oldName, newName: change.newName });
      return api.delete<ContactGroup>(path, { name: change.name });
    },
    (queryClient, group) => {
      queryClient.setQueryData(groupKeys.one(groupId), group);
      return refreshGroups(queryClient);
    },
  );
}

/** POST /group/{id}/export: the group's contacts as '<group name>.xlsx'. */
export function exportGroup(group: Pick<ContactGroup, '_id' | 'name'>): Promise<void> {
  return downloadApiFile(groupPath(group._id, '/export'), `${safeFileName(group.name, 'grup')}.xlsx`, {
    method: 'POST',
  });
}
