import type { AccountType } from './schemas/account';
import type { MessageType } from './schemas/message';
import { LIMITS } from './limits';
import { ATTACHMENT_MESSAGES } from './catalogue/attachment';
import { interpolate } from './catalogue/messages';

/** What the composer's attach menu offers (spec §2 'Composer'). */
export const ATTACH_KINDS = ['image', 'video', 'audio', 'document', 'location', 'contact'] as const;
export type AttachKind = (typeof ATTACH_KINDS)[number];

/** Message types carrying an uploaded file. */
export const FILE_MESSAGE_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
export type FileMessageType = (typeof FILE_MESSAGE_TYPES)[number];
export function isFileMessageType(type: string): type is FileMessageType {
  return (FILE_MESSAGE_TYPES as readonly string[]).includes(type);
}

/**
 * spec §5: Instagram sends image, video and audio; Messenger adds documents; location and contact
 * only on WhatsApp. Null when the channel may send this type, else the refusal.
 */
export function channelRefusal(channel: AccountType, type: MessageType): string | null {
  if (channel === 'instagram' && (type === 'document' || type === 'location' || type === 'contact'))
    return ATTACHMENT_MESSAGES.instagram;
  if (channel === 'messenger' && (type === 'location' || type === 'contact'))
    return ATTACHMENT_MESSAGES.messenger;
  return null;
}

/** The attach menu of a chat's channel: only what it can send. */
export function attachKindsFor(channel: AccountType): AttachKind[] {
  return ATTACH_KINDS.filter((kind) => channelRefusal(channel, kind) === null);
}

/** Instagram and Messenger send a caption with media as two messages: the text, then the media. */
export function splitsCaption(channel: AccountType): boolean {
  return channel !== 'whatsapp';
}

/** The reply-to action exists on WhatsApp chats only (spec §2). */
export function canQuote(channel: AccountType): boolean {
  return channel === 'whatsapp';
}

/**
 * spec §5 file checks for an attachment of this kind: at most 10 MB; image, video and audio need a
 * matching mime type (documents take any). `mimetype` is what the browser or the bytes say.
 */
export function fileRefusal(
  kind: AttachKind | 'sticker',
  file: { size: number; mimetype: string },
): string | null {
  if (file.size > LIMITS.maxAttachmentBytes) return ATTACHMENT_MESSAGES.tooLarge;
  if (kind === 'image' || kind === 'video' || kind === 'audio') {
    if (!file.mimetype.toLowerCase().startsWith(`${kind}/`))
      return interpolate(ATTACHMENT_MESSAGES.wrongType, { type: file.mimetype || 'tidak dikenal' });
  }
  if (kind === 'sticker' && file.mimetype !== 'image/webp')
    return interpolate(ATTACHMENT_MESSAGES.wrongType, { type: file.mimetype || 'tidak dikenal' });
  return null;
}

/** spec §9: document size shown as bytes/1000 rounded, in kB. */
export function documentSizeKb(bytes: number): number {
  return Math.round(bytes / 1000);
}
