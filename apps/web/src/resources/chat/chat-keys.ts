import type { AssigneeView, ChatStatusFilter, ConversationView } from '@sapa/contracts';

/** What the chat list is narrowed by (spec §3 'Chat filter'); part of the list's query key. */
export interface ChatFilter {
  search: string;
  status: ChatStatusFilter;
  accountIds: string[];
  labelIds: string[];
  agentIds: string[];
  /** issue 21: the conversation state in view ('open' by default) */
  state: ConversationView;
  /** issue 21: whose chats: everyone's (''), mine ('me', agents) or nobody's ('none') */
  assignee: AssigneeView;
}

export const EMPTY_CHAT_FILTER: ChatFilter = {
  search: '',
  status: '',
  accountIds: [],
  labelIds: [],
  agentIds: [],
  state: 'open',
  assignee: '',
};

/** The part of the filter the tab counts follow (GET /chat/count). */
export interface ChatCountView {
  state: ConversationView;
  assignee: AssigneeView;
}

/**
 * Query keys of chats, the one place they are spelled: realtime patches every cached list under
 * `lists()`; labels and agents refresh `lists()` and `details()` since chats carry their names.
 */
export const chatKeys = {
  lists: () => ['chat', 'list'] as const,
  list: (filter: ChatFilter) => ['chat', 'list', filter] as const,
  count: () => ['chat', 'count'] as const,
  countOf: (view: ChatCountView) => ['chat', 'count', view] as const,
  details: () => ['chat', 'detail'] as const,
  detail: (id: string) => ['chat', 'detail', id] as const,
  messagesAll: () => ['chat', 'messages'] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
  /** issue 25: the approved WhatsApp Cloud API templates a chat's number may send */
  cloudTemplates: (id: string) => ['chat', 'template-cloud', id] as const,
};
