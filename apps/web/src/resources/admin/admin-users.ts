import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserDetail,
  AdminUserState,
  SubscriptionAdjustment,
  SubscriptionAdjustmentBody,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { adminAuditKeys } from './admin-audit';
import { adminDashboardKeys } from './admin-dashboard';

/** What the owners' list is narrowed by: name, email or phone, and the state ('' for every owner). */
export interface AdminUserFilter {
  q: string;
  state: AdminUserState | '';
}

/** Rows per page of the owners' list. */
export const ADMIN_USER_PAGE_SIZE = 20;

/** Query keys of the owners as the operator sees them, under ['admin', 'user']: lists and each owner. */
export const adminUserKeys = {
  all: () => ['admin', 'user'] as const,
  lists: () => ['admin', 'user', 'list'] as const,
  list: (filter: AdminUserFilter) => ['admin', 'user', 'list', filter] as const,
  one: (id: string) => ['admin', 'user', 'one', id] as const,
};

const userPath = (id: string, rest = '') => `/admin/user/${encodeURIComponent(id)}${rest}`;

/** GET /admin/user: owners by name, email or phone and by state; 'Lebih Banyak' pages. */
export function useAdminUserPages(filter: AdminUserFilter) {
  return usePagedQuery<AdminUser>(adminUserKeys.list(filter), '/admin/user', {
    limit: ADMIN_USER_PAGE_SIZE,
    q: filter.q || undefined,
    state: filter.state || undefined,
  });
}

/** GET /admin/user/{id}: the owner with numbers, agents, latest purchases and subscription adjustments. */
export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminUserKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminUserDetail>(userPath(id ?? ''), undefined, signal),
    enabled: !!id,
  });
}

/**
 * An operator changed an owner: the owner and the lists are read again (the state may have left a
 * filter), the dashboard's counts go stale, and the audit log has a new entry.
 */
function afterUserChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserKeys.all() }),
    queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all() }),
    queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
  ]);
}

/** POST /admin/user/{id}/disable: the owner can no longer use Sapa; the reason is kept for operators. */
export function useDisableUser() {
  return useMutationThen(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<unknown>(userPath(id, '/disable'), { reason }),
    afterUserChange,
  );
}

/** POST /admin/user/{id}/enable: a disabled owner may use Sapa again. */
export function useEnableUser() {
  return useMutationThen((id: string) => api.post<unknown>(userPath(id, '/enable')), afterUserChange);
}

/** PUT /admin/user/{id}/beta: the beta flag (opens the beta pages of spec §5); shown at once. */
export function useSetBetaUser() {
  return useMutationThen(
    ({ id, isBetaUser }: { id: string; isBetaUser: boolean }) =>
      api.put<unknown>(userPath(id, '/beta'), { isBetaUser }),
    (queryClient, _answer, { id, isBetaUser }) => {
      queryClient.setQueryData<AdminUserDetail>(adminUserKeys.one(id), (old) =>
        old ? { ...old, isBetaUser } : old,
      );
      return afterUserChange(queryClient);
    },
  );
}

/**
 * PUT /admin/user/{id}/subscription: the operator sets the subscription's end (an ISO time with its
 * offset) with the reason kept beside it; answers the adjustment.
 */
export function useAdjustSubscription() {
  return useMutationThen(
    ({ id, body }: { id: string; body: SubscriptionAdjustmentBody }) =>
      api.put<SubscriptionAdjustment>(userPath(id, '/subscription'), body),
    afterUserChange,
  );
}
