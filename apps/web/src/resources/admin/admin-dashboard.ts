import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the operator's dashboard, under ['admin', 'dashboard']. */
export const adminDashboardKeys = {
  all: () => ['admin', 'dashboard'] as const,
};

/**
 * GET /admin/dashboard: owners, subscriptions, this month's revenue, what waits for the operator,
 * numbers by channel, revenue by month and messages by day. Counted on the server; read again after
 * a minute when the screen is shown anew.
 */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminDashboardKeys.all(),
    queryFn: ({ signal }) => api.get<AdminDashboard>('/admin/dashboard', undefined, signal),
    staleTime: 60_000,
  });
}
