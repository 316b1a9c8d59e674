import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { INBOX_MESSAGES, type Chat } from '@sapa/contracts';
import { isoToWibInput, snoozeChoices, wibInputToIso } from './snooze-times';
import { TakeChatButton } from './take-chat-button';
import { useConversationState } from './use-conversation-state';
import { useTeamShortcut } from './use-team-shortcut';
import './inbox-team.css';

/** Whether the signed-in person may resolve, reopen or snooze: the owner, or the chat's own agent. */
export function canChangeState(chat: Chat, myAgentId: string | null): boolean {
  return myAgentId === null || chat.agentId === myAgentId;
}

function PickTimeModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (iso: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = isoToWibInput(Date.now());
  const submit = () => {
    const iso = wibInputToIso(value);
    if (!iso || Date.parse(iso) <= Date.now()) {
      setError(INBOX_MESSAGES.snoozeInvalid);
      return;
    }
    onPick(iso);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Tunda hingga"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
    >
      <form
        // our own message (in Indonesian) rather than the browser's for a time before `min`
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            type="datetime-local"
            label="Waktu (WIB)"
            description="Percakapan kembali terbuka pada waktu ini, atau lebih awal bila pelanggan membalas."
            min={min}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
            data-testid="snooze-time-input"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" data-testid="snooze-time-submit">
              {INBOX_MESSAGES.snooze}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The room header's conversation controls (issue 21): 'Ambil' for an agent on an unassigned chat;
 * 'Selesaikan' (Alt+R) and the 'Tunda' menu on an open chat, 'Buka Kembali' on a resolved or snoozed
 * one, for the owner and the chat's own agent.
 */
export function ChatStateActions({ chat, myAgentId }: { chat: Chat; myAgentId: string | null }) {
  const change = useConversationState(chat._id);
  const [picking, setPicking] = useState(false);
  const allowed = canChangeState(chat, myAgentId);
  const open = chat.conversationState === 'open';
  const toggle = () => change.mutate(open ? { state: 'resolved' } : { state: 'open' });
  useTeamShortcut('resolve', allowed && !change.isPending ? toggle : null);
  const snooze = (until: string) => change.mutate({ state: 'snoozed', snoozedUntil: until });

  return (
    <Group gap={6} wrap="nowrap" className="sapa-room-state">
      <TakeChatButton chat={chat} place="header" />
      {allowed ? (
        <>
          <Tooltip label={`${open ? INBOX_MESSAGES.resolve : INBOX_MESSAGES.reopen} (Alt+R)`} withArrow>
            <Button
              size="xs"
              variant={open ? 'filled' : 'light'}
              color={open ? 'brand' : 'gray'}
              leftSection={open ? <IconCheck size={16} stroke={2} /> : <IconRefresh size={16} stroke={1.8} />}
              loading={change.isPending}
              onClick={toggle}
              aria-keyshortcuts="Alt+R"
              aria-label={open ? INBOX_MESSAGES.resolve : INBOX_MESSAGES.reopen}
              data-testid={open ? 'chat-resolve' : 'chat-reopen'}
            >
              <span className="sapa-resolve-label">
                {open ? INBOX_MESSAGES.resolve : INBOX_MESSAGES.reopen}
              </span>
            </Button>
          </Tooltip>
          {open ? (
            <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Tooltip label={INBOX_MESSAGES.snooze} withArrow>
                  <ActionIcon
                    variant="default"
                    size={30}
                    aria-label="Tunda percakapan"
                    disabled={change.isPending}
                    data-testid="chat-snooze"
                  >
                    <IconClock size={18} stroke={1.8} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown data-testid="snooze-menu">
                <Menu.Label>Tunda hingga</Menu.Label>
                {snoozeChoices().map((choice) => (
                  <Menu.Item
                    key={choice.key}
                    onClick={() => snooze(choice.until)}
                    data-testid={`snooze-${choice.key}`}
                  >
                    {choice.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconCalendarTime size={16} stroke={1.7} />}
                  onClick={() => setPicking(true)}
                  data-testid="snooze-pick"
                >
                  Pilih waktu…
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </>
      ) : null}
      {picking ? (
        <PickTimeModal
          opened={picking}
          onClose={() => setPicking(false)}
          onPick={(iso) => {
            setPicking(false);
            snooze(iso);
          }}
        />
      ) : null}
    </Group>
  );
}

/** 'Ditunda hingga …' or 'Selesai' under the room's name (issue 21); nothing for an open chat. */
export function stateNote(chat: Chat, formatTime: (iso: string | null) => string): string | null {
  if (chat.conversationState === 'snoozed') return `Ditunda hingga ${formatTime(chat.snoozedUntil)}`;
  if (chat.conversationState === 'resolved') return INBOX_MESSAGES.stateResolved;
  return null;
}
