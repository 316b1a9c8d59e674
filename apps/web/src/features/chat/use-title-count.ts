import { useEffect } from 'react';
import { capCount } from '@sapa/contracts';

/** The tab's own title (index.html). */
export const APP_TITLE = 'Sapa';

/** The tab title with the unread chats in front, '(3) Sapa' (99+ above 99, as the tabs count). */
export function titleWithCount(unread: number | undefined): string {
  return unread && unread > 0 ? `(${capCount(unread)}) ${APP_TITLE}` : APP_TITLE;
}

/**
 * Issue 21, attention: while the inbox is open the tab title shows how many chats have unread
 * messages, so a person working in another tab sees new messages come in. Back to 'Sapa' on leaving.
 */
export function useTitleCount(unread: number | undefined): void {
  useEffect(() => {
    document.title = titleWithCount(unread);
  }, [unread]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
