import { z } from 'zod';
import { account } from './account';
import { chat } from './chat';
import { message } from './message';
import { broadcast, statusPost } from './publication';
import { notification } from './inbox';
import { transaction } from '../billing';

export const REALTIME_TYPES = [
  'message.created',
  'message.updated',
  'chat.updated',
  'chat.deleted',
  /** an account's status or linking QR changed: `account` holds it, chat and message are null */
  'account.updated',
  /** a broadcast's state or counts changed: `broadcast` holds it (owner's screens) */
  'broadcast.updated',
  /** a status post changed: `statusPost` holds it */
  'status.updated',
  /** a notification for one teammate (issue 21): `notification` holds it, sent to them alone */
  'notification.created',
  /** one of the owner's purchases changed (paid, failed, proof uploaded): `transaction` holds it */
  'transaction.updated',
] as const;
export type RealtimeType = (typeof REALTIME_TYPES)[number];

/** One realtime frame (spec §7 'Realtime'): sent as JSON.stringify(JSON.stringify(event)). */
export const realtimeEvent = z.object({
  type: z.enum(REALTIME_TYPES),
  chat: chat.nullable(),
  message: message.nullable(),
  account: account.nullable().optional(),
  broadcast: broadcast.nullable().optional(),
  statusPost: statusPost.nullable().optional(),
  notification: notification.nullable().optional(),
  transaction: transaction.nullable().optional(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** Decodes a frame, tolerating single encoding; null when it is not an event. */
export function parseRealtimeFrame(data: string): RealtimeEvent | null {
  try {
    let value: unknown = JSON.parse(data);
    if (typeof value === 'string') value = JSON.parse(value);
    const parsed = realtimeEvent.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
