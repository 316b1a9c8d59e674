import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store';

/** The stored session; re-renders when it changes (also from another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
