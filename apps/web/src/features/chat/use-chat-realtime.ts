import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { matchPath, useLocation, useNavigate } from 'react-router';
import type { RealtimeEvent } from '@sapa/contracts';
import { useRealtime } from '../../lib/realtime';
import { applyRealtimeEvent } from './apply-realtime-event';
import { chatCaches } from '../../resources/chat/chat-caches';
import { chatKeys } from '../../resources/chat/chat-keys';
import { markChatRead } from './mark-chat-read';
import { refreshChatCount } from './refresh-chat-count';
import { showChatNotification } from './show-chat-notification';

/**
 * The inbox's listener on the tab's one realtime socket (spec §7 'Realtime'; lib/realtime.ts): each
 * event patches the cached chat lists, the open chat and the counts; a message from someone else
 * raises a notification unless its chat is open in a visible tab. After every open everything shown
 * is fetched again, since events may have been missed.
 */
export function useChatRealtime(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openChatId = matchPath('/user/chat/:id', pathname)?.params.id ?? null;

  const latest = useRef({ openChatId, navigate });
  useEffect(() => {
    latest.current = { openChatId, navigate };
  });

  useRealtime({
    onEvent: (event: RealtimeEvent) => {
      // account status and linking QR updates are the integration page's; nothing here changes
      if (event.type === 'account.updated') return;
      const { openChatId: openId, navigate: go } = latest.current;
      const visible = document.visibilityState === 'visible';
      applyRealtimeEvent(queryClient, event, { openChatId: openId, visible });
      refreshChatCount(queryClient);
      const chatId = event.chat?._id ?? event.message?.chatId ?? null;
      if (event.type === 'chat.deleted' && chatId && chatId === openId) {
        void go('/user/chat', { replace: true });
        return;
      }
      const message = event.message;
      if (event.type !== 'message.created' || !message || message.isFromMe) return;
      // a teammate's note is the bell's (a mention notifies through 'notification.created')
      if (message.kind === 'note') return;
      if (visible && message.chatId === openId) {
        markChatRead(queryClient, message.chatId);
        return;
      }
      const chat = event.chat ?? chatCaches.readChat(queryClient, message.chatId);
      showChatNotification(message, chat, (id) => void go(`/user/chat/${id}`));
    },
    // Every open, the first included: events between the first list load and the socket
    // opening (or during a disconnect) were not received, so refetch what they may have changed.
    onOpen: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.count() });
      const openId = latest.current.openChatId;
      if (openId) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.detail(openId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(openId) });
      }
    },
  });

  // Coming back to a tab with a chat open reads what arrived meanwhile.
  useEffect(() => {
    if (!openChatId) return;
    const onVisible = () => {
      const chat = chatCaches.readChat(queryClient, openChatId);
      if (document.visibilityState === 'visible' && chat && chat.unreadCount > 0) {
        markChatRead(queryClient, openChatId);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [openChatId, queryClient]);
}
