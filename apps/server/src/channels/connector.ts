import type { MediaObject, MessageType } from '@sapa/contracts';
import type { accounts, chats, messages } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A send the channel refused for good (unknown number, blocked): retrying will not help. */
export class PermanentSendError extends Error {}

/**
 * WhatsApp restricted the number (463 'reach-out timelock', 479): never retried (a retry counts as
 * another reach-out, channels reference §1.9); the number's broadcasts pause and the owner is told.
 */
export class RestrictedSendError extends PermanentSendError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The error codes of a restricted WhatsApp number (channels reference §1.9). */
export const RESTRICTED_CODES = ['463', '479'];

/** A WhatsApp Status as a connector posts it (issue 20 part 5). */
export interface StatusContent {
  type: 'text' | 'image' | 'video';
  /** the text, or the caption of media */
  text: string;
  /** '#rrggbb' for a text status */
  backgroundColor: string | null;
  /** the stored file (media storage url) of an image or video */
  mediaUrl: string | null;
  mimetype: string | null;
}

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
  /**
   * The channel id a message will be sent with, when the connector chooses it (WhatsApp Web's ids
   * derived from ours, the sandbox's): stored with the message when it is stored, so a receipt or the
   * channel's echo of the send that comes before the send returns finds it, and moving the message
   * to 'sent' changes only its status (the row stays on its page, every index of messages untouched).
   * send and sendMany answer with the same id. Absent: the id is known only once the channel answers.
   */
  externalIdFor?(messageId: string): string;
  /**
   * Sends many stored messages of one account at once (a broadcast's batch), each idempotent on its id
   * as with send. Answers per message id its channel id or the error it met. Absent: send is called
   * for each.
   */
  sendMany?(
    account: AccountRow,
    messages: MessageRow[],
  ): Promise<Map<string, { externalId: string } | { error: unknown }>>;
  /** Tells the channel the business has read these inbound messages. */
  markRead(account: AccountRow, chat: ChatRow, externalIds: string[]): Promise<void>;
  /**
   * Which of these numbers (digits, country code first) have an account on the channel (WhatsApp's
   * onWhatsApp), as a map digits -> registered. Absent when the channel cannot tell. Throws
   * RetryLaterError when the number's socket is not available in this process.
   */
  checkNumbers?(account: AccountRow, phones: string[]): Promise<Map<string, boolean>>;
  /**
   * Posts a WhatsApp Status that only `viewers` (digits) and the number itself can see. `id` is the
   * idempotency key, as a message's id is for send. Returns the channel's id of the post.
   */
  postStatus?(
    account: AccountRow,
    id: string,
    content: StatusContent,
    viewers: string[],
  ): Promise<{ externalId: string }>;
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
