import { useEffect } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { ChatEmptyPane } from './chat-empty-pane';
import { ChatListPane } from './chat-list-pane';
import { ChatRoom } from './chat-room';
import './chat-inbox.css';
import './chat-room.css';

/** Something else is handling Escape: a modal, a drawer, an open menu or list. */
function overlayOpen(): boolean {
  // only one on screen: Mantine 8 keeps a closed Select's listbox in the page, hidden
  return [...document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]')].some(
    (el) => el.getClientRects().length > 0,
  );
}

/**
 * /user/chat and /user/chat/:id (spec §2 'Chat inbox'): the list on the left, the room on the
 * right; under the `sm` breakpoint only one of them shows. Escape closes the open chat.
 */
export function ChatPage() {
  // The route is 'chat/:id?'; matchPath (rather than useParams) keeps react-router's share of the
  // /login entry chunk as it was.
  const id = matchPath('/user/chat/:id', useLocation().pathname)?.params.id;
  const navigate = useNavigate();
  const open = !!id;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || overlayOpen()) return;
      void navigate('/user/chat');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, navigate]);

  return (
    <div className="sapa-inbox" data-open={open} data-testid="chat-inbox">
      <section className="sapa-inbox-list" aria-label="Kotak masuk">
        <ChatListPane selectedId={id ?? null} />
      </section>
      <section className="sapa-inbox-room" aria-label="Ruang percakapan">
        {id ? <ChatRoom key={id} chatId={id} /> : <ChatEmptyPane />}
      </section>
    </div>
  );
}
