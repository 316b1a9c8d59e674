import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReferrer,
  AdminTransaction,
  adminReferredList,
  adminWithdrawal,
  PaymentMethod,
  Transaction,
  TransactionStatus,
  Withdrawal,
  WithdrawalStatus,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { apiBlob, downloadApiFile } from '../../lib/api-download';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { adminAuditKeys } from './admin-audit';
import { adminDashboardKeys } from './admin-dashboard';
import { adminUserKeys } from './admin-users';

/** A withdrawal in the operator's list, with the owner who asked for it. */
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
/** One owner a referrer brought, with whether they paid and the commission they earned. */
export type AdminReferred = z.infer<typeof adminReferredList>['docs'][number];

/** The operator's transaction filters, as GET /admin/transaction takes them (Jakarta days YYYY-MM-DD). */
export interface AdminTransactionFilter {
  status?: TransactionStatus;
  method?: PaymentMethod;
  from?: string;
  to?: string;
  q?: string;
}

/** The withdrawal list's status filter: one status, or every withdrawal. */
export type AdminWithdrawalFilter = WithdrawalStatus | 'all';

/**
 * Query keys of the operator's payments, under ['admin', ...]: transactions (lists per filter, each
 * one), withdrawals (lists per status) and referrers (lists per search, the owners each brought).
 */
export const adminPaymentKeys = {
  transactions: () => ['admin', 'transaction'] as const,
  transactionLists: () => ['admin', 'transaction', 'list'] as const,
  transactionList: (filter: AdminTransactionFilter) => ['admin', 'transaction', 'list', filter] as const,
  transaction: (id: string) => ['admin', 'transaction', 'one', id] as const,
  withdrawals: () => ['admin', 'withdrawal'] as const,
  withdrawalList: (filter: AdminWithdrawalFilter) => ['admin', 'withdrawal', 'list', filter] as const,
  referrers: () => ['admin', 'affiliate'] as const,
  referrerList: (q: string) => ['admin', 'affiliate', 'list', q] as const,
  referred: (id: string) => ['admin', 'affiliate', 'referred', id] as const,
};

/** Rows per page of the operator's lists. */
export const ADMIN_PAGE_SIZE = 20;

const txPath = (id: string, rest = '') => `/admin/transaction/${encodeURIComponent(id)}${rest}`;
const withdrawalPath = (id: string, rest: string) => `/admin/withdrawal/${encodeURIComponent(id)}${rest}`;

/** GET /admin/transaction: every owner's purchases, newest first, by the filters; 'Lebih Banyak' pages. */
export function useAdminTransactions(filter: AdminTransactionFilter) {
  return usePagedQuery<AdminTransaction>(adminPaymentKeys.transactionList(filter), '/admin/transaction', {
    limit: ADMIN_PAGE_SIZE,
    ...filter,
  });
}

/** GET /admin/transaction/{id}: one purchase with its owner; the list's copy shows until it comes. */
export function useAdminTransaction(id: string | null, placeholder?: AdminTransaction) {
  return useQuery({
    queryKey: adminPaymentKeys.transaction(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminTransaction>(txPath(id ?? ''), undefined, signal),
    enabled: !!id,
    placeholderData: placeholder?._id === id ? placeholder : undefined,
  });
}

/** What an operator's write changes elsewhere: the dashboard's counts and the audit log. */
function afterWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all() });
  void queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() });
}

/**
 * A purchase an action answered (without its owner): merged into its cached copy; every list is read
 * again (its status may have left a filter), and the referrers (a payment earns a commission), the
 * owners (a payment extends a subscription) and the dashboard too.
 */
function afterTransaction(queryClient: QueryClient, tx: Transaction) {
  queryClient.setQueryData<AdminTransaction>(adminPaymentKeys.transaction(tx._id), (old) =>
    old ? { ...old, ...tx } : old,
  );
  void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.transactionLists() });
  void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.referrers() });
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.all() });
  afterWrite(queryClient);
}

/** POST /admin/transaction/{id}/confirm: a bank transfer arrived; paid, the owner's subscription extended. */
export function useConfirmTransaction() {
  return useMutationThen((id: string) => api.post<Transaction>(txPath(id, '/confirm')), afterTransaction);
}

/** POST /admin/transaction/{id}/reject: no (or the wrong) money arrived; failed with the reason the owner reads. */
export function useRejectTransaction() {
  return useMutationThen(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<Transaction>(txPath(id, '/reject'), { reason }),
    afterTransaction,
  );
}

/** POST /admin/transaction/{id}/cancel: a purchase still waiting for payment is called off. */
export function useCancelAdminTransaction() {
  return useMutationThen((id: string) => api.post<Transaction>(txPath(id, '/cancel')), afterTransaction);
}

/**
 * GET /admin/transaction/{id}/midtrans: Midtrans' own status of the order, as it answers. The server
 * applies it to the purchase on the way, so the purchase and the lists are read again after.
 */
export function useMidtransStatus() {
  return useMutationThen(
    (id: string) => api.get<Record<string, unknown>>(txPath(id, '/midtrans')),
    (queryClient, _answer, id) => {
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.transaction(id) });
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.transactionLists() });
    },
  );
}

/** GET /admin/transaction/{id}/proof: the bank transfer's proof as a Blob (the token header rules out a link). */
export function fetchAdminProof(id: string): Promise<Blob> {
  return apiBlob(txPath(id, '/proof'));
}

/** GET /admin/transaction/{id}/invoice: a paid purchase's PDF, saved as invoice-INV-2026-000001.pdf. */
export function downloadAdminInvoice(tx: Pick<Transaction, '_id' | 'invoiceNumber'>): Promise<void> {
  const name = `invoice-${(tx.invoiceNumber ?? tx._id).replace(/\//g, '-')}.pdf`;
  return downloadApiFile(txPath(tx._id, '/invoice'), name);
}

/** GET /admin/withdrawal: the owners' withdrawal requests, by status; 'Lebih Banyak' pages. */
export function useAdminWithdrawals(filter: AdminWithdrawalFilter) {
  return usePagedQuery<AdminWithdrawal>(adminPaymentKeys.withdrawalList(filter), '/admin/withdrawal', {
    limit: ADMIN_PAGE_SIZE,
    status: filter === 'all' ? undefined : filter,
  });
}

/** A withdrawal moved on: its lists, the referrers' balances and the dashboard are read again. */
function afterWithdrawal(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.withdrawals() });
  void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.referrers() });
  afterWrite(queryClient);
}

/** POST /admin/withdrawal/{id}/approve: a requested withdrawal will be paid. */
export function useApproveWithdrawal() {
  return useMutationThen(
    (id: string) => api.post<Withdrawal>(withdrawalPath(id, '/approve')),
    afterWithdrawal,
  );
}

/** POST /admin/withdrawal/{id}/paid: the money was transferred, with the transfer's reference. */
export function usePayWithdrawal() {
  return useMutationThen(
    ({ id, transferReference }: { id: string; transferReference: string }) =>
      api.post<Withdrawal>(withdrawalPath(id, '/paid'), { transferReference }),
    afterWithdrawal,
  );
}

/** POST /admin/withdrawal/{id}/reject: refused with the reason the owner reads; the amount returns to the balance. */
export function useRejectWithdrawal() {
  return useMutationThen(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<Withdrawal>(withdrawalPath(id, '/reject'), { reason }),
    afterWithdrawal,
  );
}

/** GET /admin/affiliate: owners who referred someone, with what it brought; searched by `q`. */
export function useAdminReferrers(q: string) {
  return usePagedQuery<AdminReferrer>(adminPaymentKeys.referrerList(q), '/admin/affiliate', {
    limit: ADMIN_PAGE_SIZE,
    q: q || undefined,
  });
}

/** GET /admin/affiliate/{id}: the owners one referrer brought (id: the referrer's user id). */
export function useAdminReferred(id: string | null) {
  return useQuery({
    queryKey: adminPaymentKeys.referred(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ docs: AdminReferred[] }>(
        `/admin/affiliate/${encodeURIComponent(id ?? '')}`,
        undefined,
        signal,
      ),
    enabled: !!id,
  });
}
