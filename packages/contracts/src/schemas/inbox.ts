import { z } from 'zod';
import { t } from '../catalogue/messages';
import { INBOX_MESSAGES as M } from '../catalogue/inbox';
import { paged } from './common';
import { messageTextField } from './message';

/**
 * PUT /chat/{id}/state (issue 21): resolve, reopen or snooze a conversation. A snooze needs a time in
 * the future (at most 90 days ahead); the chat comes back at it, or earlier when the customer writes.
 */
export const conversationStateBody = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('open') }),
    z.object({ state: z.literal('resolved') }),
    z.object({
      state: z.literal('snoozed'),
      snoozedUntil: z.iso.datetime({ offset: true, error: M.snoozeInvalid }),
    }),
  ],
  { error: t('validation.required') },
);
export type ConversationStateBody = z.infer<typeof conversationStateBody>;

/** POST /chat/{id}/note: a private note of the team, with @mentions (ids of the owner and agents). */
export const noteBody = z.object({
  text: messageTextField,
  mentions: z.array(z.string().min(1)).max(20).default([]),
});
export type NoteBody = z.input<typeof noteBody>;

/** Who can be @mentioned in a note: the owner and the agents of the tenant. */
export const teammate = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'agent']),
  available: z.boolean(),
});
export type Teammate = z.infer<typeof teammate>;
export const teammateList = z.object({ docs: z.array(teammate) });

export const NOTIFICATION_KINDS = ['assigned', 'mention'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Something a teammate is told in the app: a chat assigned to them, a mention in a note. */
export const notification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  chatId: z.string().nullable(),
  messageId: z.string().nullable(),
  /** who did it */
  actorName: z.string(),
  /** the contact's name (assigned) or the note's first words (mention) */
  text: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;
export const notificationPage = paged(notification).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** PUT /notification/read: the ones given, or every one when `ids` is left out. */
export const notificationReadBody = z.object({ ids: z.array(z.string().min(1)).max(100).optional() });

/** PUT /agent/me/availability: the agent's own switch for round-robin. */
export const availabilityBody = z.object({ available: z.boolean({ error: t('validation.required') }) });

/** PUT /account/{id}/round-robin: the owner's switch per number. */
export const roundRobinBody = z.object({ enabled: z.boolean({ error: t('validation.required') }) });
