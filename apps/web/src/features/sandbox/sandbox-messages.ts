import {
  channelRefusal,
  isForwardStatus,
  isMediaKey,
  sandboxConversation,
  sandboxStatus,
  type AccountType,
  type ContactMedia,
  type LocationMedia,
  type MediaFields,
  type MessageContentInput,
  type QuotedMessage,
  type SandboxConversation,
  type SandboxStatus,
} from '@sapa/contracts';
import { localFileMedia } from '../../resources/chat/outgoing-media';

export { quoteOf } from '../../resources/chat/outgoing-media';

/** One message as the simulated customer sees it; isFromMe means sent by the business. */
export type SandboxMessage = SandboxConversation['messages'][number];

/** What the customer can attach, in the menu's order. */
export const SANDBOX_KINDS = [
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contact',
] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];
export type SandboxFileKind = Exclude<SandboxKind, 'location' | 'contact'>;

export function isSandboxFileKind(kind: SandboxKind): kind is SandboxFileKind {
  return kind !== 'location' && kind !== 'contact';
}

/**
 * What a real customer of this channel can send: everything on WhatsApp; Instagram has no
 * documents, locations or contact cards, Messenger no locations or contact cards.
 */
export function sandboxKindsFor(channel: AccountType): SandboxKind[] {
  return SANDBOX_KINDS.filter((kind) => channelRefusal(channel, kind) === null);
}

/** What the customer sends: text, a picked file with its caption, a location or a contact card. */
export type SandboxOutgoing =
  | { type: 'text'; text: string }
  | { type: SandboxFileKind; file: File; caption: string }
  | { type: 'location'; location: Omit<LocationMedia, 'thumbnail'> }
  | { type: 'contact'; contact: ContactMedia };

export interface SandboxCustomerRef {
  accountId: string;
  phoneNumber: string;
  name: string;
}

/** The body of POST /api/sandbox/inbound, once any file is uploaded (`url` is where it is stored). */
export type SandboxInboundRequest = MessageContentInput & {
  accountId: string;
  phoneNumber: string;
  name: string;
  quotedMessageId?: string;
};

function contentOf(content: SandboxOutgoing, url: string | null): MessageContentInput {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'location':
      return { type: 'location', text: '', location: content.location };
    case 'contact':
      return { type: 'contact', text: '', contact: content.contact };
    case 'document':
      return {
        type: 'document',
        text: content.caption,
        document: { url: url ?? '', name: content.file.name },
      };
    case 'image':
      return { type: 'image', text: content.caption, image: { url: url ?? '' } };
    case 'video':
      return { type: 'video', text: content.caption, video: { url: url ?? '' } };
    case 'audio':
      return { type: 'audio', text: content.caption, audio: { url: url ?? '' } };
    default:
      return { type: 'sticker', text: content.caption, sticker: { url: url ?? '' } };
  }
}

export function inboundRequest(
  customer: SandboxCustomerRef,
  content: SandboxOutgoing,
  url: string | null,
  quotedMessageId?: string,
): SandboxInboundRequest {
  return {
    accountId: customer.accountId,
    phoneNumber: customer.phoneNumber,
    name: customer.name,
    ...contentOf(content, url),
    ...(quotedMessageId ? { quotedMessageId } : {}),
  };
}

/** The media the pending bubble shows until the server's copy loads; files from a local blob: url. */
export function localMedia(content: SandboxOutgoing, objectUrl: string | null): MediaFields {
  if (content.type === 'text') return {};
  if (content.type === 'location') return { location: { ...content.location, thumbnail: null } };
  if (content.type === 'contact') return { contact: content.contact };
  return localFileMedia(content.type, content.file, objectUrl ?? '');
}

/** The text of what the customer sends: the message, a file's caption, nothing for a location or contact. */
export function outgoingText(content: SandboxOutgoing): string {
  if (content.type === 'text') return content.text;
  if (content.type === 'location' || content.type === 'contact') return '';
  return content.caption;
}

/**
 * A quote seen from the customer's side: the server says isFromMe for the business; here the
 * customer is 'Anda' and the business goes by its name.
 */
export function customerSideQuote(quoted: QuotedMessage, businessName: string): QuotedMessage {
  return quoted.isFromMe
    ? { ...quoted, isFromMe: false, senderName: businessName }
    : { ...quoted, isFromMe: true };
}

const frameSchema = sandboxConversation.shape.messages.element;

/**
 * A /ws/sandbox frame (double JSON-encoded {type: 'sandbox.message', message} or
 * {type: 'sandbox.status', status}): the message when it is complete, a status the number posted;
 * `reload` when it is a sandbox frame this page cannot fully read (then the conversation is fetched
 * again); null for anything else.
 */
export type SandboxFrame = { message: SandboxMessage } | { status: SandboxStatus } | { reload: true };

export function readSandboxFrame(data: string): SandboxFrame | null {
  try {
    let value: unknown = JSON.parse(data);
    if (typeof value === 'string') value = JSON.parse(value);
    if (!value || typeof value !== 'object') return null;
    const type = (value as { type?: unknown }).type;
    if (type === 'sandbox.status') {
      const parsed = sandboxStatus.safeParse((value as { status?: unknown }).status);
      return parsed.success ? { status: parsed.data } : null;
    }
    if (type !== 'sandbox.message') return null;
    const parsed = frameSchema.safeParse((value as { message?: unknown }).message);
    if (!parsed.success) return { reload: true };
    const message = parsed.data;
    // a media type without its media object: the frame is partial, the conversation has it all
    if (isMediaKey(message.type) && !message[message.type]) return { reload: true };
    return { message };
  } catch {
    return null;
  }
}

/** Decodes a complete sandbox frame; null otherwise. */
export function parseSandboxFrame(data: string): SandboxMessage | null {
  const frame = readSandboxFrame(data);
  return frame && 'message' in frame ? frame.message : null;
}

function byTime(a: SandboxMessage, b: SandboxMessage): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

/** Adds or updates messages by id, statuses only moving forward, oldest first. */
export function mergeSandboxMessages(
  current: readonly SandboxMessage[],
  incoming: readonly SandboxMessage[],
): SandboxMessage[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) {
    const seen = byId.get(message._id);
    const forward = !seen || seen.status === message.status || isForwardStatus(seen.status, message.status);
    byId.set(message._id, forward ? message : { ...message, status: seen.status });
  }
  return [...byId.values()].sort(byTime);
}

/** Adds statuses by id, newest first. */
export function mergeSandboxStatuses(
  current: readonly SandboxStatus[],
  incoming: readonly SandboxStatus[],
): SandboxStatus[] {
  const byId = new Map(current.map((s) => [s._id, s]));
  for (const status of incoming) byId.set(status._id, status);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The customer's message once deleted for everyone: its type says so, its text and media are gone. */
export function deletedForEveryone(message: SandboxMessage): SandboxMessage {
  return {
    _id: message._id,
    type: 'deleted',
    text: '',
    isFromMe: message.isFromMe,
    status: message.status,
    createdAt: message.createdAt,
    quoted: message.quoted,
  };
}

/** Whether the customer can delete this message for everyone: their own, stored, not deleted yet. */
export function deletable(message: SandboxMessage): boolean {
  return (
    !message.isFromMe &&
    message.type !== 'deleted' &&
    message.status !== 'pending' &&
    !message._id.startsWith('local-')
  );
}
