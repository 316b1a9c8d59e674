import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { INBOX_EXTRA_MESSAGES } from '@sapa/contracts';
import { focusChatList } from './keyboard-shortcuts';
import './inbox-keyboard.css';

/**
 * 'Lewati ke daftar percakapan' (issue 21): the first thing Tab reaches on the inbox, shown only
 * while focused, it jumps past the top bar and the menu to the chat list. It is placed first in
 * the page (a node put at the start of body) so it comes before the layout's links. On a phone with
 * a chat open the list is not on screen: it jumps to the reply box instead.
 */
export function SkipToChatList({ toReply = false }: { toReply?: boolean }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const node = document.createElement('div');
    node.className = 'sapa-skip-host';
    document.body.prepend(node);
    setHost(node);
    return () => node.remove();
  }, []);
  if (!host) return null;
  return createPortal(
    <a
      href={toReply ? '#kotak-balasan' : '#daftar-percakapan'}
      className="sapa-skip-link"
      data-testid="skip-to-chat-list"
      onClick={(event) => {
        event.preventDefault();
        if (toReply) document.querySelector<HTMLElement>('.sapa-composer-input textarea')?.focus();
        else focusChatList();
      }}
    >
      {toReply ? INBOX_EXTRA_MESSAGES.skipToReply : INBOX_EXTRA_MESSAGES.skipToList}
    </a>,
    host,
  );
}
