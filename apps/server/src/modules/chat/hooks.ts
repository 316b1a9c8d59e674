import type { SQL } from 'drizzle-orm';
import type { AccountStatus, MessageStatus, MessageType } from '@sapa/contracts';
import type { Tx } from '../../db/client';
import type { MessageRow } from '../../channels/connector';

/**
 * Outbound messages' statuses moved forward (one message, or a batch moved to the same status).
 * Called inside the transaction that moved them, so what a listener writes (broadcast recipients'
 * states and their broadcasts' counters) commits with it or not at all.
 */
export type StatusListener = (
  tx: Tx,
  messages: MessageRow[],
  to: MessageStatus,
  errorMessage: string | null,
) => Promise<void>;

/**
 * What a status listener may have to do with a message, as an SQL condition on the `messages` row
 * (the moved row of the status update): a batch's update (applyStatusMany) computes it in its own
 * RETURNING and calls the listener with the rows it holds for only, or not at all - one round trip
 * of the transaction fewer for each listener with nothing to do (most receipts: no webhook, no
 * broadcast). A listener must still work when called without it (one message's applyStatus).
 */
export type StatusConcern = SQL;

/** A customer's message, stored and published. */
export interface InboundNotice {
  ownerId: string;
  accountId: string;
  chatId: string;
  messageId: string;
  /** the customer's number (digits) as the chat knows it */
  phone: string;
  type: MessageType;
  text: string;
  at: Date;
  /** the customer's first message: it created the chat */
  firstMessage: boolean;
}
export type InboundListener = (notice: InboundNotice) => Promise<void>;

/** A number's connection moved (WhatsApp Web's socket opened, closed, was logged out). */
export interface ConnectionNotice {
  ownerId: string;
  accountId: string;
  status: AccountStatus;
  previous: AccountStatus;
  reason: string | null;
  phoneNumber: string | null;
}
export type ConnectionListener = (notice: ConnectionNotice) => Promise<void>;

/**
 * What other modules learn from the chat kernel without writing its tables: broadcasts follow their
 * messages' statuses and their recipients' replies here. The chat module knows nothing of them.
 */
export class ChatHooks {
  readonly statusListeners: StatusListener[] = [];
  /** each status listener's concern, by its index in statusListeners (none: every row) */
  readonly statusConcerns: (StatusConcern | undefined)[] = [];
  readonly inboundListeners: InboundListener[] = [];
  readonly connectionListeners: ConnectionListener[] = [];

  onStatus(listener: StatusListener, concern?: StatusConcern): void {
    this.statusListeners.push(listener);
    this.statusConcerns.push(concern);
  }

  onInbound(listener: InboundListener): void {
    this.inboundListeners.push(listener);
  }

  /** Channels report their numbers' connection changes here (after the row changed). */
  onConnection(listener: ConnectionListener): void {
    this.connectionListeners.push(listener);
  }

  /** Tells the connection listeners; a listener's failure is logged by the caller, never thrown. */
  async connectionChanged(notice: ConnectionNotice): Promise<void> {
    for (const listener of this.connectionListeners) await listener(notice);
  }
}
