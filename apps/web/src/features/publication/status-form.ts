import { statusBody, STATUS_COLORS, type StatusBody, type StatusType } from '@sapa/contracts';
import type { MediaFiles } from '../../components/content-editor/content-form';
import { wibInputToIso } from './publication-format';
import { PUB_TEXT } from './publication-strings';

export type StatusWhen = 'now' | 'at' | 'repeat';

export interface StatusFormState {
  accountId: string | null;
  type: StatusType;
  text: string;
  backgroundColor: string;
  files: MediaFiles;
  audience: 'all' | 'groups';
  groupIds: string[];
  when: StatusWhen;
  /** 'YYYY-MM-DDTHH:mm' in Asia/Jakarta */
  scheduledAt: string;
  repeat: 'daily' | 'weekly';
  /** '0' (Minggu) .. '6' */
  weekday: string;
  /** HH:mm */
  time: string;
}

export const EMPTY_STATUS_FORM: StatusFormState = {
  accountId: null,
  type: 'text',
  text: '',
  backgroundColor: STATUS_COLORS[0]!,
  files: {},
  audience: 'all',
  groupIds: [],
  when: 'now',
  scheduledAt: '',
  repeat: 'daily',
  weekday: '1',
  time: '07:00',
};

/** Error keys: the body's fields (accountId, text, image, video, groupIds, scheduledAt, time, weekday). */
export type StatusErrors = Record<string, string>;

export type StatusBodyResult = { ok: true; body: StatusBody } | { ok: false; errors: StatusErrors };

/**
 * POST /publication/status's body, checked by the API's own schema: the text's colour only for a text
 * status, the file of an image or video, groups only for a group audience, and the schedule of its
 * kind (a one-off time in Asia/Jakarta, or a daily or weekly time).
 */
export function buildStatusBody(state: StatusFormState): StatusBodyResult {
  const file =
    state.type === 'image' ? state.files.image : state.type === 'video' ? state.files.video : undefined;
  const body: StatusBody = {
    accountId: state.accountId ?? '',
    type: state.type,
    text: state.text,
    backgroundColor: state.type === 'text' ? state.backgroundColor : null,
    audience: state.audience,
    groupIds: state.audience === 'groups' ? state.groupIds : [],
    repeat: state.when === 'repeat' ? state.repeat : 'none',
    scheduledAt: state.when === 'at' ? wibInputToIso(state.scheduledAt) : null,
    time: state.when === 'repeat' ? state.time || null : null,
    weekday: state.when === 'repeat' && state.repeat === 'weekly' ? Number(state.weekday) : null,
  };
  if (file && state.type === 'image') body.image = { url: file.media.url };
  if (file && state.type === 'video') body.video = { url: file.media.url };
  const result = statusBody.safeParse(body);
  const errors: StatusErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'accountId');
      errors[key] ??= issue.message;
    }
  }
  if (state.when === 'at' && !body.scheduledAt) errors.scheduledAt = PUB_TEXT.scheduleRequired;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}
