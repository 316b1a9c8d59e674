import {
  ATTACHMENT_MESSAGES,
  broadcastBody,
  BROADCAST_FIXED_VARIABLES,
  fillVariables,
  variablesIn,
  type Broadcast,
  type BroadcastBody,
  type BroadcastMessage,
  type BroadcastPreview,
} from '@sapa/contracts';
import {
  contentBody,
  contentFieldOfPath,
  contentForm,
  EMPTY_CONTENT_VALUES,
  hasText,
  isFileKind,
  type ContentValues,
  type MediaFiles,
} from '../../components/content-editor/content-form';
import { countryByCode } from '../../lib/phone-form';
import { PUB_TEXT } from './publication-strings';
import { isoToWibInput, wibInputToIso } from './publication-format';

/** The form's text values: the broadcast's own and its message's. */
export type BroadcastFormValues = ContentValues & {
  name: string;
  phoneNumbers: string;
  /** 'now' or 'schedule' */
  when: string;
  /** 'YYYY-MM-DDTHH:mm' in Asia/Jakarta */
  scheduledAt: string;
};

export interface BroadcastFormState {
  values: BroadcastFormValues;
  files: MediaFiles;
  accountIds: string[];
  groupIds: string[];
  fallbacks: Record<string, string>;
}

/** Error keys: the text fields, accountIds, groupIds, file, and `fallback:<name>` per variable. */
export type BroadcastErrors = Record<string, string>;

export const EMPTY_BROADCAST_VALUES: BroadcastFormValues = {
  ...EMPTY_CONTENT_VALUES,
  name: '',
  phoneNumbers: '',
  when: 'now',
  scheduledAt: '',
};

/**
 * The form as it opens: empty, or an existing broadcast's copy ('Duplikat'): its name, senders,
 * groups, message with media and fallbacks; it is sent now unless the owner schedules it again.
 */
export function initialBroadcastForm(source: Broadcast | null): BroadcastFormState {
  if (!source) {
    return { values: EMPTY_BROADCAST_VALUES, files: {}, accountIds: [], groupIds: [], fallbacks: {} };
  }
  const content = contentForm(source.message);
  return {
    values: {
      ...EMPTY_BROADCAST_VALUES,
      ...content.values,
      name: source.name,
      when: source.state === 'scheduled' && source.scheduledAt ? 'schedule' : 'now',
      scheduledAt:
        source.state === 'scheduled' && source.scheduledAt ? isoToWibInput(source.scheduledAt) : '',
    },
    files: content.files,
    accountIds: source.senders.map((s) => s._id),
    groupIds: source.groups.map((g) => g._id),
    fallbacks: { ...source.fallbacks },
  };
}

/** Where an issue of the body (or a field the server names, 'message.text') shows in the form. */
export function fieldOfBroadcastPath(path: readonly PropertyKey[] | string): string | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [head, ...rest] = parts;
  switch (head) {
    case 'name':
    case 'accountIds':
    case 'groupIds':
    case 'phoneNumbers':
    case 'scheduledAt':
      return head;
    case 'fallbacks':
      return rest[0] ? `fallback:${rest[0]}` : null;
    case 'message':
      return contentFieldOfPath(rest);
    default:
      return null;
  }
}

/** The variables the message's text uses. */
export function usedVariables(values: Pick<ContentValues, 'type' | 'text'>): string[] {
  return hasText(values.type) ? variablesIn(values.text) : [];
}

/** Every variable offered: nama, nomor and the chosen groups' columns (from the preview). */
export function offeredVariables(preview: BroadcastPreview | undefined): string[] {
  const names: string[] = [...BROADCAST_FIXED_VARIABLES];
  for (const name of preview?.variables ?? []) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}

export type BroadcastBodyResult = { ok: true; body: BroadcastBody } | { ok: false; errors: BroadcastErrors };

/**
 * Validates the form with the API's own schema (broadcastBody) and builds POST /publication/broadcast's
 * body: fallbacks only for the variables the text uses, the schedule in Asia/Jakarta or null (now).
 */
export function buildBroadcastBody(state: BroadcastFormState): BroadcastBodyResult {
  const { values, files } = state;
  const used = usedVariables(values).map((n) => n.toLowerCase());
  const fallbacks = Object.fromEntries(
    Object.entries(state.fallbacks).filter(
      ([name, value]) => used.includes(name.toLowerCase()) && value.trim(),
    ),
  );
  const scheduledAt = values.when === 'schedule' ? wibInputToIso(values.scheduledAt) : null;
  const raw = {
    name: values.name,
    accountIds: state.accountIds,
    groupIds: state.groupIds,
    phoneNumbers: values.phoneNumbers,
    message: contentBody(values, files),
    fallbacks,
    scheduledAt,
  };
  const result = broadcastBody.safeParse(raw);
  const errors: BroadcastErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOfBroadcastPath(issue.path) ?? (issue.path[0] === 'message' ? 'type' : null);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (isFileKind(values.type) && !files[values.type]) errors.file = ATTACHMENT_MESSAGES.fileRequired;
  if (values.when === 'schedule' && !scheduledAt) errors.scheduledAt = PUB_TEXT.scheduleRequired;
  if (Object.keys(errors).length || !result.success) {
    return {
      ok: false,
      errors: Object.keys(errors).length ? errors : { type: ATTACHMENT_MESSAGES.typeInvalid },
    };
  }
  // the body as typed (the schema's output trims and defaults; the server parses it again)
  return { ok: true, body: { ...raw, name: values.name.trim() } as BroadcastBody };
}

/** A recipient's values for the preview: nama, nomor and their group columns. */
export function sampleValues(sample: BroadcastPreview['sample']): Record<string, string> {
  if (!sample) return {};
  return { nama: sample.name, nomor: sample.phoneNumber, ...sample.values };
}

/** The message as the sample recipient gets it (variables filled), for the bubble preview. */
export function previewMessage(
  values: ContentValues,
  files: MediaFiles,
  fill: Record<string, string>,
  fallbacks: Record<string, string>,
): BroadcastMessage {
  const text = hasText(values.type) ? fillVariables(values.text, fill, fallbacks) : '';
  const message: BroadcastMessage = { type: values.type, text };
  if (isFileKind(values.type)) {
    const file = files[values.type];
    if (file?.kind === 'image') message.image = file.media;
    if (file?.kind === 'video') message.video = file.media;
    if (file?.kind === 'audio') message.audio = file.media;
    if (file?.kind === 'document') message.document = file.media;
  }
  if (values.type === 'location') {
    const latitude = Number(values.latitude);
    const longitude = Number(values.longitude);
    if (values.latitude && values.longitude && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      message.location = {
        latitude,
        longitude,
        name: values.locationName,
        address: values.address,
        thumbnail: null,
      };
    }
  }
  if (values.type === 'contact' && values.contactName && values.phoneNumber) {
    message.contact = {
      name: values.contactName,
      dial: countryByCode(values.country).dial,
      phoneNumber: values.phoneNumber,
    };
  }
  return message;
}
