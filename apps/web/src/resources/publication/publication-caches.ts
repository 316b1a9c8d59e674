import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Broadcast, Paged, StatusPost } from '@sapa/contracts';
import { useRealtime } from '../../lib/realtime';
import { publicationKeys } from './publication-keys';

/** Replaces the item with the same _id in every loaded page; a list without it stays as it is. */
function replaceIn<T extends { _id: string }>(data: InfiniteData<Paged<T>> | undefined, item: T) {
  if (!data?.pages.some((page) => page.docs.some((d) => d._id === item._id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      docs: page.docs.map((d) => (d._id === item._id ? item : d)),
    })),
  };
}

/** Whether any loaded list knows the item (a new one from another tab refreshes the lists instead). */
function known<T extends { _id: string }>(queryClient: QueryClient, key: readonly unknown[], id: string) {
  return queryClient
    .getQueriesData<InfiniteData<Paged<T>>>({ queryKey: key })
    .some(([, data]) => data?.pages.some((page) => page.docs.some((d) => d._id === id)));
}

/** A fresh copy of a broadcast (realtime, or an action's answer) in its own cache and every list, in place. */
export function writeBroadcast(queryClient: QueryClient, broadcast: Broadcast): void {
  queryClient.setQueryData(publicationKeys.broadcast(broadcast._id), broadcast);
  if (!known<Broadcast>(queryClient, publicationKeys.broadcastLists(), broadcast._id)) {
    void queryClient.invalidateQueries({ queryKey: publicationKeys.broadcastLists() });
    return;
  }
  queryClient.setQueriesData<InfiniteData<Paged<Broadcast>>>(
    { queryKey: publicationKeys.broadcastLists() },
    (data) => replaceIn(data, broadcast),
  );
}

/** A fresh copy of a status post in its own cache and every list, in place. */
export function writeStatusPost(queryClient: QueryClient, post: StatusPost): void {
  queryClient.setQueryData(publicationKeys.status(post._id), post);
  if (!known<StatusPost>(queryClient, publicationKeys.statusLists(), post._id)) {
    void queryClient.invalidateQueries({ queryKey: publicationKeys.statusLists() });
    return;
  }
  queryClient.setQueriesData<InfiniteData<Paged<StatusPost>>>(
    { queryKey: publicationKeys.statusLists() },
    (data) => replaceIn(data, post),
  );
}

/**
 * Keeps the publication caches live from the tab's realtime socket: each 'broadcast.updated' and
 * 'status.updated' frame replaces the item in place (no polling); after a reconnect, when frames may
 * have been missed, everything under ['publication'] is read again. `onBroadcast` hears each
 * broadcast frame too (the detail page refreshes its recipient table).
 */
export function usePublicationRealtime(onBroadcast?: (broadcast: Broadcast) => void): void {
  const queryClient = useQueryClient();
  useRealtime({
    onEvent: (event) => {
      if (event.type === 'broadcast.updated' && event.broadcast) {
        writeBroadcast(queryClient, event.broadcast);
        onBroadcast?.(event.broadcast);
      } else if (event.type === 'status.updated' && event.statusPost) {
        writeStatusPost(queryClient, event.statusPost);
      }
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: publicationKeys.all() }),
  });
}
