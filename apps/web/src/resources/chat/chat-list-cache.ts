import type { InfiniteData } from '@tanstack/react-query';
import type { Chat, Paged } from '@sapa/contracts';
import type { ChatFilter } from './chat-keys';

/** The cached chat list: one entry per loaded page ('Lebih Banyak' adds pages). */
export type ChatPages = InfiniteData<Paged<Chat>>;

function time(value: string): number {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

/** When a chat last moved: its last message, else its creation. */
export function chatTime(chat: Chat): number {
  return time(chat.lastMessage?.sendAt ?? chat.createdAt);
}

/** spec §4: newest last message first. Negative when `a` comes before `b`. */
export function compareChats(a: Chat, b: Chat): number {
  return chatTime(b) - chatTime(a);
}

/** The loaded chats in order, each once (a later page may repeat a chat that moved up meanwhile). */
export function flattenChats(data: ChatPages | undefined): Chat[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Chat[] = [];
  for (const page of data.pages) {
    for (const chat of page.docs) {
      if (seen.has(chat._id)) continue;
      seen.add(chat._id);
      out.push(chat);
    }
  }
  return out;
}

function matchesSearch(chat: Chat, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [chat.contact.name, chat.contact.phoneNumber, chat.lastMessage?.text ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/**
 * Whether a chat is in the list's view (issue 21): its conversation state and whose it is. Unlike
 * the tabs, a chat that leaves the view leaves the list even when it is the open one.
 */
export function chatInView(chat: Chat, filter: ChatFilter, myAgentId: string | null = null): boolean {
  const state = filter.state ?? 'open';
  if (state !== 'all' && chat.conversationState !== state) return false;
  if (filter.assignee === 'none' && chat.agentId !== null) return false;
  if (filter.assignee === 'me' && (myAgentId === null || chat.agentId !== myAgentId)) return false;
  return true;
}

/**
 * Whether a chat belongs in a list with this filter, as far as the web can tell: the status tab
 * and the account, label and agent filters are checked; search is checked only for chats not yet
 * listed (the server also matches older message text, which the web does not have).
 */
export function chatMatchesFilter(chat: Chat, filter: ChatFilter, isNew: boolean): boolean {
  if (filter.status === 'unread' && chat.unreadCount <= 0) return false;
  if (filter.status === 'unreplied' && (!chat.lastMessage || chat.lastMessage.isFromMe)) return false;
  if (filter.accountIds.length && !filter.accountIds.includes(chat.accountId)) return false;
  if (filter.labelIds.length && !chat.contact.labelIds.some((id) => filter.labelIds.includes(id))) {
    return false;
  }
  if (filter.agentIds.length && !(chat.agentId && filter.agentIds.includes(chat.agentId))) return false;
  return !isNew || matchesSearch(chat, filter.search);
}

/** Puts `list` back into pages of the sizes already loaded, so paging stays where it was. */
function rechunk(data: ChatPages, list: Chat[]): ChatPages {
  let at = 0;
  const pages = data.pages.map((page, index) => {
    const last = index === data.pages.length - 1;
    const docs = last ? list.slice(at) : list.slice(at, at + page.docs.length);
    at += docs.length;
    return { ...page, docs };
  });
  return { ...data, pages };
}

export interface UpsertChatOptions {
  /** The open chat stays in view even when it no longer matches (so the row being read does not vanish). */
  keepId?: string | null;
  /** the signed-in agent, for the 'Milik Saya' view */
  myAgentId?: string | null;
}

/**
 * spec §4: an incoming chat replaces its entry (or is inserted) and the list stays sorted newest
 * first; a chat that no longer matches the list's tab or filters leaves it.
 */
export function upsertChat(
  data: ChatPages | undefined,
  chat: Chat,
  filter: ChatFilter,
  options: UpsertChatOptions = {},
): ChatPages | undefined {
  if (!data) return data;
  const flat = data.pages.flatMap((page) => page.docs);
  const listed = flat.some((c) => c._id === chat._id);
  const rest = listed ? flat.filter((c) => c._id !== chat._id) : flat;
  const keep = listed && options.keepId === chat._id;
  const inView = chatInView(chat, filter, options.myAgentId ?? null);
  if (!inView || (!keep && !chatMatchesFilter(chat, filter, !listed))) {
    return listed ? rechunk(data, rest) : data;
  }
  let index = rest.findIndex((c) => compareChats(chat, c) < 0);
  if (index < 0) {
    // Older than everything loaded: when more pages exist it belongs to one of them.
    const more = data.pages[data.pages.length - 1]?.hasNextPage ?? false;
    if (!listed && more) return data;
    index = rest.length;
  }
  return rechunk(data, [...rest.slice(0, index), chat, ...rest.slice(index)]);
}

/** Drops a chat from the list (spec 'chat.deleted'). */
export function removeChat(data: ChatPages | undefined, chatId: string): ChatPages | undefined {
  if (!data || !data.pages.some((page) => page.docs.some((c) => c._id === chatId))) return data;
  return rechunk(
    data,
    data.pages.flatMap((page) => page.docs).filter((c) => c._id !== chatId),
  );
}

/** Changes a chat in place, without re-sorting or filtering (e.g. its unread count when opened). */
export function patchChat(
  data: ChatPages | undefined,
  chatId: string,
  patch: (chat: Chat) => Chat,
): ChatPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.docs.some((c) => c._id === chatId)) return page;
    changed = true;
    return { ...page, docs: page.docs.map((c) => (c._id === chatId ? patch(c) : c)) };
  });
  return changed ? { ...data, pages } : data;
}

/** The first loaded copy of a chat in any list, for an instant room header. */
export function findChat(lists: readonly (ChatPages | undefined)[], chatId: string): Chat | undefined {
  for (const data of lists) {
    for (const page of data?.pages ?? []) {
      const chat = page.docs.find((c) => c._id === chatId);
      if (chat) return chat;
    }
  }
  return undefined;
}
