import { dayKey, dayLabel, type Message } from '@sapa/contracts';
import { messageKey } from '../../resources/chat/message-cache';

export interface MessageRow {
  key: string;
  message: Message;
  /** The separator shown under this message when the next one starts a new day. */
  dayAfter: string | null;
}

export interface MessageRows {
  /** The separator above the first loaded message, drawn outside the rows. */
  firstDay: string | null;
  rows: MessageRow[];
}

/**
 * The message list's rows, one per message, with day separators ('Hari ini', 'Kemarin', else
 * DD MMMM YYYY). A separator belongs to the message above it, and the first one sits above all
 * rows: loading older messages then never changes the size of a row already on screen, so the
 * messages being read stay still.
 */
export function buildMessageRows(messages: readonly Message[], now: Date = new Date()): MessageRows {
  const rows = messages.map((message, index) => {
    const next = messages[index + 1];
    const dayAfter =
      next && dayKey(next.createdAt) !== dayKey(message.createdAt) ? dayLabel(next.createdAt, now) : null;
    return { key: messageKey(message), message, dayAfter };
  });
  const first = messages[0];
  return { firstDay: first ? dayLabel(first.createdAt, now) : null, rows };
}
