import {
  COUNTRIES,
  documentSizeKb,
  MESSAGE_TYPE_NAMES,
  type AudioMedia,
  type DocumentMedia,
  type ImageMedia,
  type MediaFields,
  type UploadedMedia,
  type VideoMedia,
} from '@sapa/contracts';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';

/**
 * The content of a message being written in a form (a template, a broadcast): its type, text, the
 * file of each media type and the location or contact fields, kept as strings until the body is built.
 */
export type ContentType = 'text' | 'image' | 'video' | 'audio' | 'document' | 'location' | 'contact';
export type FileKind = 'image' | 'video' | 'audio' | 'document';

export const CONTENT_TYPES: readonly ContentType[] = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'location',
  'contact',
];
export const FILE_KINDS: readonly FileKind[] = ['image', 'video', 'audio', 'document'];

export function isFileKind(type: string): type is FileKind {
  return (FILE_KINDS as readonly string[]).includes(type);
}

/** Only text and media content carry a text (the caption); location and contact do not. */
export function hasText(type: ContentType): boolean {
  return type !== 'location' && type !== 'contact';
}

/** A stored file of the content: what the preview shows and what the body refers to by url. */
export type MediaFile =
  | { kind: 'image'; name: string; media: ImageMedia }
  | { kind: 'video'; name: string; media: VideoMedia }
  | { kind: 'audio'; name: string; media: AudioMedia }
  | { kind: 'document'; name: string; media: DocumentMedia };

/** The uploaded file of each kind, so switching the type back keeps what was uploaded for it. */
export type MediaFiles = Partial<Record<FileKind, MediaFile>>;

/** The content's text values. */
export type ContentValues = {
  type: ContentType;
  text: string;
  latitude: string;
  longitude: string;
  locationName: string;
  address: string;
  contactName: string;
  country: string;
  phoneNumber: string;
};

export const EMPTY_CONTENT_VALUES: ContentValues = {
  type: 'text',
  text: '',
  latitude: '',
  longitude: '',
  locationName: '',
  address: '',
  contactName: '',
  country: DEFAULT_COUNTRY.code,
  phoneNumber: '',
};

/** What a stored file without a name (image, video, audio) is called under its preview. */
function storedName(kind: FileKind): string {
  return `${MESSAGE_TYPE_NAMES[kind]} tersimpan`;
}

/** What POST /chat/media answered, as the preview of a file of this kind. */
export function fileFromUpload(kind: FileKind, uploaded: UploadedMedia): MediaFile {
  const { url, name, mimetype, thumbnail } = uploaded;
  const duration = uploaded.duration ?? 0;
  switch (kind) {
    case 'image':
      return { kind, name, media: { url, thumbnail, mimetype } };
    case 'video':
      return { kind, name, media: { url, thumbnail, duration, mimetype } };
    case 'audio':
      return { kind, name, media: { url, duration, mimetype } };
    default:
      return { kind, name, media: { url, name, size: documentSizeKb(uploaded.size), mimetype } };
  }
}

/** The stored file of saved content (a template, a broadcast), if it has one. */
export function fileOfContent(content: MediaFields & { type: string }): MediaFile | null {
  switch (content.type) {
    case 'image':
      return content.image ? { kind: 'image', name: storedName('image'), media: content.image } : null;
    case 'video':
      return content.video ? { kind: 'video', name: storedName('video'), media: content.video } : null;
    case 'audio':
      return content.audio ? { kind: 'audio', name: storedName('audio'), media: content.audio } : null;
    case 'document':
      return content.document
        ? { kind: 'document', name: content.document.name || storedName('document'), media: content.document }
        : null;
    default:
      return null;
  }
}

/** Saved content (a template, a broadcast's message) as the form's values and files. */
export function contentForm(content: MediaFields & { type: ContentType; text: string }): {
  values: ContentValues;
  files: MediaFiles;
} {
  const values: ContentValues = { ...EMPTY_CONTENT_VALUES, type: content.type, text: content.text };
  if (content.location) {
    values.latitude = String(content.location.latitude);
    values.longitude = String(content.location.longitude);
    values.locationName = content.location.name;
    values.address = content.location.address;
  }
  if (content.contact) {
    const country = COUNTRIES.find((c) => c.dial === content.contact?.dial.replace(/^\+/, ''));
    values.contactName = content.contact.name;
    values.country = country?.code ?? DEFAULT_COUNTRY.code;
    values.phoneNumber = content.contact.phoneNumber;
  }
  const file = fileOfContent(content);
  return { values, files: file ? { [file.kind]: file } : {} };
}

/** The fields of the content an error can be shown on; `file` is the file picker. */
export type ContentField = keyof ContentValues | 'file';

/** Where an issue of a content body (or a field the server names, 'location.latitude') shows in the form. */
export function contentFieldOfPath(path: readonly PropertyKey[] | string): ContentField | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [head, sub] = parts;
  switch (head) {
    case 'text':
    case 'type':
      return head;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return 'file';
    case 'location':
      return sub === 'latitude' || sub === 'longitude' || sub === 'address'
        ? sub
        : sub === 'name'
          ? 'locationName'
          : null;
    case 'contact':
      return sub === 'name' ? 'contactName' : sub === 'phoneNumber' || sub === 'dial' ? 'phoneNumber' : null;
    default:
      return null;
  }
}

/** The content as the API takes it (messageContent), as typed: the chosen type's fields only. */
export function contentBody(values: ContentValues, files: MediaFiles): Record<string, unknown> {
  const { type } = values;
  const text = hasText(type) ? values.text : '';
  switch (type) {
    case 'location':
      return {
        type,
        text,
        location: {
          latitude: values.latitude,
          longitude: values.longitude,
          name: values.locationName,
          address: values.address,
        },
      };
    case 'contact':
      return {
        type,
        text,
        contact: {
          name: values.contactName,
          dial: countryByCode(values.country).dial,
          phoneNumber: values.phoneNumber,
        },
      };
    case 'text':
      return { type, text };
    default: {
      const file = files[type];
      if (!file) return { type, text };
      if (type === 'document') return { type, text, document: { url: file.media.url, name: file.name } };
      return { type, text, [type]: { url: file.media.url } };
    }
  }
}
