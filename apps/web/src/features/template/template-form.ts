import {
  ATTACHMENT_MESSAGES,
  COUNTRIES,
  documentSizeKb,
  MESSAGE_TYPE_NAMES,
  templateBody,
  type AudioMedia,
  type ChatTemplate,
  type DocumentMedia,
  type ImageMedia,
  type TemplateInput,
  type UploadedMedia,
  type VideoMedia,
} from '@sapa/contracts';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';

export type TemplateType = ChatTemplate['type'];
export type FileKind = 'image' | 'video' | 'audio' | 'document';

export const FILE_KINDS: readonly FileKind[] = ['image', 'video', 'audio', 'document'];

export function isFileKind(type: string): type is FileKind {
  return (FILE_KINDS as readonly string[]).includes(type);
}

/** Only text and media templates carry a text the composer uses (the caption); location and contact do not. */
export function hasText(type: TemplateType): boolean {
  return type !== 'location' && type !== 'contact';
}

/** A stored file of a template: what the preview shows and what the body refers to by url. */
export type TemplateFile =
  | { kind: 'image'; name: string; media: ImageMedia }
  | { kind: 'video'; name: string; media: VideoMedia }
  | { kind: 'audio'; name: string; media: AudioMedia }
  | { kind: 'document'; name: string; media: DocumentMedia };

/** The uploaded file of each kind, so switching the type back keeps what was uploaded for it. */
export type TemplateFiles = Partial<Record<FileKind, TemplateFile>>;

/** The form's text values (useZodForm keeps strings). */
export type TemplateFormValues = {
  title: string;
  type: TemplateType;
  text: string;
  latitude: string;
  longitude: string;
  locationName: string;
  address: string;
  contactName: string;
  country: string;
  phoneNumber: string;
};

/** The fields an error can be shown on; `file` is the file picker. */
export type TemplateField = keyof TemplateFormValues | 'file';
export type TemplateErrors = Partial<Record<TemplateField, string>>;

export const EMPTY_TEMPLATE_VALUES: TemplateFormValues = {
  title: '',
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
export function fileFromUpload(kind: FileKind, uploaded: UploadedMedia): TemplateFile {
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

/** The stored file of a template, if it has one. */
export function fileOfTemplate(template: ChatTemplate): TemplateFile | null {
  switch (template.type) {
    case 'image':
      return template.image ? { kind: 'image', name: storedName('image'), media: template.image } : null;
    case 'video':
      return template.video ? { kind: 'video', name: storedName('video'), media: template.video } : null;
    case 'audio':
      return template.audio ? { kind: 'audio', name: storedName('audio'), media: template.audio } : null;
    case 'document':
      return template.document
        ? {
            kind: 'document',
            name: template.document.name || storedName('document'),
            media: template.document,
          }
        : null;
    default:
      return null;
  }
}

/** The form as it opens: empty for a new template, the template's content when editing. */
export function initialForm(template: ChatTemplate | null): {
  values: TemplateFormValues;
  files: TemplateFiles;
} {
  if (!template) return { values: EMPTY_TEMPLATE_VALUES, files: {} };
  const values: TemplateFormValues = {
    ...EMPTY_TEMPLATE_VALUES,
    title: template.title,
    type: template.type,
    text: template.text,
  };
  if (template.location) {
    values.latitude = String(template.location.latitude);
    values.longitude = String(template.location.longitude);
    values.locationName = template.location.name;
    values.address = template.location.address;
  }
  if (template.contact) {
    const country = COUNTRIES.find((c) => c.dial === template.contact?.dial.replace(/^\+/, ''));
    values.contactName = template.contact.name;
    values.country = country?.code ?? DEFAULT_COUNTRY.code;
    values.phoneNumber = template.contact.phoneNumber;
  }
  const file = fileOfTemplate(template);
  return { values, files: file ? { [file.kind]: file } : {} };
}

/** Where an issue of the body (or a field the server names, 'location.latitude') shows in the form. */
export function fieldOfPath(path: readonly PropertyKey[] | string): TemplateField | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [head, sub] = parts;
  switch (head) {
    case 'title':
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

/** The request body as typed: the content of the chosen type only. */
function rawBody(values: TemplateFormValues, files: TemplateFiles): Record<string, unknown> {
  const { title, type } = values;
  const text = hasText(type) ? values.text : '';
  switch (type) {
    case 'location':
      return {
        title,
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
        title,
        type,
        text,
        contact: {
          name: values.contactName,
          dial: countryByCode(values.country).dial,
          phoneNumber: values.phoneNumber,
        },
      };
    case 'text':
      return { title, type, text };
    default: {
      const file = files[type];
      if (!file) return { title, type, text };
      if (type === 'document')
        return { title, type, text, document: { url: file.media.url, name: file.name } };
      return { title, type, text, [type]: { url: file.media.url } };
    }
  }
}

export type TemplateBodyResult = { ok: true; body: TemplateInput } | { ok: false; errors: TemplateErrors };

/**
 * Validates the form with the API's own schema (templateBody) and builds the body of POST/PUT
 * /chat/template; each refusal lands on its field, the first message per field.
 */
export function buildTemplateBody(values: TemplateFormValues, files: TemplateFiles): TemplateBodyResult {
  const result = templateBody.safeParse(rawBody(values, files));
  const errors: TemplateErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  // A media template without its file: say what to do rather than 'Media tidak valid'.
  if (isFileKind(values.type) && !files[values.type]) errors.file = ATTACHMENT_MESSAGES.fileRequired;
  if (Object.keys(errors).length || !result.success) {
    return {
      ok: false,
      errors: Object.keys(errors).length ? errors : { type: ATTACHMENT_MESSAGES.typeInvalid },
    };
  }
  return { ok: true, body: result.data };
}

/** The one line under a template's title in the list: its text, or what its media is. */
export function templateSummary(template: ChatTemplate): string {
  const parts: string[] = [];
  if (template.type === 'document' && template.document?.name) parts.push(template.document.name);
  if (template.type === 'location' && template.location) {
    parts.push([template.location.name, template.location.address].filter(Boolean).join(', '));
  }
  if (template.type === 'contact' && template.contact) {
    const dial = template.contact.dial.replace(/^\+/, '');
    parts.push(`${template.contact.name} (+${dial} ${template.contact.phoneNumber})`);
  }
  const text = template.text.replace(/\s+/g, ' ').trim();
  if (text) parts.push(text);
  return parts.filter(Boolean).join(' · ');
}
