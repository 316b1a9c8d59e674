import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Transaction, TransactionPage } from '@sapa/contracts';
import { PROFILE_KEY } from '../../lib/query-keys';
import { useRealtime } from '../../lib/realtime';
import { transactionKeys, type TransactionFilter } from './transaction-keys';

type Pages = InfiniteData<TransactionPage>;

const has = (data: Pages | undefined, id: string) =>
  !!data?.pages.some((page) => page.docs.some((d) => d._id === id));

/** The pages with the purchase replaced by `tx` (`keep`) or taken out (it left the filter's status). */
function patch(data: Pages, tx: Transaction, keep: boolean): Pages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      docs: keep
        ? page.docs.map((d) => (d._id === tx._id ? tx : d))
        : page.docs.filter((d) => d._id !== tx._id),
    })),
  };
}

/**
 * A fresh copy of a purchase (realtime, or an action's answer) in its own cache and in every history
 * list, in place: a list that holds it and still matches its status gets the new copy, a filtered
 * list it no longer matches drops it, and a list it now belongs to but does not hold is read again.
 */
export function writeTransaction(queryClient: QueryClient, tx: Transaction): void {
  queryClient.setQueryData(transactionKeys.one(tx._id), tx);
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: transactionKeys.lists() })) {
    const filter = (key[2] ?? 'all') as TransactionFilter;
    const matches = filter === 'all' || filter === tx.status;
    if (has(data, tx._id)) queryClient.setQueryData<Pages>(key, (old) => old && patch(old, tx, matches));
    else if (matches) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * Keeps the purchase caches live from the tab's realtime socket: each 'transaction.updated' frame
 * (sent to the owner) replaces the purchase in place, so a pending one turns 'Lunas' by itself. A
 * paid purchase moved the subscription's end: the session profile (the menu's expiry, the banner) is
 * read again. After a reconnect, when frames may have been missed, everything is read again.
 * `onTransaction` hears each frame too.
 */
export function useTransactionRealtime(onTransaction?: (tx: Transaction) => void): void {
  const queryClient = useQueryClient();
  useRealtime({
    onEvent: (event) => {
      if (event.type !== 'transaction.updated' || !event.transaction) return;
      writeTransaction(queryClient, event.transaction);
      if (event.transaction.status === 'paid') void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      onTransaction?.(event.transaction);
    },
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all() });
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}
