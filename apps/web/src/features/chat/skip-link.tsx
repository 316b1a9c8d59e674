import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { INBOX_EXTRA_MESSAGES } from '@sapa/contracts';
import { focusChatList } from './keyboard-shortcuts';
import './inbox-keyboard.css';

/**
 * 'Lewati ke daftar percakapan' (issue 21): the first thing Tab reaches on the inbox, shown only
 * while focused, it jumps past the top bar and the menu to the chat list. It is placed first in
 * the page (a node put at the start of body) so it comes before the layout's links.
 */
export function SkipToChatList() {
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
      href="#daftar-percakapan"
      className="sapa-skip-link"
      data-testid="skip-to-chat-list"
      onClick={(event) => {
        event.preventDefault();
        focusChatList();
      }}
    >
      {INBOX_EXTRA_MESSAGES.skipToList}
    </a>,
    host,
  );
}
