import { z } from 'zod';
import { LIMITS } from '../limits';
import { interpolate, t } from '../catalogue/messages';
import { PUBLICATION_MESSAGES as M } from '../catalogue/publication';
import { pageQuery, paged } from './common';
import { imageMedia, mediaFields, videoMedia } from './media';
import { messageContent, withDefaultType } from './message';

/**
 * Publications (issue 20): WhatsApp broadcasts and WhatsApp Status posts. A broadcast and a status
 * post run through the four states of spec §4 'Publication run states'; a stopped broadcast ends as
 * 'finish' with its unsent recipients skipped as 'Dibatalkan'.
 */
export const PUBLICATION_STATES = ['scheduled', 'running', 'paused', 'finish'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** spec §4: running 'Berjalan', finish 'Selesai', paused 'Dijeda', otherwise 'Dijadwalkan'. */
export function publicationStateLabel(state: string): string {
  if (state === 'running') return M.stateRunning;
  if (state === 'finish') return M.stateFinish;
  if (state === 'paused') return M.statePaused;
  return M.stateScheduled;
}

/** What became of one recipient: waiting, handed to WhatsApp, delivered, read, failed, or skipped. */
export const RECIPIENT_STATES = ['pending', 'sent', 'unread', 'read', 'failed', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  pending: M.recipientPending,
  sent: M.recipientSent,
  unread: M.recipientUnread,
  read: M.recipientRead,
  failed: M.recipientFailed,
  skipped: M.recipientSkipped,
};

export const PUBLICATION_LIMITS = {
  nameMax: 100,
  sendersMax: 10,
  groupsMax: 50,
  /** recipients of one broadcast, after duplicates are removed */
  recipientsMax: 100_000,
  /** characters of the pasted numbers (one per line) */
  phoneLinesMaxChars: 400_000,
  fallbackMax: 200,
  pageSize: 20,
  recipientPageSize: 50,
  /** default stop words; a customer replying one of these (alone) opts out */
  stopWords: ['STOP', 'BERHENTI', 'UNSUB'],
  stopWordsMax: 20,
  stopWordMax: 30,
  /** a recipient's reply within this long after their broadcast message counts as a reply */
  replyWindowMs: 72 * 3600_000,
} as const;

/**
 * Pacing of bulk sends per sender number (issue 20 part 3), stricter than replies (WHATSAPP_PACING):
 * a random gap between minGapMs and maxGapMs, hourly and daily caps, active hours in Asia/Jakarta,
 * and a warm-up for numbers linked in the last warmUpDays days (daily caps by day of age).
 */
export const BROADCAST_PACING = {
  minGapMs: 8000,
  maxGapMs: 20_000,
  hourlyCap: 120,
  dailyCap: 800,
  activeFrom: '08:00',
  activeTo: '20:00',
  warmUpDays: 7,
  /** daily cap on day 1..7 of a newly linked number */
  warmUpDailyCaps: [30, 50, 80, 120, 180, 250, 350],
} as const;

/** The personal variables every broadcast has; a group's columns add theirs. */
export const BROADCAST_FIXED_VARIABLES = ['nama', 'nomor'] as const;
/** `{{name}}` in a text: the variable names it uses, in order of first use. */
export const VARIABLE_PATTERN = /\{\{\s*([^{}]+?)\s*\}\}/g;
export function variablesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
/** The text with each `{{name}}` replaced by the recipient's value, or the fallback, or ''. */
export function fillVariables(
  text: string,
  values: Record<string, string>,
  fallbacks: Record<string, string> = {},
): string {
  const lower = Object.fromEntries(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  const lowerFallbacks = Object.fromEntries(Object.entries(fallbacks).map(([k, v]) => [k.toLowerCase(), v]));
  return text.replace(VARIABLE_PATTERN, (_, name: string) => {
    const key = name.toLowerCase();
    const value = lower[key]?.trim();
    return value ? value : (lowerFallbacks[key] ?? '');
  });
}

const idRef = z.object({ _id: z.string(), name: z.string() });
const senderRef = z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() });

/** A broadcast's message as stored and shown: its type, text and the media object of its type. */
export const broadcastMessage = z.object({
  type: z.enum(['text', 'image', 'video', 'audio', 'document', 'location', 'contact']),
  text: z.string(),
  ...mediaFields,
});
export type BroadcastMessage = z.infer<typeof broadcastMessage>;

/** A broadcast's figures, kept with its recipient rows (never counted on a page view). */
export const broadcastCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  /** handed to WhatsApp (sent, delivered or read) */
  sent: z.number().int(),
  /** delivered or read */
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  optedOut: z.number().int(),
});
export type BroadcastCounts = z.infer<typeof broadcastCounts>;

export const broadcast = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.enum(PUBLICATION_STATES),
  senders: z.array(senderRef),
  groups: z.array(idRef),
  message: broadcastMessage,
  fallbacks: z.record(z.string(), z.string()),
  /** when it starts (null: it started when created) */
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** why it is paused, when the server paused it (a restricted or disconnected number) */
  pausedReason: z.string().nullable(),
  counts: broadcastCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Broadcast = z.infer<typeof broadcast>;
export const broadcastPage = paged(broadcast);

/** GET /publication/broadcast: state filter, created between from and to (dates), or a year. */
export const broadcastListQuery = pageQuery.extend({
  state: z.enum(PUBLICATION_STATES).optional(),
  year: z.coerce.number().int().min(2024).max(2100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type BroadcastListQuery = z.input<typeof broadcastListQuery>;

const broadcastName = z
  .string({ error: M.nameInvalid })
  .trim()
  .min(1, M.nameInvalid)
  .max(PUBLICATION_LIMITS.nameMax, interpolate(M.nameTooLong, { max: PUBLICATION_LIMITS.nameMax }));

/** What a broadcast sends: any message content but a sticker (a saved template's content included). */
const broadcastContent = z.preprocess(
  withDefaultType,
  messageContent.refine((c) => c.type !== 'sticker', { message: t('validation.invalid'), path: ['type'] }),
);

/** POST /publication/broadcast. */
export const broadcastBody = z
  .object({
    name: broadcastName,
    accountIds: z
      .array(z.string(), { error: M.sendersRequired })
      .min(1, M.sendersRequired)
      .max(
        PUBLICATION_LIMITS.sendersMax,
        interpolate(M.sendersTooMany, { max: PUBLICATION_LIMITS.sendersMax }),
      ),
    groupIds: z.array(z.string()).max(PUBLICATION_LIMITS.groupsMax).default([]),
    phoneNumbers: z.string().max(PUBLICATION_LIMITS.phoneLinesMaxChars).default(''),
    message: broadcastContent,
    fallbacks: z.record(z.string(), z.string().max(PUBLICATION_LIMITS.fallbackMax)).default({}),
    /** ISO time to start at; null or absent starts now */
    scheduledAt: z.iso.datetime({ offset: true, error: M.scheduleInvalid }).nullable().default(null),
  })
  .refine((b) => b.groupIds.length > 0 || b.phoneNumbers.trim().length > 0, {
    message: M.recipientsRequired,
    path: ['groupIds'],
  });
export type BroadcastBody = z.input<typeof broadcastBody>;
export type BroadcastInput = z.output<typeof broadcastBody>;

/** POST /publication/broadcast/preview: who would receive it, before it is created. */
export const broadcastPreviewBody = z.object({
  accountIds: z.array(z.string()).max(PUBLICATION_LIMITS.sendersMax).default([]),
  groupIds: z.array(z.string()).max(PUBLICATION_LIMITS.groupsMax).default([]),
  phoneNumbers: z.string().max(PUBLICATION_LIMITS.phoneLinesMaxChars).default(''),
});
export type BroadcastPreviewBody = z.input<typeof broadcastPreviewBody>;

export const broadcastPreview = z.object({
  /** recipients after duplicates and opted-out numbers are removed */
  recipients: z.number().int(),
  /** duplicates removed */
  duplicates: z.number().int(),
  /** numbers on the opt-out list, left out */
  optedOut: z.number().int(),
  /** recipients who never wrote to the business (no chat with a message from them) */
  cold: z.number().int(),
  /** the 1-based lines of the pasted numbers that are not phone numbers */
  invalidLines: z.array(z.number().int()),
  /** the variables recipients have: nama, nomor and the chosen groups' columns */
  variables: z.array(z.string()),
  /** a real recipient, for the live preview */
  sample: z
    .object({ name: z.string(), phoneNumber: z.string(), values: z.record(z.string(), z.string()) })
    .nullable(),
  /** how long sending takes at the senders' pacing, in seconds (active hours not counted) */
  estimatedSeconds: z.number().int(),
});
export type BroadcastPreview = z.infer<typeof broadcastPreview>;

export const broadcastRecipient = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  state: z.enum(RECIPIENT_STATES),
  reason: z.string().nullable(),
  /** the sender number it went from */
  accountId: z.string().nullable(),
  chatId: z.string().nullable(),
  sentAt: z.string().nullable(),
  readAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipient>;
export const broadcastRecipientPage = paged(broadcastRecipient);

export const broadcastRecipientQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(PUBLICATION_LIMITS.recipientPageSize),
  state: z.enum(RECIPIENT_STATES).optional(),
});

/** A number on the tenant's opt-out list. */
export const optOut = z.object({
  _id: z.string(),
  phoneNumber: z.string(),
  /** 'reply' (the customer wrote a stop word) or 'manual' */
  source: z.enum(['reply', 'manual']),
  createdAt: z.string(),
});
export type OptOut = z.infer<typeof optOut>;
export const optOutPage = paged(optOut);
export const optOutBody = z.object({ phoneNumber: z.string() });
export const stopWordsBody = z.object({
  words: z
    .array(
      z
        .string({ error: M.stopWordsInvalid })
        .trim()
        .min(1, M.stopWordsInvalid)
        .max(PUBLICATION_LIMITS.stopWordMax, M.stopWordsInvalid),
    )
    .min(1, M.stopWordsInvalid)
    .max(PUBLICATION_LIMITS.stopWordsMax, M.stopWordsInvalid),
});
export const stopWords = z.object({ words: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------------
// WhatsApp Status posts

export const STATUS_TYPES = ['text', 'image', 'video'] as const;
export type StatusType = (typeof STATUS_TYPES)[number];
export const STATUS_REPEATS = ['none', 'daily', 'weekly'] as const;
export type StatusRepeat = (typeof STATUS_REPEATS)[number];
/** Background colours offered for a text status (WhatsApp's own palette, AA contrast with white). */
export const STATUS_COLORS = [
  '#075e54',
  '#128c7e',
  '#1f2937',
  '#6d28d9',
  '#b91c1c',
  '#c2410c',
  '#1d4ed8',
  '#be185d',
];

/** One time a status was posted (a recurring post has one a day or a week). */
export const statusRun = z.object({
  at: z.string(),
  state: z.enum(['sent', 'failed']),
  /** how many contacts it went to */
  viewers: z.number().int(),
  reason: z.string().nullable(),
});
export type StatusRun = z.infer<typeof statusRun>;

export const statusPost = z.object({
  _id: z.string(),
  account: senderRef,
  type: z.enum(STATUS_TYPES),
  text: z.string(),
  backgroundColor: z.string().nullable(),
  image: imageMedia.optional(),
  video: videoMedia.optional(),
  /** 'all': every contact of the number; 'groups': the contacts of the chosen groups */
  audience: z.enum(['all', 'groups']),
  groups: z.array(idRef),
  repeat: z.enum(STATUS_REPEATS),
  /** when it posts next (null once finished) */
  nextAt: z.string().nullable(),
  /** HH:mm in Asia/Jakarta for a recurring post */
  time: z.string().nullable(),
  /** 0 (Minggu) .. 6 (Sabtu) for a weekly post */
  weekday: z.number().int().nullable(),
  state: z.enum(PUBLICATION_STATES),
  /** the latest runs, newest first */
  runs: z.array(statusRun),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StatusPost = z.infer<typeof statusPost>;
export const statusPostPage = paged(statusPost);

export const statusListQuery = pageQuery.extend({
  state: z.enum(PUBLICATION_STATES).optional(),
  year: z.coerce.number().int().min(2024).max(2100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.statusTimeInvalid);
const fileUrl = z.object({ url: z.string().min(1, M.statusMediaRequired) }, { error: M.statusMediaRequired });

/** POST /publication/status. */
export const statusBody = z
  .object({
    accountId: z.string({ error: M.statusAccountInvalid }).min(1, M.statusAccountInvalid),
    type: z.enum(STATUS_TYPES),
    text: z
      .string()
      .max(700, t('validation.maxLength', { max: 700 }))
      .default(''),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i, M.statusColorInvalid)
      .nullable()
      .default(null),
    image: fileUrl.optional(),
    video: fileUrl.optional(),
    audience: z.enum(['all', 'groups']).default('all'),
    groupIds: z.array(z.string()).max(PUBLICATION_LIMITS.groupsMax).default([]),
    repeat: z.enum(STATUS_REPEATS).default('none'),
    /** a one-off post's time (ISO); null posts now */
    scheduledAt: z.iso.datetime({ offset: true, error: M.scheduleInvalid }).nullable().default(null),
    time: hhmm.nullable().default(null),
    weekday: z
      .number()
      .int()
      .min(0, M.statusWeekdayInvalid)
      .max(6, M.statusWeekdayInvalid)
      .nullable()
      .default(null),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'text' && !b.text.trim())
      ctx.addIssue({ code: 'custom', message: M.statusTextRequired, path: ['text'] });
    if (b.type === 'image' && !b.image)
      ctx.addIssue({ code: 'custom', message: M.statusMediaRequired, path: ['image'] });
    if (b.type === 'video' && !b.video)
      ctx.addIssue({ code: 'custom', message: M.statusMediaRequired, path: ['video'] });
    if (b.audience === 'groups' && !b.groupIds.length)
      ctx.addIssue({ code: 'custom', message: M.recipientsRequired, path: ['groupIds'] });
    if (b.repeat !== 'none' && !b.time)
      ctx.addIssue({ code: 'custom', message: M.statusTimeInvalid, path: ['time'] });
    if (b.repeat === 'weekly' && b.weekday === null)
      ctx.addIssue({ code: 'custom', message: M.statusWeekdayInvalid, path: ['weekday'] });
  });
export type StatusBody = z.input<typeof statusBody>;
export type StatusInput = z.output<typeof statusBody>;
