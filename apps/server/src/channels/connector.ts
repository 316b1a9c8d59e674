import type { MediaObject, MessageType } from '@sapa/contracts';
import type { accounts, chats, messages } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A send the channel refused for good (unknown number, blocked): retrying will not help. */
export class PermanentSendError extends Error {}

/**
 * One interface for every channel (ARCHITECTURE §5). Connectors normalise inbound traffic into
 * `InboundEvent`s handed to the ingest service, and carry out sends and read receipts.
 */
export interface Connector {
  readonly provider: string;
  /**
   * Sends one stored message. `message.id` is the idempotency key: called again for the same message
   * (after a crash), the connector must not deliver it twice. Returns the channel's message id.
   */
  send(account: AccountRow, chat: ChatRow, message: MessageRow): Promise<{ externalId: string }>;
  /** Tells the channel the business has read these inbound messages. */
  markRead(account: AccountRow, chat: ChatRow, externalIds: string[]): Promise<void>;
}

/** A message arriving from a channel, in the shape every connector produces. */
export interface InboundEvent {
  accountId: string;
  /** The channel's id for this message: the dedupe key with the account. */
  externalId: string;
  contact: { externalId: string; name: string; phone: string; picture?: string | null };
  type: MessageType;
  /** the text, or the caption of media */
  text: string;
  /** the media object of its type (spec §3), files already in media storage */
  media?: MediaObject | null;
  /** the channel's id of the message this one replies to */
  quotedExternalId?: string | null;
  sentAt: Date;
}
