import type { QueryClient } from '@tanstack/react-query';
import {
  splitsCaption,
  temporaryId,
  type AccountType,
  type CloudTemplateSend,
  type ContactMedia,
  type LocationMedia,
  type MediaFields,
  type Message,
  type MessageContentInput,
  type UploadedMedia,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';
import { chatKeys } from '../../resources/chat/chat-keys';
import { markMessageFailed, pendingMessage, type MessagePages } from '../../resources/chat/message-cache';
import { refreshChatCount } from './refresh-chat-count';
import { sendFailureMessage } from './send-failure';
import { localFileMedia, quoteOf } from '../../resources/chat/outgoing-media';
import { uploadMedia } from '../../resources/chat/upload-media';

export type FileKind = 'image' | 'video' | 'audio' | 'document';

/**
 * What the composer hands over: text, a picked file, a location, a contact, or a template's stored
 * media. A text may carry an approved WhatsApp Cloud API template (issue 25): `text` is then its body
 * with the {{n}} filled in, which the pending bubble shows.
 */
export type OutgoingContent =
  | { type: 'text'; text: string; template?: CloudTemplateSend }
  | { type: FileKind; file: File; caption: string }
  | { type: 'location'; location: Omit<LocationMedia, 'thumbnail'>; caption?: string }
  | { type: 'contact'; contact: ContactMedia }
  | { type: FileKind; stored: MediaFields; caption: string };

/** How one send ended: the server stored it, or the Indonesian reason the bubble now shows. */
export type SendOutcome = { ok: true } | { ok: false; error: string };

export interface SendInput {
  chatId: string;
  channel: AccountType;
  content: OutgoingContent;
  agent: { _id: string; name: string } | null;
  /** the message being replied to (WhatsApp) */
  quoted?: Message | null;
}

function captionOf(content: OutgoingContent): string {
  if (content.type === 'text') return content.text;
  if (content.type === 'contact') return '';
  return content.caption ?? '';
}

/** The media object the pending bubble shows until the server's copy arrives (a local preview for files). */
function localMedia(content: OutgoingContent): MediaFields {
  if ('stored' in content) return content.stored;
  if (content.type === 'location') return { location: { ...content.location, thumbnail: null } };
  if (content.type === 'contact') return { contact: content.contact };
  if (content.type === 'text') return {};
  return localFileMedia(content.type, content.file, URL.createObjectURL(content.file));
}

/** The body of POST /chat/{id}/message once any file is uploaded. */
function bodyOf(content: OutgoingContent, text: string, uploaded: UploadedMedia | null): MessageContentInput {
  switch (content.type) {
    case 'text':
      return { type: 'text', text };
    case 'location':
      return { type: 'location', text, location: content.location };
    case 'contact':
      return { type: 'contact', text, contact: content.contact };
    default: {
      const url =
        uploaded?.url ?? ('stored' in content ? content.stored[content.type]?.url : undefined) ?? '';
      if (content.type === 'document') {
        const name = 'file' in content ? content.file.name : content.stored.document?.name;
        return { type: 'document', text, document: { url, name } };
      }
      return { type: content.type, text, [content.type]: { url } } as MessageContentInput;
    }
  }
}

/**
 * spec §4 'Sending' for one message: a pending copy with a temporary id shows at once (the chat moves to
 * the top); a file is uploaded first and the message sent with the returned url; the answer replaces the
 * pending copy, a failure (upload or send) marks it error with the server's message or the fallback.
 */
async function sendOne(queryClient: QueryClient, input: SendInput, text: string): Promise<SendOutcome> {
  const { content } = input;
  const tmp = temporaryId();
  const media = localMedia(content);
  const local: Message = {
    ...pendingMessage({ chatId: input.chatId, temporaryId: tmp, text, agent: input.agent }),
    type: content.type,
    ...media,
    quotedMessageId: input.quoted?._id ?? null,
    quoted: input.quoted ? quoteOf(input.quoted) : null,
  };
  chatCaches.writeMessage(queryClient, local, tmp);
  const chat = chatCaches.readChat(queryClient, input.chatId);
  if (chat) {
    chatCaches.writeChat(
      queryClient,
      {
        ...chat,
        lastMessage: { sendAt: local.createdAt, text, type: local.type, isFromMe: true, status: 'pending' },
      },
      input.chatId,
    );
  }
  const fail = (error: unknown): SendOutcome => {
    const reason = sendFailureMessage(error);
    queryClient.setQueryData<MessagePages>(chatKeys.messages(input.chatId), (data) =>
      markMessageFailed(data, tmp, reason),
    );
    return { ok: false, error: reason };
  };
  let uploaded: UploadedMedia | null = null;
  if ('file' in content) {
    try {
      uploaded = await uploadMedia(content.file);
    } catch (error) {
      return fail(error);
    }
  }
  try {
    const message = await api.post<Message>(`/chat/${encodeURIComponent(input.chatId)}/message`, {
      temporaryId: tmp,
      ...bodyOf(content, text, uploaded),
      ...(input.quoted ? { quotedMessageId: input.quoted._id } : {}),
      ...(content.type === 'text' && content.template ? { template: content.template } : {}),
    });
    chatCaches.writeMessage(queryClient, message, tmp);
    refreshChatCount(queryClient);
    return { ok: true };
  } catch (error) {
    return fail(error);
  }
}

/**
 * Sends what the composer produced. Empty text is not sent. On Instagram and Messenger a caption with
 * media goes as two messages, the text and then the media (spec §4). Resolves with how it ended (the
 * first failure when two messages go), for callers that wait, such as the template picker.
 */
export async function sendContent(queryClient: QueryClient, input: SendInput): Promise<SendOutcome> {
  const caption = captionOf(input.content).trim();
  if (input.content.type === 'text') {
    if (!caption) return { ok: true };
    return sendOne(queryClient, input, caption);
  }
  if (caption && input.content.type !== 'location' && splitsCaption(input.channel)) {
    // the text first, then the media without its caption
    const first = await sendOne(queryClient, { ...input, content: { type: 'text', text: caption } }, caption);
    const second = await sendOne(queryClient, { ...input, quoted: null }, '');
    return first.ok ? second : first;
  }
  return sendOne(queryClient, input, caption);
}
