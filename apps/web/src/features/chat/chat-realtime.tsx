import { useChatRealtime } from './use-chat-realtime';

/** Mounts the realtime socket in the user shell; renders nothing. */
export function ChatRealtime() {
  useChatRealtime();
  return null;
}
