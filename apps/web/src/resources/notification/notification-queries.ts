import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  INBOX_MESSAGES,
  type MessageResponse,
  type Notification,
  type NotificationPage,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the signed-in teammate's notifications (issue 21), under ['notification']. */
export const notificationKeys = {
  all: () => ['notification'] as const,
  list: () => ['notification', 'list'] as const,
};

export type NotificationPages = InfiniteData<NotificationPage>;

const PAGE_SIZE = 20;

/** GET /notification: newest first, 20 a page, with the unread count. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>('/notification', { page: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasNextPage ? all.length + 1 : undefined),
    staleTime: 30_000,
  });
}

/** The unread count the server last gave, with the changes applied since. */
export function unreadOf(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}

/** A notification that just arrived (realtime) goes on top of the list and counts as unread. */
export function addNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    if (!data || !data.pages.length) return data;
    if (data.pages.some((p) => p.docs.some((n) => n._id === notification._id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [
        {
          ...first!,
          docs: [notification, ...first!.docs],
          unread: first!.unread + (notification.read ? 0 : 1),
        },
        ...rest,
      ],
    };
  });
}

/** Marks the given notifications (or all) read in the cache. */
function markReadInCache(data: NotificationPages | undefined, ids: string[] | undefined) {
  if (!data || !data.pages.length) return data;
  let newlyRead = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    docs: page.docs.map((n) => {
      if (n.read || (ids && !ids.includes(n._id))) return n;
      newlyRead += 1;
      return { ...n, read: true };
    }),
  }));
  const first = pages[0]!;
  pages[0] = { ...first, unread: ids ? Math.max(0, first.unread - newlyRead) : 0 };
  return { ...data, pages };
}

/** PUT /notification/read {ids?}: the ones given, or all of them; the cache changes at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) =>
      api.put<MessageResponse>('/notification/read', ids ? { ids } : {}),
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
        markReadInCache(data, ids),
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}

/** What a notification says, in Indonesian. */
export function notificationTitle(notification: Notification): string {
  return notification.kind === 'assigned'
    ? INBOX_MESSAGES.notifiedAssigned
        .replace('{actor}', notification.actorName || 'Pemilik')
        .replace('{contact}', notification.text)
    : INBOX_MESSAGES.notifiedMention.replace('{actor}', notification.actorName || 'Pemilik');
}
