import { ATTACHMENT_MESSAGES, templateBody, type ChatTemplate, type TemplateInput } from '@sapa/contracts';
import {
  contentBody,
  contentFieldOfPath,
  contentForm,
  EMPTY_CONTENT_VALUES,
  fileOfContent,
  isFileKind,
  type ContentValues,
  type MediaFile,
  type MediaFiles,
} from '../../components/content-editor/content-form';

export {
  FILE_KINDS,
  fileFromUpload,
  hasText,
  isFileKind,
  type FileKind,
} from '../../components/content-editor/content-form';

export type TemplateType = ChatTemplate['type'];

/** A stored file of a template: what the preview shows and what the body refers to by url. */
export type TemplateFile = MediaFile;
/** The uploaded file of each kind, so switching the type back keeps what was uploaded for it. */
export type TemplateFiles = MediaFiles;

/** The form's text values (useZodForm keeps strings): the title and the content. */
export type TemplateFormValues = ContentValues & { title: string };

/** The fields an error can be shown on; `file` is the file picker. */
export type TemplateField = keyof TemplateFormValues | 'file';
export type TemplateErrors = Partial<Record<TemplateField, string>>;

export const EMPTY_TEMPLATE_VALUES: TemplateFormValues = { title: '', ...EMPTY_CONTENT_VALUES };

/** The stored file of a template, if it has one. */
export function fileOfTemplate(template: ChatTemplate): TemplateFile | null {
  return fileOfContent(template);
}

/** The form as it opens: empty for a new template, the template's content when editing. */
export function initialForm(template: ChatTemplate | null): {
  values: TemplateFormValues;
  files: TemplateFiles;
} {
  if (!template) return { values: EMPTY_TEMPLATE_VALUES, files: {} };
  const { values, files } = contentForm(template);
  return { values: { ...values, title: template.title }, files };
}

/** Where an issue of the body (or a field the server names, 'location.latitude') shows in the form. */
export function fieldOfPath(path: readonly PropertyKey[] | string): TemplateField | null {
  const head = typeof path === 'string' ? path.split('.')[0] : String(path[0] ?? '');
  return head === 'title' ? 'title' : contentFieldOfPath(path);
}

/** The request body as typed: the content of the chosen type only. */
function rawBody(values: TemplateFormValues, files: TemplateFiles): Record<string, unknown> {
  return { title: values.title, ...contentBody(values, files) };
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
