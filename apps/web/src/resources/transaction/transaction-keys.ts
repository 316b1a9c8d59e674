import type { TransactionStatus } from '@sapa/contracts';

/** The history's status filter: one status, or every purchase. */
export type TransactionFilter = TransactionStatus | 'all';

/**
 * Query keys of purchases, all under ['transaction']: the offer they are bought from, the history
 * lists (one per status filter) and each purchase.
 */
export const transactionKeys = {
  all: () => ['transaction'] as const,
  offer: () => ['transaction', 'offer'] as const,
  lists: () => ['transaction', 'list'] as const,
  list: (filter: TransactionFilter) => ['transaction', 'list', filter] as const,
  one: (id: string) => ['transaction', 'one', id] as const,
};
