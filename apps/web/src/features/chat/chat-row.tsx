import { memo, type CSSProperties } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import {
  capCount,
  formatPhone,
  formatRowTime,
  MESSAGE_TYPE_NAMES,
  type Chat,
  type SearchHit,
} from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';
import { ChannelIcon } from '../../components/channel-icon';
import { DeliveryStatusIcon } from '../../components/delivery-status-icon';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { ChatRowState } from './chat-row-state';
import { SearchHitText } from './search-hit';

/**
 * The contact's name, or their number in the one phone format (issue 21) when there is no name: a
 * chat started from a number carries the bare digits as its name until the customer's profile says.
 */
export function contactName(chat: Chat): string {
  const name = chat.contact.name.trim();
  if (name && !/^\+?\d+$/.test(name)) return name;
  return formatPhone(name.replace(/^\+/, '') || chat.contact.phoneNumber);
}

/** What a row says of the last message: its text, else its type's name (spec §2). */
export function lastMessagePreview(chat: Chat): string {
  const last = chat.lastMessage;
  if (!last) return '';
  return last.text.trim() || MESSAGE_TYPE_NAMES[last.type];
}

export interface ChatRowProps {
  chat: Chat;
  selected: boolean;
  /** with a search: the chat's matching message, shown (words marked) and opened at (issue 21) */
  hit?: SearchHit;
  /** the searched words to mark in `hit` */
  words?: readonly string[];
  /** the list's one Tab stop is the active row (roving tabindex); the others are -1 */
  tabIndex?: number;
  /** where the row is in the list, for arrow keys */
  index?: number;
  onFocusRow?: (index: number) => void;
}

/**
 * One inbox row (spec §2 'Chat inbox'): picture, channel, name, up to two labels, time, my last
 * message's delivery status, the last text or type name, the agent and the unread count.
 */
export const ChatRow = memo(function ChatRow({
  chat,
  selected,
  hit,
  words = [],
  tabIndex,
  index,
  onFocusRow,
}: ChatRowProps) {
  const last = chat.lastMessage;
  const when = last ? formatRowTime(last.sendAt) : null;
  const name = contactName(chat);
  return (
    <Link
      to={`/user/chat/${chat._id}`}
      state={hit ? { jumpTo: hit.messageId } : undefined}
      className="sapa-chat-row"
      tabIndex={tabIndex}
      data-chat-index={index}
      onFocus={index === undefined ? undefined : () => onFocusRow?.(index)}
      aria-current={selected ? 'page' : undefined}
      data-testid="chat-row"
      data-chat-id={chat._id}
      data-selected={selected || undefined}
    >
      <span className="sapa-chat-row-avatar">
        <AppAvatar src={chat.senderPicture} name={name} size={44} />
        <span className="sapa-chat-row-channel">
          <ChannelIcon type={chat.account.type} size={14} />
        </span>
      </span>
      <span className="sapa-chat-row-body">
        <span className="sapa-chat-row-line">
          <span className="sapa-chat-row-name" data-testid="chat-row-name">
            {name}
          </span>
          {chat.contact.labels.slice(0, 2).map((label) => (
            <span
              key={label._id}
              className="sapa-label-tag"
              style={{ '--label-color': label.color } as CSSProperties}
              data-testid="chat-row-label"
            >
              {label.name}
            </span>
          ))}
          {when ? (
            <time
              className="sapa-chat-row-time"
              dateTime={last?.sendAt}
              title={when.title}
              data-testid="chat-row-time"
            >
              {when.text}
            </time>
          ) : null}
        </span>
        <span className="sapa-chat-row-line">
          {last?.isFromMe ? <DeliveryStatusIcon status={last.status} size={15} /> : null}
          {last && last.type !== 'text' ? <MessageTypeIcon type={last.type} /> : null}
          {hit ? (
            <SearchHitText hit={hit} words={words} />
          ) : (
            <span className="sapa-chat-row-preview" data-testid="chat-row-preview">
              {lastMessagePreview(chat)}
            </span>
          )}
          <ChatRowState chat={chat} />
          {chat.agent ? (
            <span className="sapa-agent-chip" title={`Agen: ${chat.agent.name}`} data-testid="chat-row-agent">
              {chat.agent.name}
            </span>
          ) : null}
          {chat.unreadCount > 0 ? (
            <>
              <span className="sapa-unread-badge" data-testid="chat-row-unread">
                {capCount(chat.unreadCount)}
              </span>
              <VisuallyHidden>pesan belum dibaca</VisuallyHidden>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
});
