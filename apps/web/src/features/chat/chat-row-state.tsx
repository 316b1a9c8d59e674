import { IconCheck, IconClock } from '@tabler/icons-react';
import { INBOX_MESSAGES, type Chat } from '@sapa/contracts';
import { formatWib } from './snooze-times';
import './inbox-team.css';

const WIB_OFFSET_MS = 7 * 3600_000;

/** A snooze's end in few characters, in Asia/Jakarta: '09:00' today, else '27/11 09:00'. */
export function shortWib(iso: string, now: number = Date.now()): string {
  const at = new Date(Date.parse(iso) + WIB_OFFSET_MS).toISOString();
  const today = new Date(now + WIB_OFFSET_MS).toISOString().slice(0, 10);
  const time = at.slice(11, 16);
  return at.slice(0, 10) === today ? time : `${at.slice(8, 10)}/${at.slice(5, 7)} ${time}`;
}

/** In a row (issue 21): a snoozed chat shows until when, a resolved one a small 'Selesai'. */
export function ChatRowState({ chat }: { chat: Chat }) {
  if (chat.conversationState === 'snoozed' && chat.snoozedUntil) {
    return (
      <span
        className="sapa-state-chip"
        title={`Ditunda hingga ${formatWib(chat.snoozedUntil)}`}
        data-testid="chat-row-snoozed"
      >
        <IconClock size={12} stroke={2} aria-hidden />
        <span className="sapa-visually-hidden">Ditunda hingga </span>
        {shortWib(chat.snoozedUntil)}
      </span>
    );
  }
  if (chat.conversationState === 'resolved') {
    return (
      <span className="sapa-state-chip" data-testid="chat-row-resolved">
        <IconCheck size={12} stroke={2} aria-hidden />
        {INBOX_MESSAGES.stateResolved}
      </span>
    );
  }
  return null;
}
