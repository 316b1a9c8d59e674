import { useEffect, useRef, useState, type RefObject } from 'react';
import { matchPath, useLocation } from 'react-router';
import { LIMITS, type MessagePosition } from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** What a search result row puts in the history entry it opens: the message to show. */
export interface SearchJumpState {
  jumpTo: string;
}

function jumpOf(state: unknown): string | null {
  const jumpTo = (state as Partial<SearchJumpState> | null)?.jumpTo;
  return typeof jumpTo === 'string' && jumpTo ? jumpTo : null;
}

/**
 * Issue 21: a chat opened from a search result opens at the matching message. Once the first page
 * has loaded, GET /chat/{id}/message/{messageId}/page says whether the message is still there (and
 * on which page); `onJump` then loads older pages up to it, scrolls to it and marks it. Returns a ref
 * that is true while such a jump is under way, so the room does not scroll to the newest message
 * meanwhile. A message gone since (deleted, another tenant's) leaves the room at its newest.
 */
export function useSearchJump(loaded: boolean, onJump: (messageId: string) => void): RefObject<boolean> {
  const location = useLocation();
  const chatId = matchPath('/user/chat/:id', location.pathname)?.params.id ?? null;
  const [wanted, setWanted] = useState<string | null>(() => jumpOf(location.state));
  const jumping = useRef(wanted !== null);
  const latest = useRef(onJump);
  useEffect(() => {
    latest.current = onJump;
  });

  // a new history entry with a jump (a second search result of the chat already open)
  useEffect(() => {
    const jumpTo = jumpOf(location.state);
    if (!jumpTo) return;
    jumping.current = true;
    setWanted(jumpTo);
  }, [location.key, location.state]);

  useEffect(() => {
    if (!wanted || !loaded || !chatId) return;
    const controller = new AbortController();
    api
      .get<MessagePosition>(
        `/chat/${encodeURIComponent(chatId)}/message/${encodeURIComponent(wanted)}/page`,
        { limit: LIMITS.messagePageSize },
        controller.signal,
      )
      .then(
        () => latest.current(wanted),
        () => undefined,
      )
      .finally(() => {
        if (controller.signal.aborted) return;
        jumping.current = false;
        setWanted(null);
      });
    return () => controller.abort();
  }, [wanted, loaded, chatId]);

  return jumping;
}
