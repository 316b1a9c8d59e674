import { useEffect, useState } from 'react';
import { Anchor, Button, Divider, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canAssign, canUnassign, formatDateTimeLong, formatPhone, type Chat } from '@sapa/contracts';
import { AppAvatar } from '../../../components/app-avatar';
import { ChannelIcon } from '../../../components/channel-icon';
import { contactName } from '../chat-row';
import { PagedCheckList } from '../pickers/paged-check-list';
import { usePagedOptions } from '../pickers/use-paged-options';
import { EditableField } from './editable-field';
import { RelatedChats } from './related-chats';
import { useAssignFromDrawer, useUnassign, useUpdateContact } from './use-chat-actions';

export interface ChatInfoDrawerProps {
  chat: Chat;
  opened: boolean;
  onClose: () => void;
  /** the signed-in agent, null for the owner */
  myAgentId: string | null;
}

function Heading({ children }: { children: string }) {
  return (
    <Text size="sm" fw={500}>
      {children}
    </Text>
  );
}

function NoteEditor({ chat }: { chat: Chat }) {
  const update = useUpdateContact(chat._id);
  const [note, setNote] = useState(chat.contact.note);
  useEffect(() => setNote(chat.contact.note), [chat.contact.note]);
  const changed = note.trim() !== chat.contact.note.trim();
  return (
    <Stack gap={6}>
      <Textarea
        label="Catatan"
        placeholder="Percakapan belum memiliki catatan"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        data-testid="drawer-note"
      />
      {changed ? (
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={() => setNote(chat.contact.note)}>
            Batal
          </Button>
          <Button
            size="xs"
            loading={update.isPending}
            onClick={() => update.mutate({ note: note.trim() })}
            data-testid="drawer-note-save"
          >
            Simpan Catatan
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function LabelPicker({ chat, opened }: { chat: Chat; opened: boolean }) {
  const query = usePagedOptions('label', opened);
  const update = useUpdateContact(chat._id);
  const options = query.data?.pages.flatMap((p) => p.docs) ?? [];
  // ticks move at once; the chat's own labels (after the save or a realtime change) take over again
  const [selected, setSelected] = useState(chat.contact.labelIds);
  useEffect(() => setSelected(chat.contact.labelIds), [chat.contact.labelIds]);
  return (
    <Stack gap={6}>
      <Heading>Label</Heading>
      <PagedCheckList
        label="Label"
        options={options}
        loading={query.isPending && query.fetchStatus !== 'idle'}
        hasMore={!!query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        selected={selected}
        onToggle={(id) => {
          const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
          setSelected(next);
          update.mutate({ labelIds: next }, { onError: () => setSelected(chat.contact.labelIds) });
        }}
        empty={
          <>
            Anda belum menambahkan Label.{' '}
            <Anchor component={Link} to="/user/setting/label" size="sm" underline="always">
              Tambah Label
            </Anchor>
          </>
        }
        testId="drawer-labels"
      />
    </Stack>
  );
}

function AgentPicker({ chat, opened, myAgentId }: { chat: Chat; opened: boolean; myAgentId: string | null }) {
  const query = usePagedOptions('agent', opened);
  const assign = useAssignFromDrawer(chat._id);
  const unassign = useUnassign(chat._id);
  const actor = { agentId: myAgentId };
  // spec §4: the agent control is hidden for agents once the chat has an agent; an agent may only take it
  const showPicker = myAgentId === null || chat.agentId === null;
  const options = (query.data?.pages.flatMap((p) => p.docs) ?? []).filter(
    (o) => myAgentId === null || o._id === myAgentId,
  );
  return (
    <Stack gap={6}>
      <Heading>Agen</Heading>
      {chat.agent ? (
        <Text size="sm" data-testid="drawer-agent-current">
          Diassign ke <strong>{chat.agent.name}</strong>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Belum diassign
        </Text>
      )}
      {showPicker ? (
        <PagedCheckList
          label="Agen"
          single
          options={options}
          loading={query.isPending && query.fetchStatus !== 'idle'}
          hasMore={!!query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
          selected={chat.agentId ? [chat.agentId] : []}
          disabled={assign.isPending}
          onToggle={(id) => {
            if (id !== chat.agentId && canAssign(actor, chat, id)) assign.mutate(id);
          }}
          empty={
            myAgentId ? (
              'Tidak ada Agen'
            ) : (
              <>
                Anda belum mempunyai Agen.{' '}
                <Anchor component={Link} to="/user/agent" size="sm" underline="always">
                  Tambah Agen
                </Anchor>
              </>
            )
          }
          testId="drawer-agents"
        />
      ) : null}
      {canUnassign(actor, chat) ? (
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconUserMinus size={16} />}
          loading={unassign.isPending}
          onClick={() => unassign.mutate()}
          style={{ alignSelf: 'flex-start' }}
          data-testid="drawer-unassign"
        >
          Hapus Assign
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * spec §2 'Info Percakapan': picture; editable name and number; the note; labels; the agent and the
 * unassign button; first and last message times (DD MMMM YYYY HH:mm).
 */
export function ChatInfoDrawer({ chat, opened, onClose, myAgentId }: ChatInfoDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={360}
      title="Info Percakapan"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <ChatInfoContent chat={chat} opened={opened} myAgentId={myAgentId} testId="chat-info-drawer" />
    </Drawer>
  );
}

/**
 * The content of 'Info Percakapan', in the drawer or docked beside the chat on wide screens
 * (issue 21), with the contact's other conversations across numbers at the end.
 */
export function ChatInfoContent({
  chat,
  opened,
  myAgentId,
  testId,
}: {
  chat: Chat;
  /** the pickers load their options once shown */
  opened: boolean;
  myAgentId: string | null;
  testId: string;
}) {
  const update = useUpdateContact(chat._id);
  const name = contactName(chat);
  return (
    <Stack gap="md" data-testid={testId}>
      <Stack align="center" gap={6}>
        <AppAvatar src={chat.senderPicture} name={name} size={72} />
        <Group gap={6}>
          <ChannelIcon type={chat.account.type} size={14} />
          <Text size="xs" c="dimmed">
            {chat.account.label.name}
          </Text>
        </Group>
      </Stack>
      <EditableField
        label="Nama"
        value={chat.contact.name}
        validate={(v) => (v ? null : 'Nama Kontak tidak valid')}
        onSave={(value) => update.mutateAsync({ name: value })}
        testId="drawer-name"
      />
      <EditableField
        label="Nomor Telepon"
        value={chat.contact.phoneNumber}
        inputMode="numeric"
        validate={(v) => (/^\d{0,20}$/.test(v) && !v.startsWith('0') ? null : 'Nomor Telepon tidak valid')}
        onSave={(value) => update.mutateAsync({ phoneNumber: value })}
        format={formatPhone}
        testId="drawer-phone"
      />
      <NoteEditor chat={chat} />
      <Divider />
      <LabelPicker chat={chat} opened={opened} />
      <Divider />
      <AgentPicker chat={chat} opened={opened} myAgentId={myAgentId} />
      <Divider />
      <Group grow align="flex-start">
        <div>
          <Text size="xs" c="dimmed">
            Pesan Pertama
          </Text>
          <Text size="sm" data-testid="drawer-first-message">
            {formatDateTimeLong(chat.createdAt)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Pesan Terakhir
          </Text>
          <Text size="sm" data-testid="drawer-last-message">
            {formatDateTimeLong(chat.lastMessage?.sendAt ?? null)}
          </Text>
        </div>
      </Group>
      <Divider />
      <RelatedChats chatId={chat._id} />
    </Stack>
  );
}
