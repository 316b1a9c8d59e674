import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Notification } from '@sapa/contracts';
import { DEFAULT_IMAGE } from '../../components/app-image';
import { useToast } from '../../components/toast/use-toast';
import { useRealtime } from '../../lib/realtime';
import {
  addNotification,
  notificationKeys,
  notificationTitle,
  useMarkNotificationsRead,
} from '../../resources/notification/notification-queries';

/** A browser notification while the tab is in the background, with permission (as for messages). */
function showBrowserNotification(notification: Notification, onOpen: () => void): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
  try {
    const shown = new Notification(notificationTitle(notification), {
      body: notification.kind === 'mention' ? notification.text : '',
      icon: new URL(DEFAULT_IMAGE, window.location.origin).href,
      tag: `notification-${notification._id}`,
    });
    shown.onclick = () => {
      window.focus();
      onOpen();
      shown.close();
    };
  } catch (error) {
    // Some browsers only allow notifications from a service worker.
    console.error('[realtime] notification failed', error);
  }
}

/**
 * 'notification.created' (issue 21, sent to its recipient alone): the bell's list and count take
 * it at once, a toast says it, and a browser notification when the tab is hidden. After a reconnect
 * the list is fetched again (events may have been missed).
 */
export function useNotificationRealtime(): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  useRealtime({
    onEvent: (event) => {
      if (event.type !== 'notification.created' || !event.notification) return;
      const notification = event.notification;
      addNotification(queryClient, notification);
      toast.show({ title: 'Notifikasi', message: notificationTitle(notification), type: 'info' });
      showBrowserNotification(notification, () => {
        markRead.mutate([notification._id]);
        if (notification.chatId) void navigate(`/user/chat/${notification.chatId}`);
      });
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}
