import type { InfiniteData } from '@tanstack/react-query';
import { isForwardStatus, type Message, type Paged } from '@sapa/contracts';

/**
 * The cached messages of one chat. pages[0] is page 1 of the API (the newest 20, oldest first
 * within the page); each 'Lebih Banyak' adds the 20 before.
 */
export type MessagePages = InfiniteData<Paged<Message>>;

/** A key that survives the pending copy being replaced by the server's (for list rows). */
export function messageKey(message: Message): string {
  return message.temporaryId ?? message._id;
}

/** spec §4: all loaded messages oldest first, each once (the newest copy wins). */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<string, Message>();
  for (let i = data.pages.length - 1; i >= 0; i -= 1) {
    for (const message of data.pages[i]?.docs ?? []) {
      const seen = byId.get(message._id);
      byId.set(message._id, seen ? mergeMessage(seen, message) : message);
    }
  }
  return [...byId.values()];
}

/**
 * Takes the newer copy of a message, except that its status only moves forward
 * (pending -> sent -> unread -> read, error final): a late POST answer must not undo a receipt.
 */
export function mergeMessage(current: Message, incoming: Message): Message {
  // issue 21 'Kirim ulang': a failed message the server sent again comes back newer than its error
  const retried =
    current.status === 'error' &&
    incoming.status !== 'error' &&
    Date.parse(incoming.updatedAt) > Date.parse(current.updatedAt);
  const forward =
    retried || incoming.status === current.status || isForwardStatus(current.status, incoming.status);
  const status = forward ? incoming.status : current.status;
  return {
    ...incoming,
    status,
    errorMessage: forward ? incoming.errorMessage : current.errorMessage,
    temporaryId: incoming.temporaryId ?? current.temporaryId,
  };
}

function locate(data: MessagePages, find: (m: Message) => boolean): [number, number] | null {
  for (let p = 0; p < data.pages.length; p += 1) {
    const index = data.pages[p]?.docs.findIndex(find) ?? -1;
    if (index >= 0) return [p, index];
  }
  return null;
}

function replaceAt(data: MessagePages, [p, i]: [number, number], message: Message): MessagePages {
  const pages = data.pages.map((page, index) =>
    index === p ? { ...page, docs: page.docs.map((m, j) => (j === i ? message : m)) } : page,
  );
  return { ...data, pages };
}

/**
 * spec §4 'Sending': a server or realtime copy replaces the pending one, matched by temporary id,
 * otherwise by id; anything new joins the newest page in time order.
 */
export function upsertMessage(
  data: MessagePages | undefined,
  message: Message,
  temporaryId: string | null = message.temporaryId,
): MessagePages | undefined {
  if (!data) return data;
  const at =
    (temporaryId ? locate(data, (m) => m.temporaryId === temporaryId) : null) ??
    locate(data, (m) => m._id === message._id);
  if (at) {
    const current = data.pages[at[0]]?.docs[at[1]];
    return current ? replaceAt(data, at, mergeMessage(current, message)) : data;
  }
  const [first, ...older] = data.pages.length ? data.pages : [{ docs: [], hasNextPage: false }];
  const docs = [...(first?.docs ?? [])];
  const when = Date.parse(message.createdAt);
  let index = docs.length;
  while (index > 0 && Date.parse(docs[index - 1]?.createdAt ?? '') > when) index -= 1;
  docs.splice(index, 0, message);
  const pageParams = data.pageParams.length ? data.pageParams : [1];
  return { pages: [{ hasNextPage: first?.hasNextPage ?? false, docs }, ...older], pageParams };
}

/** spec §4/§8: a failed send becomes error with the server's message or the fallback. */
export function markMessageFailed(
  data: MessagePages | undefined,
  temporaryId: string,
  errorMessage: string,
): MessagePages | undefined {
  if (!data) return data;
  const at = locate(data, (m) => m.temporaryId === temporaryId);
  const current = at ? data.pages[at[0]]?.docs[at[1]] : undefined;
  if (!at || !current || current.status !== 'pending') return data;
  return replaceAt(data, at, { ...current, status: 'error', errorMessage });
}

/** The local copy shown at once while a text is being sent (spec §4 'Sending'). */
export function pendingMessage(input: {
  chatId: string;
  temporaryId: string;
  text: string;
  agent: { _id: string; name: string } | null;
  now?: Date;
}): Message {
  const at = (input.now ?? new Date()).toISOString();
  return {
    _id: input.temporaryId,
    messageId: null,
    temporaryId: input.temporaryId,
    chatId: input.chatId,
    type: 'text',
    text: input.text,
    status: 'pending',
    isFromMe: true,
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    agentId: input.agent?._id ?? null,
    agent: input.agent ? { name: input.agent.name } : null,
    errorMessage: null,
    quotedMessageId: null,
    quoted: null,
    kind: 'message',
    mentions: [],
    pricingCategory: null,
  };
}
