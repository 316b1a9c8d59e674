import { ActionIcon, ScrollArea, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Chat } from '@sapa/contracts';
import { ChatInfoContent } from './drawer/chat-info-drawer';
import './inbox-team.css';

/**
 * 'Info Percakapan' docked beside the chat on wide screens (issue 21): the drawer's content in a
 * column that stays open while chats change, closed with its X or the header's panel button.
 */
export function ContactPanelDock({
  chat,
  myAgentId,
  onClose,
}: {
  chat: Chat;
  myAgentId: string | null;
  onClose: () => void;
}) {
  return (
    <aside className="sapa-room-dock" aria-labelledby="chat-dock-title" data-testid="chat-info-dock">
      <div className="sapa-room-dock-head">
        <Text id="chat-dock-title" component="h2" fw={650} size="md" m={0}>
          Info Percakapan
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={32}
          aria-label="Tutup panel info"
          onClick={onClose}
          data-testid="chat-info-dock-close"
        >
          <IconX size={18} />
        </ActionIcon>
      </div>
      <ScrollArea className="sapa-room-dock-scroll" type="auto">
        <div className="sapa-room-dock-body">
          <ChatInfoContent chat={chat} opened myAgentId={myAgentId} testId="chat-info-dock-content" />
        </div>
      </ScrollArea>
    </aside>
  );
}
