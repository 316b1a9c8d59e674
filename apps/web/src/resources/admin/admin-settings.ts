import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdminProfile,
  BillingSettings,
  CreateOperatorBody,
  Operator,
  PaymentSettingsBody,
  PaymentSettingsView,
  SiteSettings,
  UpdateAdminBody,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen } from '../../lib/query-hooks';
import { ADMIN_PROFILE_KEY } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session-store';
import { adminAuditKeys } from './admin-audit';

/**
 * Query keys of the operator's settings, under ['admin', ...]: plans and prices (with the affiliate
 * programme), payment methods, the site's beta pages and links, and the operators.
 */
export const adminSettingKeys = {
  billing: () => ['admin', 'billing'] as const,
  payment: () => ['admin', 'payment'] as const,
  site: () => ['admin', 'setting', 'site'] as const,
  operators: () => ['admin', 'operator'] as const,
};

/** Every operator write adds an entry to the audit log. */
function audited(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() });
}

/** PATCH /admin: the signed-in operator's name, username or password; the session shows the new profile. */
export function useUpdateAdminProfile() {
  return useMutationThen(
    (body: UpdateAdminBody) => api.patch<AdminProfile>('/admin', body),
    (queryClient, admin) => {
      queryClient.setQueryData(ADMIN_PROFILE_KEY, admin);
      sessionStore.setAdmin(admin);
      audited(queryClient);
    },
  );
}

/** GET /admin/billing: plans, durations, trial, PPN and the affiliate programme, as one document. */
export function useBillingSettings() {
  return useQuery({
    queryKey: adminSettingKeys.billing(),
    queryFn: ({ signal }) => api.get<BillingSettings>('/admin/billing', undefined, signal),
  });
}

/** PUT /admin/billing: the whole document replaced; the answer is the new copy. */
export function useSaveBillingSettings() {
  return useMutationThen(
    (body: BillingSettings) => api.put<BillingSettings>('/admin/billing', body),
    (queryClient, saved) => {
      queryClient.setQueryData(adminSettingKeys.billing(), saved);
      audited(queryClient);
    },
  );
}

/** GET /admin/payment: the bank accounts and Midtrans (its server key only as set or not). */
export function usePaymentSettings() {
  return useQuery({
    queryKey: adminSettingKeys.payment(),
    queryFn: ({ signal }) => api.get<PaymentSettingsView>('/admin/payment', undefined, signal),
  });
}

/** PUT /admin/payment: an empty or missing server key keeps the stored one; `midtrans: null` turns it off. */
export function useSavePaymentSettings() {
  return useMutationThen(
    (body: PaymentSettingsBody) => api.put<PaymentSettingsView>('/admin/payment', body),
    (queryClient, saved) => {
      queryClient.setQueryData(adminSettingKeys.payment(), saved);
      audited(queryClient);
    },
  );
}

/** GET /admin/setting/site: the beta pages and the 'Menu Lainnya' links. */
export function useSiteSettings() {
  return useQuery({
    queryKey: adminSettingKeys.site(),
    queryFn: ({ signal }) => api.get<SiteSettings>('/admin/setting/site', undefined, signal),
  });
}

/** PUT /admin/setting/site: read by /api/config at once, without a restart. */
export function useSaveSiteSettings() {
  return useMutationThen(
    (body: SiteSettings) => api.put<SiteSettings>('/admin/setting/site', body),
    (queryClient, saved) => {
      queryClient.setQueryData(adminSettingKeys.site(), saved);
      audited(queryClient);
    },
  );
}

/** GET /admin/operator: every operator, disabled ones included. */
export function useOperators() {
  return useQuery({
    queryKey: adminSettingKeys.operators(),
    queryFn: ({ signal }) => api.get<{ docs: Operator[] }>('/admin/operator', undefined, signal),
  });
}

/** POST /admin/operator: another operator, who signs in at /login/admin. */
export function useCreateOperator() {
  return useMutationThen(
    (body: CreateOperatorBody) => api.post<Operator>('/admin/operator', body),
    (queryClient) => {
      audited(queryClient);
      return queryClient.invalidateQueries({ queryKey: adminSettingKeys.operators() });
    },
  );
}

/** POST /admin/operator/{id}/disable or /enable: a disabled operator can no longer sign in. */
export function useSetOperatorEnabled() {
  return useMutationThen(
    ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.post<Operator>(`/admin/operator/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`),
    (queryClient) => {
      audited(queryClient);
      return queryClient.invalidateQueries({ queryKey: adminSettingKeys.operators() });
    },
  );
}
