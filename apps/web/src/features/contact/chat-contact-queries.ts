import { CONTACT_LIMITS, type ChatContact } from '@sapa/contracts';
import { downloadApiFile } from '../../lib/api-download';
import { usePagedQuery } from '../../lib/query-hooks';

/** Query keys of the conversation contacts list (Kontak > Kontak Chat). */
export const chatContactKeys = {
  list: (search: string) => ['chat-contact', search] as const,
};

const pageQuery = (search: string) => ({ limit: CONTACT_LIMITS.pageSize, search: search || undefined });

/** GET /contact/chat: the people of the tenant's conversations, 20 a page. */
export function useChatContactPages(search: string) {
  return usePagedQuery<ChatContact>(chatContactKeys.list(search), '/contact/chat', pageQuery(search));
}

/** POST /contact/chat/export?search=: the (searched) conversation contacts as an Excel file. */
export function exportChatContacts(search: string, name: string): Promise<void> {
  return downloadApiFile('/contact/chat/export', name, {
    method: 'POST',
    query: { search: search || undefined },
  });
}
