import type { AccountType } from './schemas/account';
import type { MessageType } from './schemas/message';
import { LIMITS } from './limits';

/**
 * Attachment and channel rules of spec §5, shared by the browser (info toasts titled 'Tidak Valid')
 * and the server (the same text as a 400). Kept out of the main catalogue so the login page does not
 * carry the inbox's strings.
 */
export const ATTACHMENT_MESSAGES = {
  toastTitle: 'Tidak Valid',
  tooLarge: 'Maksimal ukuran file adalah 10MB',
  wrongType: 'Jenis file {type} tidak didukung untuk gambar/video/audio',
  instagram: 'Instagram tidak bisa mengirimkan Dokumen, Lokasi atau Kontak',
  messenger: 'Messenger tidak bisa mengirimkan Lokasi atau Kontak',
  contactName: 'Nama Kontak tidak valid',
  contactPhone: 'Nomor Telepon tidak valid',
  latitude: 'Latitude tidak valid',
  longitude: 'Longitude tidak valid',
  locationName: 'Nama Lokasi tidak valid',
  locationAddress: 'Alamat Lokasi tidak valid',
  fileMissing: 'File tidak ditemukan. Unggah ulang file tersebut',
  fileRequired: 'Pilih file yang akan diunggah',
  fileEmpty: 'File kosong tidak dapat diunggah',
  fileMismatch: 'Isi file tidak sesuai dengan jenisnya ({type})',
  uploadFailed: 'Gagal mengunggah file',
  mediaRequired: 'Media tidak valid',
  typeInvalid: 'Jenis pesan tidak valid',
  quotedNotFound: 'Pesan yang dibalas tidak ditemukan',
  replyWhatsappOnly: 'Balasan kutipan hanya tersedia di WhatsApp',
  noPreview: 'Pratinjau tidak tersedia',
  captionPlaceholder: 'Tambahkan keterangan',
} as const;

export function attachmentMessage(
  key: keyof typeof ATTACHMENT_MESSAGES,
  vars: Record<string, string> = {},
): string {
  return ATTACHMENT_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

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
      return attachmentMessage('wrongType', { type: file.mimetype || 'tidak dikenal' });
  }
  if (kind === 'sticker' && file.mimetype !== 'image/webp')
    return attachmentMessage('wrongType', { type: file.mimetype || 'tidak dikenal' });
  return null;
}

/** spec §9: document size shown as bytes/1000 rounded, in kB. */
export function documentSizeKb(bytes: number): number {
  return Math.round(bytes / 1000);
}
