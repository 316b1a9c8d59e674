import { useEffect, useRef } from 'react';
import { matchPath } from 'react-router';

/** Whether a key press is typing into a field (where letters and '?' belong to the text). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The inbox search box (the one Ctrl/Cmd+K goes to). */
export const SEARCH_INPUT_SELECTOR = '[data-testid="chat-search-input"]';
/** The open room's reply box: the composer's text area once it can be typed in. */
const COMPOSER_SELECTOR = '.sapa-inbox-room textarea:not([disabled])';

/** Focuses the inbox's search box and selects what it holds. */
export function focusSearch(): void {
  const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT_SELECTOR);
  input?.focus();
  input?.select();
}

/** Focuses the list's one Tab stop (the active row), for the skip link. */
export function focusChatList(): void {
  const row = document.querySelector<HTMLElement>('[data-testid="chat-list"] a[tabindex="0"]');
  if (row) row.focus();
  else document.querySelector<HTMLElement>(SEARCH_INPUT_SELECTOR)?.focus();
}

/**
 * The inbox's global keys (issue 21): Ctrl/Cmd+K focuses the search from anywhere, '?' opens the
 * shortcut sheet (not while typing). Escape stays with the spec's order (chat-page.tsx: a preview,
 * then the send preview, then the open chat).
 */
export function useInboxShortcuts({ onHelp }: { onHelp: () => void }): void {
  const latest = useRef(onHelp);
  useEffect(() => {
    latest.current = onHelp;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        focusSearch();
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        // a dialog already open (a modal, a drawer) keeps the keyboard
        if (document.querySelector('[role="dialog"]')) return;
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Phones and tablets would raise their keyboard over the chat: the composer is focused on desktops only. */
const finePointer = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;

/**
 * Opening a chat focuses its composer (issue 21), once the room has loaded and the composer can be
 * typed in, unless the person has put the focus somewhere else than the list meanwhile.
 */
export function useFocusComposerOnOpen(selectedId: string | null): void {
  useEffect(() => {
    if (!selectedId || !finePointer()) return;
    const started = Date.now();
    let timer = 0;
    const attempt = () => {
      if (!matchPath('/user/chat/:id', window.location.pathname)) return;
      const focused = document.activeElement;
      const inList = !focused || focused === document.body || !!focused.closest('.sapa-inbox-list');
      if (focused && !inList) return;
      const composer = document.querySelector<HTMLTextAreaElement>(COMPOSER_SELECTOR);
      if (composer) {
        composer.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - started < 4000) timer = window.setTimeout(attempt, 80);
    };
    timer = window.setTimeout(attempt, 0);
    return () => window.clearTimeout(timer);
  }, [selectedId]);
}
