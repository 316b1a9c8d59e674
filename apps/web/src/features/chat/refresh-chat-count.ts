import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../resources/chat/chat-keys';

const DELAY_MS = 400;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Refetches the tab counts once a burst of changes has settled (realtime events, reads, sends). */
export function refreshChatCount(queryClient: QueryClient): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.count() });
  }, DELAY_MS);
}
