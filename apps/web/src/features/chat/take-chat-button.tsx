import { Button } from '@mantine/core';
import { IconHandGrab } from '@tabler/icons-react';
import { INBOX_MESSAGES, type Chat } from '@sapa/contracts';
import { canTake, useTakeChat } from './use-take-chat';
import { useTeamShortcut } from './use-team-shortcut';

/**
 * 'Ambil' (issue 21): an agent takes an unassigned chat (assigned to themselves). Rendered only when
 * the signed-in person is an agent and the chat has nobody; in the room header Alt+A does the same.
 * In a row it is no Tab stop of its own (the list is one Tab stop): Alt+A on the focused row takes it.
 */
export function TakeChatButton({
  chat,
  place,
}: {
  chat: Chat;
  /** in a list row (small, at its right end) or in the room header */
  place: 'row' | 'header';
}) {
  const take = useTakeChat();
  const allowed = canTake(chat, take.myAgentId);
  useTeamShortcut(
    'take',
    place === 'header' && allowed && !take.isPending ? () => take.mutate(chat._id) : null,
  );
  if (!allowed) return null;
  const name = chat.contact.name.trim() || `+${chat.contact.phoneNumber}`;
  return (
    <Button
      size={place === 'row' ? 'compact-xs' : 'xs'}
      variant={place === 'row' ? 'filled' : 'light'}
      className={place === 'row' ? 'sapa-take-row' : undefined}
      leftSection={place === 'header' ? <IconHandGrab size={16} stroke={1.8} /> : null}
      loading={take.isPending}
      aria-label={place === 'row' ? `${INBOX_MESSAGES.take} percakapan ${name}` : undefined}
      title={`${INBOX_MESSAGES.take} (Alt+A)`}
      tabIndex={place === 'row' ? -1 : undefined}
      onClick={(event) => {
        // in a row the button sits on the row's link
        event.preventDefault();
        event.stopPropagation();
        take.mutate(chat._id);
      }}
      data-testid={place === 'row' ? 'chat-row-take' : 'chat-take'}
    >
      {INBOX_MESSAGES.take}
    </Button>
  );
}

/** The row's 'Ambil', only for an agent and an unassigned chat (no hooks run for other rows). */
export function ChatRowTake({ chat, myAgentId }: { chat: Chat; myAgentId: string | null }) {
  return canTake(chat, myAgentId) ? <TakeChatButton chat={chat} place="row" /> : null;
}
