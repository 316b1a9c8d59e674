import { ActionIcon, Menu, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconDotsVertical, IconInfoCircle, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { replyWindow, type Chat } from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';
import { ChannelIcon } from '../../components/channel-icon';
import { contactName } from './chat-row';
import { useSession } from '../../lib/use-session';
import { ChatStateActions, stateNote } from './chat-state-actions';
import { formatWib } from './snooze-times';
import { DockToggle } from './dock-toggle';
import { ReplyWindowBadge } from './reply-window-badge';
import { CHAT_STRINGS } from './chat-strings';

function BackLink() {
  return (
    <ActionIcon
      component={Link}
      to="/user/chat"
      variant="subtle"
      color="gray"
      size={36}
      hiddenFrom="sm"
      aria-label="Kembali ke daftar percakapan"
    >
      <IconArrowLeft size={20} stroke={1.8} />
    </ActionIcon>
  );
}

/**
 * spec §2 'Chat room' header: back arrow on phones, picture, name, channel and account label, and
 * (issue 25) how long the channel's reply window stays open.
 */
export function ChatRoomHeader({
  chat,
  onOpenInfo,
  dock = null,
  onSendTemplate,
}: {
  chat: Chat | undefined;
  onOpenInfo: () => void;
  /** wide screens (issue 21): 'Info Percakapan' can stay docked beside the chat */
  dock?: { docked: boolean; onToggle: () => void } | null;
  /** WhatsApp Cloud API chats (issue 25): the menu offers an approved template too */
  onSendTemplate?: () => void;
}) {
  const myAgentId = useSession()?.user?.agent?._id ?? null;
  if (!chat) {
    return (
      <header className="sapa-room-head" aria-busy="true">
        <BackLink />
        <Skeleton height={40} circle />
        <Skeleton height={14} width={160} radius="sm" />
      </header>
    );
  }
  const name = contactName(chat);
  const note = stateNote(chat, formatWib);
  // the chat room re-renders when the window closes, so 'now' here is fresh enough
  const reply = replyWindow(chat, Date.now());
  return (
    <header className="sapa-room-head" data-testid="chat-room-header">
      <BackLink />
      <AppAvatar src={chat.senderPicture} name={name} size={40} />
      <div className="sapa-room-head-text">
        <Text component="h2" fw={600} size="md" truncate data-testid="chat-room-name">
          {name}
        </Text>
        <span className="sapa-room-head-sub">
          <ChannelIcon type={chat.account.type} size={14} />
          <Text component="span" size="xs" c="dimmed" truncate data-testid="chat-room-account">
            {chat.account.label.name}
          </Text>
          {note ? (
            <Text component="span" size="xs" c="dimmed" truncate data-testid="chat-room-state">
              · {note}
            </Text>
          ) : null}
          {reply.state === 'open' && reply.closesAt !== null ? (
            <ReplyWindowBadge key={reply.closesAt} closesAt={reply.closesAt} />
          ) : null}
        </span>
      </div>
      <ChatStateActions chat={chat} myAgentId={myAgentId} />
      {dock ? <DockToggle docked={dock.docked} onToggle={dock.onToggle} /> : null}
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            aria-label="Menu percakapan"
            data-testid="chat-room-menu"
          >
            <IconDotsVertical size={20} stroke={1.8} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconInfoCircle size={17} stroke={1.7} />}
            onClick={onOpenInfo}
            data-testid="chat-info-open"
          >
            Info Percakapan
          </Menu.Item>
          {onSendTemplate ? (
            <Menu.Item
              leftSection={<IconTemplate size={17} stroke={1.7} />}
              onClick={onSendTemplate}
              data-testid="cloud-template-open"
            >
              {CHAT_STRINGS.templateMenuItem}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}
