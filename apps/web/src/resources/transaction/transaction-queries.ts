import { useQuery } from '@tanstack/react-query';
import type { BillingOffer, CreateTransactionBody, Transaction } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { apiBlob, downloadApiFile } from '../../lib/api-download';
import { useMutationThen, usePagedQuery } from '../../lib/query-hooks';
import { writeTransaction } from './transaction-caches';
import { transactionKeys, type TransactionFilter } from './transaction-keys';

export { transactionKeys, type TransactionFilter } from './transaction-keys';
export { useTransactionRealtime, writeTransaction } from './transaction-caches';

/** Purchases per page of the history. */
export const TRANSACTION_PAGE_SIZE = 20;

const txPath = (id: string, rest = '') => `/transaction/${encodeURIComponent(id)}${rest}`;

/**
 * GET /billing/offer: the plans, durations, PPN, how the owner may pay (the operator's bank
 * accounts, Midtrans) and the invoice details of the last purchase. The operator rarely changes it.
 */
export function useBillingOffer() {
  return useQuery({
    queryKey: transactionKeys.offer(),
    queryFn: ({ signal }) => api.get<BillingOffer>('/billing/offer', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /transaction: the owner's purchases, newest first, by status; 'Lebih Banyak' pages. */
export function useTransactionPages(filter: TransactionFilter) {
  return usePagedQuery<Transaction>(transactionKeys.list(filter), '/transaction', {
    limit: TRANSACTION_PAGE_SIZE,
    status: filter === 'all' ? undefined : filter,
  });
}

/** GET /transaction/{id}: one purchase (kept live by useTransactionRealtime). */
export function useTransaction(id: string) {
  return useQuery({
    queryKey: transactionKeys.one(id),
    queryFn: ({ signal }) => api.get<Transaction>(txPath(id), undefined, signal),
    enabled: !!id,
  });
}

/**
 * POST /transaction: buy a plan. The same `idempotencyKey` answers the same purchase (200), so a
 * repeated submit never buys twice. The purchase goes to its cache; the history is read again.
 */
export function useCreateTransaction() {
  return useMutationThen(
    (body: CreateTransactionBody) => api.post<Transaction>('/transaction', body),
    (queryClient, tx) => {
      queryClient.setQueryData(transactionKeys.one(tx._id), tx);
      void queryClient.invalidateQueries({ queryKey: transactionKeys.lists() });
    },
  );
}

/** POST /transaction/{id}/proof (multipart, field `file`): a bank transfer's proof; answers the purchase. */
export function useUploadProof(id: string) {
  return useMutationThen(
    (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<Transaction>(txPath(id, '/proof'), form);
    },
    (queryClient, tx) => writeTransaction(queryClient, tx),
  );
}

/** POST /transaction/{id}/cancel: a pending purchase is called off; answers the purchase. */
export function useCancelTransaction(id: string) {
  return useMutationThen(
    () => api.post<Transaction>(txPath(id, '/cancel')),
    (queryClient, tx) => writeTransaction(queryClient, tx),
  );
}

/** GET /transaction/{id}/proof: the uploaded proof as a Blob (the token header rules out a plain link). */
export function fetchProof(id: string): Promise<Blob> {
  return apiBlob(txPath(id, '/proof'));
}

/** The invoice's file name: 'invoice-INV-2026-000001.pdf'. */
export function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`;
}

/** GET /transaction/{id}/invoice: a paid purchase's PDF invoice, downloaded under invoiceFileName. */
export function downloadInvoice(tx: Pick<Transaction, '_id' | 'invoiceNumber'>): Promise<void> {
  return downloadApiFile(txPath(tx._id, '/invoice'), invoiceFileName(tx.invoiceNumber ?? tx._id));
}
