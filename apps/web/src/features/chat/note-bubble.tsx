import { memo, type ReactNode } from 'react';
import { IconLock } from '@tabler/icons-react';
import { formatClock, INBOX_MESSAGES, type Message, type Teammate } from '@sapa/contracts';
import { useTeammates } from '../../resources/teammate/teammate-queries';
import './inbox-team.css';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The note's text with each '@Name' of a mentioned teammate in bold. */
export function withMentions(text: string, mentioned: readonly Teammate[]): ReactNode[] {
  const names = mentioned.map((t) => t.name).filter(Boolean);
  if (!names.length) return [text];
  const pattern = new RegExp(`(@(?:${names.map(escape).join('|')}))`, 'g');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <strong key={i} className="sapa-note-mention">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}

/**
 * A private note in the timeline (issue 21): across the room on a yellow card, 'Catatan internal',
 * its author and time; never delivery ticks (it is never sent).
 */
export const NoteBubble = memo(function NoteBubble({ message }: { message: Message }) {
  // the owner's notes carry no agent: their name comes from the team list (one cached query)
  const team = useTeammates(message.mentions.length > 0 || !message.agent);
  const mentioned = (team.data ?? []).filter((t) => message.mentions.includes(t._id));
  const author =
    message.agent?.name || team.data?.find((t) => t.role === 'owner')?.name || INBOX_MESSAGES.noteOwner;
  return (
    <div className="sapa-note-row">
      <div
        className="sapa-note"
        data-testid="note-bubble"
        data-message-id={message._id}
        aria-label={`${INBOX_MESSAGES.noteLabel} dari ${author}`}
        role="note"
      >
        <span className="sapa-note-head">
          <IconLock size={13} stroke={2} aria-hidden />
          <strong>{INBOX_MESSAGES.noteLabel}</strong>
          <span aria-hidden>·</span>
          <span data-testid="note-author">{author}</span>
          <time dateTime={message.createdAt} style={{ marginInlineStart: 'auto' }}>
            {formatClock(message.createdAt)}
          </time>
        </span>
        <span className="sapa-note-text" data-testid="note-text">
          {withMentions(message.text, mentioned)}
        </span>
      </div>
    </div>
  );
});

/** 'Balasan otomatis' above an automatic reply's text (issue 21). */
export function AutoReplyLabel() {
  return (
    <span className="sapa-auto-label" data-testid="auto-reply-label">
      {INBOX_MESSAGES.automatic}
    </span>
  );
}
